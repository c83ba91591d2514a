import DemoExchange
import ExchangeTestSupport
import Foundation
import MarketCore
import MarketSim
import Testing

/// What `snapshot --exchange bithumb,upbit` prints: each exchange's own document and the gaps.
struct ComparisonOutput: Decodable {
    struct Row: Decodable {
        var code: String
        var prices: [String: String]
        var gap: String
        var gapPercent: String?
    }

    var capturedAt: String
    var exchanges: [String: SnapshotOutput]
    var comparison: [Row]

    static func capture(_ arguments: [String]) async throws -> ComparisonOutput {
        // The debug build's in-process demo makes a day of history for 400 markets before it
        // serves (45 s of a core on an idle machine, over 120 s on a loaded one): the snapshot may
        // wait that long for data to flow.
        let wait = arguments.contains("--wait") ? [] : ["--wait", "200"]
        let outcome = try await CoinboardProcess.run(["snapshot"] + wait + arguments, timeout: .seconds(260))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try JSONDecoder().decode(ComparisonOutput.self, from: Data(outcome.standardOutput.utf8))
    }
}

extension TimedEndToEndTests {
    /// Bithumb and Upbit side by side through the real binary: the demo exchange's one world,
    /// and one exchange restarted while the other streams on.
    @Suite(.serialized) struct ComparisonTests {
        @Test(
            "--demo --exchange bithumb,upbit: both documents whole, ≥ 100 coins on both, gaps small (the median under 1 %, 95 % under 3 %), exact and widest first"
        )
        func demoWorld() async throws {
            let output = try await ComparisonOutput.capture([
                "--demo", "--exchange", "bithumb,upbit", "--markets", "BTC", "--depth", "15", "--duration", "3",
            ])
            #expect(Set(output.exchanges.keys) == ["bithumb", "upbit"])
            for (name, document) in output.exchanges {
                #expect(document.exchange == "demo", "\(name)")
                #expect(document.connection.state == "live", "\(name): \(document.connection.lastProblem ?? "no problem said")")
                #expect(document.connection.decodeErrors == 0, "\(name)")
                #expect(document.markets.count >= 150, "\(name)")
                #expect(!document.hasCrossedBook, "\(name)")
                #expect(document.orderbooks["KRW-BTC"]?.asks.isEmpty == false, "\(name)")
                #expect(document.market("KRW-BTC")?.nameKo == "비트코인", "\(name)")
            }
            let bithumb = try #require(output.exchanges["bithumb"])
            let upbit = try #require(output.exchanges["upbit"])
            #expect(bithumb.markets.count != upbit.markets.count, "some coins are listed on one exchange only")
            let onBoth = Set(bithumb.markets.map(\.code)).intersection(upbit.markets.map(\.code))
            #expect(output.comparison.count == onBoth.count)
            #expect(output.comparison.count >= 100)
            var widths: [ExactDecimal] = []
            for row in output.comparison {
                let bithumbPrice = try #require(row.prices["bithumb"].flatMap(ExactDecimal.init))
                let upbitPrice = try #require(row.prices["upbit"].flatMap(ExactDecimal.init))
                #expect(bithumb.market(row.code)?.price == row.prices["bithumb"])
                #expect(upbit.market(row.code)?.price == row.prices["upbit"])
                let gap = PriceGap(code: try #require(MarketCode(code: row.code)), bithumb: bithumbPrice, upbit: upbitPrice)
                #expect(row.gap == gap.gap.description)
                #expect(row.gapPercent == gap.gapPercent?.description)
                let width = try #require(gap.gapPercent?.magnitude)
                #expect(width < ExactDecimal(20), "\(row.code) \(row.gapPercent ?? "-") %")
                widths.append(width)
            }
            #expect(widths == widths.sorted(by: >), "widest first")
            // One world: the gaps are small. A thin coin's last trade may have swept its book
            // a few levels deep (a 5 % gap, now and then), so the bounds are on the many.
            let byWidth = widths.reversed().map(\.doubleValue)
            #expect(byWidth[byWidth.count / 2] < 1, "the median gap: \(byWidth[byWidth.count / 2]) %")
            #expect(byWidth[byWidth.count * 95 / 100] < 3, "the 95th percentile: \(byWidth[byWidth.count * 95 / 100]) %")
            #expect(output.comparison.contains { $0.gap.hasPrefix("-") } && output.comparison.contains { !$0.gap.hasPrefix("-") && $0.gap != "0" })
        }

        @Test("both exchanges streamed, then settled: each document equals its exchange's state, as a single one does")
        func bothExact() async throws {
            let timeline = DemoTimeline.running(from: SnapshotExactnessTests.startOfRun(), for: .seconds(2))
            try await withDemoExchange(markets: 40, rate: 600, timeline: timeline, exchanges: [.bithumb, .upbit]) { exchange, port in
                let focus = ["KRW-BTC", "KRW-ETH", "KRW-XRP"].compactMap { MarketCode(code: $0) }
                let output = try await ComparisonOutput.capture([
                    "--exchange", "bithumb,upbit",
                    "--ws-url", "bithumb=ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "bithumb=http://127.0.0.1:\(port)",
                    "--ws-url", "upbit=ws://127.0.0.1:\(port)/upbit/websocket/v1", "--rest-url", "upbit=http://127.0.0.1:\(port)/upbit",
                    "--markets", "BTC,ETH,XRP", "--depth", "15", "--trades", "20", "--duration", "4",
                ])
                for (name, endpoint) in [("bithumb", SnapshotExactnessTests.Endpoint.bithumb), ("upbit", .upbit)] {
                    let document = try #require(output.exchanges[name])
                    let state = try #require(await exchange.state(of: endpoint.exchange))
                    #expect(document.connection.state == "live", "\(name)")
                    #expect(document.connection.decodeErrors == 0, "\(name)")
                    #expect(document.connection.reconnects == 0, "\(name)")
                    #expect(!document.hasCrossedBook, "\(name)")
                    document.expectEqual(to: state, focus: focus, depth: 15, tradeCount: 20, rules: endpoint.rules)
                }
                let bithumbPrices = Dictionary(
                    uniqueKeysWithValues: try #require(await exchange.state(of: .bithumb)).markets.compactMap { market in
                        output.exchanges["bithumb"]?.market(market.code.code)?.price.flatMap(ExactDecimal.init).map { (market.code, $0) }
                    })
                let upbitPrices = Dictionary(
                    uniqueKeysWithValues: try #require(await exchange.state(of: .upbit)).markets.compactMap { market in
                        output.exchanges["upbit"]?.market(market.code.code)?.price.flatMap(ExactDecimal.init).map { (market.code, $0) }
                    })
                #expect(output.comparison.map(\.code) == PriceGap.gaps(bithumb: bithumbPrices, upbit: upbitPrices).map(\.code.code))
            }
        }

