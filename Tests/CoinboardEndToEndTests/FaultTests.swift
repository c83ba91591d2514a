import DemoExchange
import ExchangeTestSupport
import Foundation
import MarketCore
import TestFixtures
import Testing

extension TimedEndToEndTests {
    /// The pipeline through `coinboard snapshot` when the exchange misbehaves: restarts, silence,
    /// malformed frames.
    @Suite(.serialized) struct FaultTests {
        typealias Endpoint = SnapshotExactnessTests.Endpoint

        static func logFile() -> String {
            FileManager.default.temporaryDirectory.appendingPathComponent("coinboard-test-\(UUID().uuidString).log").path
        }

        static func replayArguments(_ port: Int, exchange: String = "bithumb") -> [String] {
            ["--exchange", exchange, "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "http://127.0.0.1:\(port)"]
        }

        static let listing: [String: [UInt8]] = {
            ["/v1/market/all": (try? Fixture.json("bithumb-v2-rest-market-all-ccxt-1.jsonc")) ?? []]
        }()

        @Test(
            "the exchange restarts mid-stream: reconnected and exact again within 3 s, never a crossed book",
            arguments: Endpoint.allCases)
        func restart(endpoint: Endpoint) async throws {
            let start = SnapshotExactnessTests.startOfRun()
            let log = Self.logFile()
            defer { try? FileManager.default.removeItem(atPath: log) }
            let first = try makeDemoExchange(markets: 40, timeline: .running(from: start, for: .zero), exchanges: [endpoint.exchange])
            let (ports, announce) = AsyncStream.makeStream(of: Int.self)
            let firstRun = Task { try await first.run { announce.yield($0) } }
            defer { firstRun.cancel() }
            var listening = ports.makeAsyncIterator()
            let port = try #require(await listening.next())
            let launched = ContinuousClock.now
            let snapshot = Task {
                try await SnapshotOutput.capture(
                    endpoint.arguments(port: port) + [
                        "--markets", "BTC,ETH", "--duration", "10", "--log-file", log,
                    ])
            }
            let connectDeadline = ContinuousClock.now + .seconds(60)
            while await first.statistics().clients == 0, ContinuousClock.now < connectDeadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await first.statistics().clients == 1)
            let later = DemoTimeline.running(from: start.advanced(byMicroseconds: 20_000_000), for: .zero)
            let restarted = try makeDemoExchange(markets: 40, timeline: later, port: port, exchanges: [endpoint.exchange])
            try await Task.sleep(until: launched + .seconds(1))
            firstRun.cancel()
            // The new exchange takes the port as soon as the old one has let it go.
            let restartedRun = Task {
                for _ in 0..<400 where !Task.isCancelled {
                    do { try await restarted.run() } catch { try await Task.sleep(for: .milliseconds(10)) }
                }
            }
            defer { restartedRun.cancel() }
            let output = try await snapshot.value
            let state = try #require(await restarted.state(of: endpoint.exchange))
            #expect(output.connection.state == "live")
            #expect(output.connection.reconnects == 1)
            #expect(!output.hasCrossedBook)
            output.expectEqual(
                to: state, focus: [MarketCode(code: "KRW-BTC")!, MarketCode(code: "KRW-ETH")!], depth: 15,
                tradeCount: 20, rules: endpoint.rules)
            let logged = try String(contentsOfFile: log, encoding: .utf8)
            #expect(logged.contains("connection lost"))
            #expect(logged.contains("reconnected"))
            #expect(!logged.contains("crossedBook"))
        }

