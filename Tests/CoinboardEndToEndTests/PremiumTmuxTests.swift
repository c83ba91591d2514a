import Foundation
import Testing

extension TimedEndToEndTests.DashboardTmuxTests {
    /// The premium column's figures, top row first: `+1.27%` → 1.27; `—` rows left out.
    static func premiums(_ screen: String) -> [Double] {
        screen.split(separator: "\n").dropFirst(2).compactMap { line in
            line.firstMatch(of: /\s([+-]?\d+\.\d\d)%\s+[\d,]+\s*$/).flatMap { Double($0.1) }
        }
    }

    /// The port `server` (a `serve-demo`) listens on.
    static func port(of server: ServerProcess) async throws -> Substring {
        try #require(try await server.firstLine()?.firstMatch(of: /127\.0\.0\.1:(\d+)/)).1
    }

    /// The dashboard in tmux on the `serve-demo` at `port` (Bithumb and the premium's reference),
    /// the won–dollar rate read from `forex`, with `options` more; its files in `run`'s folder.
    static func premiumDashboard(port: Substring, forex: String, options: String = "", width: Int, in run: Run) async throws -> TmuxSession {
        let local = "127.0.0.1:\(port)"
        return try await TmuxSession.start(
            try run.command(
                "--ws-url ws://\(local)/websocket/v1 --rest-url http://\(local) --ws-url binance=ws://\(local)/binance/stream "
                    + "--rest-url binance=http://\(local)/binance --rest-url fx=\(forex) \(options) --candle-cache off "
                    + "--watchlist \(run.folder)/watchlist.json --log-file \(run.folder)/log"), width: width, height: 45)
    }

    /// The kimchi premium against `serve-demo` (Bithumb, Binance and the forex quote from one
    /// world): the column and its sort, the status bar's reference and rate, the detail header's
    /// reference line, a premium alert that fires once, Binance's trades and chart of the coin
    /// (`r`); `q` exits 0 with the terminal restored.
    @Test func thePremiumColumnSortDetailAndAlert() async throws {
        let server = try ServerProcess(["serve-demo", "--port", "0", "--seed", "5", "--markets", "40", "--rate", "100"])
        defer { server.stop() }
        let port = try await Self.port(of: server)
        let run = try Run()
        defer { run.remove() }
        let tmux = try await Self.premiumDashboard(port: port, forex: "http://127.0.0.1:\(port)/fx", width: 150, in: run)
        defer { tmux.kill() }
        let live = try await tmux.waitForScreen("the board with premiums, the reference live and the rate read") { screen in
            screen.contains("김프 바이낸스 ● live") && screen.contains("환율 1,") && Self.premiums(screen).count > 10
        }
        #expect(live.contains("두나무"), "the rate from the forex quote")
        for key in ["변동률", "인기순", "체결강도", "김프"] {
            try await tmux.send("s")
            try await tmux.waitForScreen("sorted by \(key)") { $0.contains("정렬: \(key)▼") }
        }
        let sorted = try await tmux.waitForScreen("the rows by premium, highest first") { screen in
            screen.contains("정렬: 김프▼") && Self.premiums(screen).count > 10
        }
        let figures = Self.premiums(sorted)
        #expect(figures == figures.sorted(by: >), "\(figures)")
        try await tmux.send("Enter")
        let detail = try await tmux.waitForScreen("the detail header's reference line") { $0.contains("바이낸스 $") && $0.contains("· 김프 ") }
        #expect(detail.split(separator: "\n").prefix(3).contains { $0.contains("₩") })
        try await tmux.send("a")
        try await tmux.sendText("p>-100")
        try await tmux.send("Enter")
        let path = run.folder + "/watchlist.json"
        var written: (favorites: [String], alerts: [[String: Any]])?
        for _ in 0..<600 where written?.alerts.first?["firedAt"] as? String == nil {
            try await Task.sleep(for: .milliseconds(100))
            written = FileManager.default.fileExists(atPath: path) ? TimedEndToEndTests.WatchlistTmuxTests.contents(of: path) : nil
        }
        let saved = try #require(written, "the watchlist saved with the alert fired")
        #expect(saved.alerts.count == 1 && saved.alerts.first?["kind"] as? String == "premiumAbove")
        let firedAt = try #require(saved.alerts.first?["firedAt"] as? String)
        // The status bar's word may give way to another notice (the demo lists new coins): the list keeps it.
        try await tmux.send("A")
        try await tmux.waitForScreen("the alert listed as fired") { $0.contains("김프 ≥ -100%") && $0.contains("발동 ") }
        try await tmux.send("Escape")
        #expect(TimedEndToEndTests.WatchlistTmuxTests.contents(of: path)?.alerts.first?["firedAt"] as? String == firedAt, "fired once")
        // r: Binance's own trades and candles of the coin, streamed and fetched for the view.
        try await tmux.send("r")
        try await tmux.waitForScreen("Binance's trades and candles of the coin in USDT") { screen in
            screen.contains("체결 · 바이낸스 USDT") && screen.contains("차트 · 바이낸스 USDT") && !screen.contains("체결 없음")
                && !screen.contains("캔들 없음")
        }
        try await tmux.send("r")
        try await tmux.waitForScreen("the exchange's own again") { !$0.contains("바이낸스 USDT") && $0.contains("체결") }
        try await tmux.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }

    /// The forex quote down, then back: the status bar labels the exchange's KRW-USDT standing in
    /// for the rate, then goes back to Dunamu's quote once a second `serve-demo` answers on the
    /// port the rate is read from (`--rate-refresh 1` reads it every second).
    @Test func theRateFallsBackToTetherAndComesBack() async throws {
        let server = try ServerProcess(["serve-demo", "--port", "0", "--seed", "5", "--markets", "40", "--rate", "100"])
        defer { server.stop() }
        let port = try await Self.port(of: server)
        // A port known to be free: a server's, stopped; the rate is read from it while it is down.
        let forexServer = try ServerProcess(["serve-demo", "--port", "0", "--markets", "5", "--rate", "10"])
        let forexPort = try await Self.port(of: forexServer)
        try await forexServer.terminate()
        let run = try Run()
        defer { run.remove() }
        let tmux = try await Self.premiumDashboard(
            port: port, forex: "http://127.0.0.1:\(forexPort)/fx", options: "--rate-refresh 1 --request-timeout 1", width: 170, in: run)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the exchange's KRW-USDT standing in for the rate, labelled") { screen in
            screen.contains("김프 바이낸스 ● live") && screen.contains("테더 환율(빗썸)") && Self.premiums(screen).count > 10
        }
        // Tether stands in before the first read too: the quote comes back only once a read has failed.
        let log = run.folder + "/log"
        for _ in 0..<1200 where !((try? String(contentsOfFile: log, encoding: .utf8))?.contains("won–dollar rate not read") ?? false) {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("won–dollar rate not read"), "a read failed")
        let forexAgain = try ServerProcess(["serve-demo", "--port", String(forexPort), "--markets", "5", "--rate", "10"])
        defer { forexAgain.stop() }
        _ = try await forexAgain.firstLine()
        let back = try await tmux.waitForScreen("Dunamu's quote back") { $0.contains("두나무") }
        #expect(!back.contains("테더 환율("))
        try await tmux.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }
}
