import ExchangeTestSupport
import Foundation
import MarketCore
import Testing

extension TimedEndToEndTests {
    /// `coinboard replay` and `--replay`: a recording made from a demo exchange on loopback,
    /// played back through the same pipeline into `snapshot` and into the dashboard in tmux.
    @Suite(.serialized) struct ReplayTests {
        /// A recording of 1.5 s of a 10-market demo exchange with KRW-BTC in view, once its data flows.
        static func record(to path: String) async throws {
            try await withDemoExchange(markets: 10, rate: 200) { _, port in
                let outcome = try await CoinboardProcess.run([
                    "record", "--exchange", "bithumb", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1",
                    "--rest-url", "http://127.0.0.1:\(port)", "--markets", "BTC", "--duration", "1.5", "--wait", "120", "--out", path,
                ])
                #expect(outcome.status == 0, "\(outcome.standardError)")
            }
        }

        /// The recorded frames, parsed.
        static func frames(in path: String) throws -> [[String: Any]] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
                let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                guard let frame = entry?["frame"] as? String else { return nil }
                return try JSONSerialization.jsonObject(with: Data(frame.utf8)) as? [String: Any]
            }
        }

        static func snapshot(_ arguments: [String]) async throws -> [String: Any] {
            let outcome = try await CoinboardProcess.run(["snapshot", "--markets", "BTC"] + arguments)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        }

        @Test func aReplayEndsInTheStateTheRecordingEndedIn() async throws {
            let path = NSTemporaryDirectory() + "coinboard-replay-\(UUID().uuidString).jsonl"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await Self.record(to: path)
            let frames = try Self.frames(in: path)
            let report = try await Self.snapshot(["--replay", path, "--speed", "0", "--duration", "60"])

            #expect(report["exchange"] as? String == "replay")
            let connection = try #require(report["connection"] as? [String: Any])
            #expect(connection["messages"] as? Int == frames.count, "every recorded frame was played once")
            #expect(connection["decodeErrors"] as? Int == 0)
            let markets = try #require(report["markets"] as? [[String: Any]])
            #expect(markets.count == 10)
            #expect(markets.allSatisfy { !($0["nameKo"] as? String ?? "").isEmpty }, "names come from the recorded listing")

            let lastTicker = try #require(frames.last { $0["type"] as? String == "ticker" && $0["code"] as? String == "KRW-BTC" })
            let btc = try #require(markets.first { $0["code"] as? String == "KRW-BTC" })
            #expect(btc["price"] as? String == "\(lastTicker["trade_price"]!)")

            let lastBook = try #require(frames.last { $0["type"] as? String == "orderbook" && $0["code"] as? String == "KRW-BTC" })
            let units = try #require(lastBook["orderbook_units"] as? [[String: Any]])
            let books = try #require(report["orderbooks"] as? [String: Any])
            let book = try #require(books["KRW-BTC"] as? [String: Any])
            let asks = try #require(book["asks"] as? [[String: Any]])
            #expect(asks.first?["price"] as? String == "\(units[0]["ask_price"]!)")
        }

        @Test func aRecordingOfTwoExchangesTagsEachLineAndReplaysBothSideBySide() async throws {
            let path = NSTemporaryDirectory() + "coinboard-replay-\(UUID().uuidString).jsonl"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await withDemoExchange(markets: 10, rate: 200, exchanges: [.bithumb, .upbit]) { _, port in
                let outcome = try await CoinboardProcess.run([
                    "record", "--exchange", "bithumb,upbit",
                    "--ws-url", "bithumb=ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "bithumb=http://127.0.0.1:\(port)",
                    "--ws-url", "upbit=ws://127.0.0.1:\(port)/upbit/websocket/v1", "--rest-url", "upbit=http://127.0.0.1:\(port)/upbit",
                    "--markets", "BTC", "--duration", "1.5", "--wait", "120", "--out", path,
                ])
                #expect(outcome.status == 0, "\(outcome.standardError)")
            }
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.first == #"{"coinboard":"recording","feeds":{"bithumb":"bithumb","upbit":"upbit"},"version":3}"#)
            let entries = lines.dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            let tags = entries.compactMap { $0["exchange"] as? String }
            #expect(tags.count == entries.count, "every line names its exchange")
            #expect(Set(tags) == ["bithumb", "upbit"])
            let outcome = try await CoinboardProcess.run(["snapshot", "--replay", path, "--speed", "0", "--duration", "60", "--markets", "BTC"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let report = try JSONDecoder().decode(ComparisonOutput.self, from: Data(outcome.standardOutput.utf8))
            for exchange in ["bithumb", "upbit"] {
                let document = try #require(report.exchanges[exchange])
                #expect(document.markets.count >= 9, "\(exchange)")
                #expect(document.connection.decodeErrors == 0, "\(exchange)")
                #expect(document.connection.messages == tags.indices.filter { tags[$0] == exchange && entries[$0]["frame"] != nil }.count)
                #expect(document.orderbooks["KRW-BTC"] != nil, "\(exchange)")
            }
            #expect(!report.comparison.isEmpty)
        }

        @Test(
            "a recording with the premium's reference names it in a version 3 header, carries the rate's answers and replays the premium; as version 2 it replays without"
        )
        func aRecordingCarriesThePremiumsReference() async throws {
            let path = NSTemporaryDirectory() + "coinboard-replay-\(UUID().uuidString).jsonl"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await withDemoExchange(markets: 20, rate: 200) { _, port in
                let local = "127.0.0.1:\(port)"
                let outcome = try await CoinboardProcess.run([
                    "record", "--ws-url", "bithumb=ws://\(local)/websocket/v1", "--rest-url", "bithumb=http://\(local)",
                    "--ws-url", "binance=ws://\(local)/binance/stream", "--rest-url", "binance=http://\(local)/binance",
                    "--rest-url", "fx=http://\(local)/fx", "--markets", "BTC", "--duration", "2", "--wait", "120", "--out", path,
                ])
                #expect(outcome.status == 0, "\(outcome.standardError)")
            }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines.first == #"{"coinboard":"recording","feeds":{"binance":"binance","bithumb":"bithumb"},"reference":"binance","version":3}"#)
            #expect(lines.contains { $0.contains(#""rate":"#) }, "the rate's answer")
            let report = try await SnapshotOutput.capture(["--replay", path, "--speed", "0", "--duration", "60"])
            #expect(report.fx?.source == "dunamu")
            #expect(report.reference?.connection?.messages ?? 0 > 0)
            #expect(report.premium?.isEmpty == false)
            let version2 =
                [#"{"coinboard":"recording","feeds":{"bithumb":"bithumb"},"version":2}"#]
                + lines.dropFirst().filter { $0.contains(#""exchange":"bithumb""#) }.map(String.init)
            try version2.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let older = try await SnapshotOutput.capture(["--replay", path, "--speed", "0", "--duration", "60"])
            #expect(older.markets.count == 20)
            #expect(older.reference?.off == "the recording holds no reference")
            #expect(older.premium?.isEmpty == true)
        }

        @Test func aVersionOneRecordingStillReplays() async throws {
            let path = NSTemporaryDirectory() + "coinboard-replay-\(UUID().uuidString).jsonl"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await Self.record(to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let version1 = text.split(separator: "\n").enumerated().map { index, line in
                index == 0
                    ? #"{"coinboard":"recording","dialect":"bithumb","version":1}"#
                    : line.replacingOccurrences(of: #","exchange":"bithumb""#, with: "")
            }
            #expect(!version1.dropFirst().contains { $0.contains("exchange") })
            try version1.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let report = try await Self.snapshot(["--replay", path, "--speed", "0", "--duration", "60"])
            #expect((report["markets"] as? [[String: Any]])?.count == 10)
            #expect((report["connection"] as? [String: Any])?["messages"] as? Int == (try Self.frames(in: path)).count)
        }

        @Test func aReplayKeepsTheRecordedPaceTimesItsSpeed() async throws {
            let path = NSTemporaryDirectory() + "coinboard-replay-\(UUID().uuidString).jsonl"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await Self.record(to: path)
            let frames = try Self.frames(in: path).count
            let slow = try await Self.snapshot(["--replay", path, "--speed", "0.25", "--duration", "3"])
            let played = try #require((slow["connection"] as? [String: Any])?["messages"] as? Int)
            #expect(played > 0)
            #expect(played < frames, "a quarter-speed replay of 1.5 s (6 s) is not over after 3 s")
        }

        @Test func replayInputsThatCannotWorkAreOneLineEach() async throws {
            let bare = CoinboardProcess.fixture("bithumb-v2-ws-ticker-default-docexample-1.jsonl")
            let notRecording = try await CoinboardProcess.run(["snapshot", "--replay", bare])
            #expect(notRecording.status == 1)
            #expect(notRecording.standardError == "coinboard: \(bare) is not a recording (coinboard record writes them)\n")

            let missing = try await CoinboardProcess.run(["replay", "/nonexistent/recording.jsonl"])
            #expect(missing.status == 1)
            #expect(missing.standardError == "coinboard: cannot read /nonexistent/recording.jsonl\n")

            for arguments in [["snapshot", "--speed", "2"], ["snapshot", "--replay", bare, "--demo"], ["replay", bare, "--speed", "-1"]] {
                let outcome = try await CoinboardProcess.run(arguments)
                #expect(outcome.status == 64, "\(arguments)")
                #expect(
                    outcome.standardError.hasPrefix("coinboard: ") && outcome.standardError.filter { $0 == "\n" }.count == 1,
                    "\(arguments): \(outcome.standardError)")
            }
        }

        @Test func theDashboardPlaysARecordingAndSaysWhenItHasEnded() async throws {
            let run = try DashboardTmuxTests.Run()
            defer { run.remove() }
            let path = run.folder + "/recording.jsonl"
            try await Self.record(to: path)
            let tmux = try await TmuxSession.start(
                try run.command("replay \(path) --speed 0.5 --watchlist \(run.folder)/watchlist.json"),
                width: 140, height: 20)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the replay to show the table") { $0.contains("REPLAY") && $0.contains("비트코인") }
            try await tmux.waitForScreen("the end of the recording") { $0.contains("the recording has ended") }
            try await tmux.send("q")
            #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
        }
    }
}