        @Test("the exchange goes silent: stale within the keepalive window, then a reconnect")
        func silence() async throws {
            let frames = [try Fixture.bytes("upbit-ws-orderbook-snapshot-1.json")]
            let replay = ReplayExchange(bodies: Self.listing, frames: frames, ending: .silence)
            let log = Self.logFile()
            defer { try? FileManager.default.removeItem(atPath: log) }
            try await replay.serve { port in
                let output = try await SnapshotOutput.capture(
                    Self.replayArguments(port, exchange: "upbit") + [
                        "--markets", "BTC", "--keepalive", "0.5", "--duration", "6", "--log-file", log,
                    ])
                #expect(output.connection.reconnects >= 1)
                #expect(replay.connections >= 2)
                #expect(output.orderbooks["KRW-BTC"]?.asks.isEmpty == false)
            }
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
            let stale = try #require(lines.firstIndex { $0.contains("connection stale") })
            let lost = try #require(lines.firstIndex { $0.contains("connection lost") && $0.contains("no market data") })
            let back = try #require(lines.firstIndex { $0.contains("reconnected") })
            #expect(stale < lost && lost < back)
        }

        @Test("malformed frames interleaved: counted in decodeErrors, the good state intact")
        func malformedFrames() async throws {
            let frames: [[UInt8]] = [
                try Fixture.bytes("upbit-ws-orderbook-snapshot-1.json"),
                Array(#"{"type":"orderbook","code":"KRW-BTC","timest"#.utf8),
                try Fixture.lines("upbit-ws-ticker-1.jsonl")[0],
                Array(#"{"type":"candle","code":"KRW-BTC"}"#.utf8),
                try Fixture.bytes("upbit-ws-orderbook-realtime-1.json"),
                Array(#"{"type":"ticker","code":"KRW-BTC","trade_price":"abc"}"#.utf8),
                try Fixture.lines("upbit-ws-ticker-1.jsonl")[1],
                try Fixture.bytes("upbit-ws-trade-2022-1.json"),
            ]
            let replay = ReplayExchange(bodies: Self.listing, frames: frames, ending: .silence)
            try await replay.serve { port in
                let output = try await SnapshotOutput.capture(
                    Self.replayArguments(port, exchange: "upbit") + [
                        "--markets", "BTC", "--duration", "8",
                    ])
                #expect(output.connection.decodeErrors == 3)
                #expect(output.connection.state == "live")
                try UpbitReplayTests.expectReplayedState(output)
            }
        }
    }
}

/// Upbit: the pipeline against a server replaying captured Upbit frames.
@Suite struct UpbitReplayTests {
    /// Checks that `output` holds exactly what the replayed Upbit fixtures say: the realtime
    /// book, the second ticker and the trade.
    static func expectReplayedState(_ output: SnapshotOutput, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let book = try FixtureText("upbit-ws-orderbook-realtime-1.json")
        let ticker = try FixtureText(String(decoding: try Fixture.lines("upbit-ws-ticker-1.jsonl")[1], as: UTF8.self))
        let trade = try FixtureText("upbit-ws-trade-2022-1.json")
        let shown = try #require(output.orderbooks["KRW-BTC"], sourceLocation: sourceLocation)
        #expect(
            shown.asks == zip(book.numbers("ask_price"), book.numbers("ask_size")).map(SnapshotOutput.Level.init),
            sourceLocation: sourceLocation)
        #expect(
            shown.bids == zip(book.numbers("bid_price"), book.numbers("bid_size")).map(SnapshotOutput.Level.init),
            sourceLocation: sourceLocation)
        #expect(
            shown.timestamp == Timestamp(milliseconds: Int64(book.numbers("timestamp")[0])!).iso8601,
            sourceLocation: sourceLocation)
        let row = try #require(output.market("KRW-BTC"), sourceLocation: sourceLocation)
        #expect(row.nameKo == "비트코인" && row.nameEn == "Bitcoin", sourceLocation: sourceLocation)
        #expect(row.price == ticker.numbers("trade_price")[0], sourceLocation: sourceLocation)
        #expect(row.change == "even" && row.changeRate == "0" && row.changePrice == "0", sourceLocation: sourceLocation)
        #expect(row.tradeValue24h == ticker.numbers("acc_trade_price_24h")[0], sourceLocation: sourceLocation)
        #expect(row.volume24h == ticker.numbers("acc_trade_volume_24h")[0], sourceLocation: sourceLocation)
        #expect(
            row.high == ticker.numbers("high_price")[0] && row.low == ticker.numbers("low_price")[0],
            sourceLocation: sourceLocation)
        let trades = output.trades["KRW-BTC"] ?? []
        #expect(
            trades == [
                SnapshotOutput.TradeRow(
                    time: Timestamp(milliseconds: Int64(trade.numbers("trade_timestamp")[0])!).iso8601,
                    price: trade.numbers("trade_price")[0],
                    quantity: trade.numbers("trade_volume")[0], side: "sell")
            ],
            sourceLocation: sourceLocation)
    }

    @Test("snapshot, realtime, ticker and trade frames replayed: the output is exactly what they say")
    func replay() async throws {
        let frames =
            [
                try Fixture.bytes("upbit-ws-orderbook-snapshot-1.json"),
                try Fixture.bytes("upbit-ws-orderbook-realtime-1.json"),
            ] + (try Fixture.lines("upbit-ws-ticker-1.jsonl")) + [try Fixture.bytes("upbit-ws-trade-2022-1.json")]
        let replay = ReplayExchange(bodies: TimedEndToEndTests.FaultTests.listing, frames: frames, ending: .silence)
        try await replay.serve { port in
            let output = try await SnapshotOutput.capture(
                TimedEndToEndTests.FaultTests.replayArguments(port, exchange: "upbit") + [
                    "--markets", "BTC", "--duration", "8",
                ])
            #expect(output.exchange == "upbit")
            #expect(output.connection.decodeErrors == 0)
            #expect(output.connection.messages == frames.count)
            try Self.expectReplayedState(output)
        }
    }
}

