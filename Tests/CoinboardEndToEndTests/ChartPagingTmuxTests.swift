import Foundation
import Testing

extension TimedEndToEndTests.DashboardTmuxTests {
    /// The candles the chart's title says it is scrolled back (`-N`), 0 at the newest.
    static func scrolledBack(_ screen: String) -> Int {
        guard let title = screen.split(separator: "\n").first(where: { $0.contains("1m 3m 5m") }),
            let match = title.firstMatch(of: /24h  -(\d+)/)
        else { return 0 }
        return Int(match.1) ?? 0
    }

    /// The detail view's chart scrolled back 1,000 one-minute candles on the demo exchange
    /// (`serve-demo`, a week of history): each page before the oldest candle held is fetched
    /// as the chart comes near it, with a marker in the title while it loads (seen with the
    /// exchange paused); then `q` quits cleanly.
    @Test func theChartScrollsBackAThousandCandlesPageByPage() async throws {
        let server = try ServerProcess(["serve-demo", "--port", "0", "--seed", "11", "--markets", "20", "--rate", "100"])
        defer { server.stop() }
        let line = try #require(try await server.firstLine())
        let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/)).1
        let run = try Run()
        defer { run.remove() }
        let tmux = try await TmuxSession.start(
            try run.command(
                "--ws-url ws://127.0.0.1:\(port)/websocket/v1 --rest-url http://127.0.0.1:\(port) --candle-cache off --log-file \(run.folder)/log"
            ), width: 140, height: 45)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the live KRW table") { $0.contains("비트코인") && $0.contains("● live") }
        try await tmux.send("Enter")
        try await tmux.waitForScreen("BTC's chart") { $0.contains("1m 3m 5m") && $0.contains("┃") }

        server.pause()
        try await tmux.send("Home")
        let loading = try await tmux.waitForScreen("the loading marker while the exchange is paused") { $0.contains("◀ 불러오는 중…") }
        #expect(Self.scrolledBack(loading) > 0)
        server.resume()

        // Home again once a page has come (or, when one was lost to the pause, asks again).
        var back = Self.scrolledBack(loading)
        for _ in 0..<400 where back < 1000 {
            try await tmux.send("Home")
            let before = back
            for _ in 0..<100 where back == before {
                try await Task.sleep(for: .milliseconds(100))
                back = Self.scrolledBack(try await tmux.screen())
            }
        }
        let far = try await tmux.waitForScreen("the chart 1,000 candles back, drawn") { screen in
            Self.scrolledBack(screen) >= 1000 && screen.contains("┃") && !screen.contains("한도") && !screen.contains("기록 시작")
        }
        #expect(Self.scrolledBack(far) >= 1000)
        try await tmux.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }

    /// A candle cache that cannot be opened (its folder is a file) is said in the status bar,
    /// still there once the feed is live, and the chart works from memory.
    @Test func anUnwritableCandleCacheIsSaidAndTheChartWorksFromMemory() async throws {
        let run = try Run()
        defer { run.remove() }
        FileManager.default.createFile(atPath: run.folder + "/file", contents: Data("x".utf8))
        let tmux = try await TmuxSession.start(
            try run.command("--demo --candle-cache \(run.folder)/file/candles.sqlite --log-file \(run.folder)/log"), width: 140, height: 45)
        defer { tmux.kill() }
        let live = try await tmux.waitForScreen("the live KRW table") { $0.contains("비트코인") && $0.contains("● live") }
        #expect(live.contains("candle cache off, charts from memory: "), "\(live)")
        try await tmux.send("Enter")
        try await tmux.waitForScreen("BTC's chart from memory") { $0.contains("1m 3m 5m") && $0.contains("┃") }
        try await tmux.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }
}
