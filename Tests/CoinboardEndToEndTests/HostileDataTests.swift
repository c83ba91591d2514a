import Foundation
import Testing

extension TimedEndToEndTests {
    /// What a hostile or broken server could send, through the real binary: a recording of the
    /// demo exchange with extreme frames and bodies added, replayed into `snapshot` and into the
    /// dashboard in tmux; and fatal signals sent to a running dashboard.
    @Suite(.serialized) struct HostileDataTests {
        /// 10²⁰ − 1, the largest whole number the decimal holds.
        static let nearMaximum = "99999999999999999999"

        /// Adds to a recording (made by ``ReplayTests/record(to:)``), `gap` seconds after its
        /// last frame: a KRW-BTC book with sizes near the maximum and prices of 10¹⁵ and 10⁻¹⁸,
        /// a trade of 9×10¹⁹, tickers priced 0 and −1, and a frame of 100,000 levels; its REST
        /// book becomes 100,000 levels and its 1-minute candles hold one whose open is above its high.
        static func addHostileData(to path: String, gap: Double) throws -> (lastPrice: String, errors: Int) {
            var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            let entries = try lines.dropFirst().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
            let frames = entries.compactMap { $0["frame"] as? String }
            let lastAt = try #require(entries.compactMap { $0["at"] as? Int }.max())
            let ticker = try #require(frames.last { $0.contains(#""type":"ticker","code":"KRW-BTC""#) })
            let trade = try #require(frames.last { $0.contains(#""type":"trade","code":"KRW-BTC""#) })
            let lastPrice = try #require(ticker.firstMatch(of: /"trade_price":([0-9.]+)/)?.1)
            let at = lastAt + Int(gap * 1_000_000)
            let milliseconds = at / 1000

            let units = [("141456000", "141453000"), ("1000000000000000", "141448000"), ("0.000000000000000001", "1")]
                .map { ask, bid in #"{"ask_price":\#(ask),"bid_price":\#(bid),"ask_size":\#(nearMaximum),"bid_size":\#(nearMaximum)}"# }
            let book =
                #"{"type":"orderbook","code":"KRW-BTC","timestamp":\#(milliseconds),"orderbook_units":["#
                + units.joined(separator: ",") + "]}"
            let hugeFrame =
                #"{"type":"orderbook","code":"KRW-BTC","timestamp":\#(milliseconds),"orderbook_units":["#
                + Self.levels(100_000) + "]}"
            var hostile = try [
                book,
                trade.replacing(/"trade_volume":[0-9.]+/, with: #""trade_volume":90000000000000000000"#)
                    .replacing(/"sequential_id":[0-9]+/, with: #""sequential_id":\#(milliseconds * 10_000 + 9999)"#)
                    .replacing(/"trade_timestamp":[0-9]+/, with: #""trade_timestamp":\#(milliseconds)"#),
                ticker.replacing(/"trade_price":[0-9.]+/, with: #""trade_price":0"#),
                ticker.replacing(/"trade_price":[0-9.]+/, with: #""trade_price":-1"#),
                hugeFrame,
            ].enumerated().map { index, frame in try Self.line(["at": at + index, "frame": frame]) }

            let candles =
                #"[{"market":"KRW-BTC","candle_date_time_utc":"2026-11-25T02:00:00","opening_price":150000000,"#
                + #""high_price":141000000,"low_price":140000000,"trade_price":140500000,"candle_acc_trade_volume":1},"#
                + #"{"market":"KRW-BTC","candle_date_time_utc":"2026-11-25T02:01:00","opening_price":140500000,"#
                + #""high_price":1000000000000000,"low_price":0.000000000000000001,"trade_price":140600000,"#
                + #""candle_acc_trade_volume":\#(nearMaximum)}]"#
            hostile.append(try Self.line(["at": lastAt, "request": "/v1/candles/minutes/1?market=KRW-BTC&count=200", "body": candles]))
            let bookIndex = try #require(
                lines.firstIndex { $0.contains(#""request":"\/v1\/orderbook"#) || $0.contains(#""request":"/v1/orderbook"#) })
            lines[bookIndex] = try Self.line([
                "at": lastAt, "request": "/v1/orderbook?markets=KRW-BTC",
                "body": "[{\"market\":\"KRW-BTC\",\"timestamp\":\(lastAt / 1000 - 1000),\"orderbook_units\":["
                    + Self.levels(100_000) + "]}]",
            ])
            try (lines + hostile).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
            return (String(lastPrice), 3)
        }

        /// `count` order-book units around 141,450,000 with repeated prices.
        static func levels(_ count: Int) -> String {
            (0..<count).map { index in
                let offset = index % 70_000
                return #"{"ask_price":\#(141_456_000 + offset),"bid_price":\#(141_453_000 - offset),"ask_size":1,"bid_size":2}"#
            }.joined(separator: ",")
        }

        static func line(_ object: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }

        @Test func extremeValuesAreRejectedOrBoundedAndTheLastGoodPriceStays() async throws {
            let path = NSTemporaryDirectory() + "coinboard-hostile-\(UUID().uuidString).jsonl"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await ReplayTests.record(to: path)
            let (lastPrice, errors) = try Self.addHostileData(to: path, gap: 0)
            let report = try await ReplayTests.snapshot(["--replay", path, "--speed", "0", "--duration", "60"])

            let connection = try #require(report["connection"] as? [String: Any])
            #expect(connection["decodeErrors"] as? Int == errors, "two tickers without a positive price, one frame too large")
            let markets = try #require(report["markets"] as? [[String: Any]])
            let btc = try #require(markets.first { $0["code"] as? String == "KRW-BTC" })
            #expect(btc["price"] as? String == lastPrice, "a ticker priced 0 or -1 never replaces the last good price")
            #expect((btc["receivedAt"] as? String)?.hasSuffix("Z") == true)
            let books = try #require(report["orderbooks"] as? [String: Any])
            let book = try #require(books["KRW-BTC"] as? [String: Any])
            #expect(book["state"] as? String == "live")
            let asks = try #require(book["asks"] as? [[String: Any]])
            #expect(asks.map { $0["price"] as? String } == ["0.000000000000000001", "141456000", "1000000000000000"])
            #expect(asks.allSatisfy { $0["quantity"] as? String == Self.nearMaximum })
            let trades = try #require((report["trades"] as? [String: Any])?["KRW-BTC"] as? [[String: Any]])
            #expect(trades.contains { $0["quantity"] as? String == "90000000000000000000" })
        }

        @Test func theDashboardShowsExtremeValuesOnEveryScreenAndQuits() async throws {
            let run = try DashboardTmuxTests.Run()
            defer { run.remove() }
            let path = run.folder + "/recording.jsonl"
            try await ReplayTests.record(to: path)
            _ = try Self.addHostileData(to: path, gap: 3)
            let tmux = try await TmuxSession.start(
                try run.command("replay \(path) --speed 1 --watchlist \(run.folder)/watchlist.json --log-file \(run.folder)/log"),
                width: 140, height: 45)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the table") { $0.contains("REPLAY") && $0.contains("비트코인") }
            try await tmux.send("/", "B", "T", "C", "Enter", "Enter")
            try await tmux.waitForScreen("the detail view") { $0.contains("호가") && $0.contains("체결") }
            let ended = try await tmux.waitForScreen(timeout: .seconds(60), "the end of the recording") {
                $0.contains("the recording has ended")
            }
            #expect(ended.contains("1e-18"), "an ask of 10^-18 is shown in scientific notation:\n\(ended)")
            #expect(ended.contains("1e20"), "sizes near the maximum fit their column:\n\(ended)")
            #expect(!ended.contains("-1 "))
            for key in ["]", "]", "?", "Escape", "Escape", "Tab", "Tab", "f", "Tab"] {
                try await tmux.send(key)
                try await tmux.waitForScreen("the dashboard after \(key)") { $0.contains("REPLAY") }
            }
            try await tmux.send("q")
            #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
        }

        /// A fatal signal ends the dashboard with that signal's status and the terminal as it
        /// was: the same modes (`echo`, `icanon`…), the main screen, a visible cursor.
        @Test(arguments: [(SIGABRT, "SIGABRT"), (SIGQUIT, "SIGQUIT")])
        func aFatalSignalRestoresTheTerminalAndEndsWithThatSignal(signal: Int32, name: String) async throws {
            let run = try DashboardTmuxTests.Run()
            defer { run.remove() }
            let tmux = try await TmuxSession.start(
                try run.command("--demo --watchlist \(run.folder)/watchlist.json --log-file \(run.folder)/log", lingering: true),
                width: 100, height: 30)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the dashboard") { $0.contains("● live") }
            let drawing = TmuxSession.PaneModes(alternateScreen: true, cursorVisible: false)
            #expect(try await tmux.waitForPaneModes(drawing) == drawing)
            let pid = try #require(
                Int32(
                    String(contentsOfFile: run.pidFile, encoding: .utf8)
                        .trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, signal) == 0)
            #expect(try await run.ending() == "EXIT=\(128 + signal) RESTORED=yes\n")
            let restored = TmuxSession.PaneModes(alternateScreen: false, cursorVisible: true)
            let seen = try await tmux.waitForPaneModes(restored)
            let screen = try await tmux.screen()
            #expect(seen == restored, "\(seen) on a screen showing:\n\(screen)")
            #expect(screen.contains("coinboard: stopped by \(name) (signal \(signal))"))
            let log = try String(contentsOfFile: run.folder + "/log", encoding: .utf8)
            #expect(log.contains("coinboard: stopped by \(name)"), "the backtrace goes to the log file")
        }
    }
}