        @Test("one exchange restarted: it reconnects; the other streams on without a reconnect")
        func oneSideRestarted() async throws {
            try await withDemoExchange(markets: 40) { bithumbSide, bithumbPort in
                let upbitSide = try makeDemoExchange(markets: 40, exchanges: [.upbit])
                let (ports, announce) = AsyncStream.makeStream(of: Int.self)
                let firstRun = Task { try await upbitSide.run { announce.yield($0) } }
                defer { firstRun.cancel() }
                var listening = ports.makeAsyncIterator()
                let upbitPort = try #require(await listening.next())
                let snapshot = Task {
                    try await ComparisonOutput.capture([
                        "--exchange", "bithumb,upbit",
                        "--ws-url", "bithumb=ws://127.0.0.1:\(bithumbPort)/websocket/v1",
                        "--rest-url", "bithumb=http://127.0.0.1:\(bithumbPort)",
                        "--ws-url", "upbit=ws://127.0.0.1:\(upbitPort)/upbit/websocket/v1",
                        "--rest-url", "upbit=http://127.0.0.1:\(upbitPort)/upbit",
                        "--markets", "BTC", "--duration", "5",
                    ])
                }
                let connectDeadline = ContinuousClock.now + .seconds(90)
                while ContinuousClock.now < connectDeadline {
                    let upbitClients = await upbitSide.statistics().clients
                    let bithumbClients = await bithumbSide.statistics().clients
                    if upbitClients > 0, bithumbClients > 0 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(await upbitSide.statistics().clients == 1)
                try await Task.sleep(for: .seconds(1))
                firstRun.cancel()
                let restarted = try makeDemoExchange(markets: 40, port: upbitPort, exchanges: [.upbit])
                let restartedRun = Task {
                    for _ in 0..<400 where !Task.isCancelled {
                        do { try await restarted.run() } catch { try await Task.sleep(for: .milliseconds(10)) }
                    }
                }
                defer { restartedRun.cancel() }
                let output = try await snapshot.value
                let bithumb = try #require(output.exchanges["bithumb"])
                let upbit = try #require(output.exchanges["upbit"])
                #expect(bithumb.connection.state == "live")
                #expect(bithumb.connection.reconnects == 0)
                #expect(upbit.connection.state == "live")
                #expect(upbit.connection.reconnects == 1)
                #expect(output.comparison.count >= 30)
            }
        }

        @Test("one exchange unreachable: the other's document is whole, the dead one says why, exit 0")
        func oneSideUnreachable() async throws {
            try await withDemoExchange(markets: 40) { _, port in
                let output = try await ComparisonOutput.capture([
                    "--exchange", "bithumb,upbit",
                    "--ws-url", "bithumb=ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "bithumb=http://127.0.0.1:\(port)",
                    "--ws-url", "upbit=ws://127.0.0.1:9/upbit/websocket/v1", "--rest-url", "upbit=http://127.0.0.1:9/upbit",
                    "--duration", "2", "--wait", "60",
                ])
                #expect(output.exchanges["bithumb"]?.connection.state == "live")
                #expect(output.exchanges["bithumb"]?.markets.count == 40)
                #expect(output.exchanges["upbit"]?.markets.isEmpty == true)
                #expect(output.exchanges["upbit"]?.connection.lastProblem != nil)
                #expect(output.comparison.isEmpty)
            }
        }

        @Test("several exchanges: one feed each, and URLs named by exchange; one stderr line and exit 64 otherwise")
        func badChoices() async throws {
            for (arguments, message) in [
                (["--exchange", "bithumb,bithumb-legacy"], "bithumb is named twice"),
                (["--exchange", "bithumb,binance"], #""binance" is not one of"#),
                (["--exchange", "bithumb,upbit", "--ws-url", "ws://127.0.0.1:1/websocket/v1"], "EXCHANGE=URL"),
                (["--exchange", "bithumb", "--ws-url", "upbit=ws://127.0.0.1:1/websocket/v1"], "not among the exchanges followed"),
            ] {
                let outcome = try await CoinboardProcess.run(["snapshot"] + arguments, timeout: .seconds(60))
                #expect(outcome.status == 64, "\(arguments)")
                #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            }
        }
    }
}