/// A fixture's text, read with plain string matching (not the codecs under test): each
/// numeric field's values in order, written as exact decimals.
struct FixtureText {
    let text: String

    init(_ nameOrText: String) throws {
        text = nameOrText.hasPrefix("{") ? nameOrText : String(decoding: try Fixture.bytes(nameOrText), as: UTF8.self)
    }

    func numbers(_ key: String) -> [String] {
        let pattern = "\"\(key)\":([-0-9.Ee+]+)"
        let regex = try? NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return (regex?.matches(in: text, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Decimal(string: String(text[$0])) }.map { "\($0)" }
        }
    }
}

/// What the user sees when `coinboard snapshot` cannot work.
@Suite struct SnapshotFailureTests {
    @Test("nothing reachable: one line on stderr naming the endpoint and the reason, exit 1")
    func nothingReachable() async throws {
        let outcome = try await CoinboardProcess.run([
            "snapshot", "--ws-url", "ws://127.0.0.1:9/websocket/v1", "--rest-url", "http://127.0.0.1:9", "--duration", "3",
        ])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("coinboard: nothing could be fetched from ws://127.0.0.1:9/websocket/v1: ") == true)
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test(
        "bad options: one line on stderr and a non-zero exit",
        arguments: [
            ["snapshot", "--ws-url", "http://127.0.0.1:1/x"],
            ["snapshot", "--rest-url", "ws://127.0.0.1:1"],
            ["snapshot", "--markets", "BTC,??"],
            ["snapshot", "--exchange", "binance"],
            ["snapshot", "--demo", "--ws-url", "ws://127.0.0.1:1/websocket/v1"],
            ["snapshot", "--candles", "2m"],
            ["snapshot", "--depth", "0"],
            ["snapshot", "--demo", "--impact", "lots"],
        ])
    func badOptions(arguments: [String]) async throws {
        let outcome = try await CoinboardProcess.run(arguments)
        #expect(outcome.status != 0)
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("coinboard: "))
        #expect(outcome.standardOutput.isEmpty)
    }
}
