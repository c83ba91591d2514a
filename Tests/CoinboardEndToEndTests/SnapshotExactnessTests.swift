import DemoExchange
import ExchangeTestSupport
import Foundation
import MarketCore
import SystemTime
import Testing

extension TimedEndToEndTests {
    /// `coinboard snapshot` against the demo exchange: what it prints equals the exchange's own state.
    @Suite(.serialized) struct SnapshotExactnessTests {
        enum Endpoint: String, CaseIterable, CustomTestStringConvertible {
            case bithumb, legacy, upbit

            var testDescription: String { rawValue }

            func arguments(port: Int) -> [String] {
                switch self {
                case .bithumb:
                    ["--exchange", "bithumb", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "http://127.0.0.1:\(port)"]
                case .legacy:
                    ["--exchange", "bithumb-legacy", "--ws-url", "ws://127.0.0.1:\(port)/pub/ws", "--rest-url", "http://127.0.0.1:\(port)"]
                case .upbit:
                    [
                        "--exchange", "upbit", "--ws-url", "ws://127.0.0.1:\(port)/upbit/websocket/v1",
                        "--rest-url", "http://127.0.0.1:\(port)/upbit",
                    ]
                }
            }

            /// The exchange whose market the endpoint serves.
            var exchange: Exchange { self == .upbit ? .upbit : .bithumb }

            var rules: ExactnessRules {
                switch self {
                case .bithumb: .bithumb
                case .legacy: .legacy
                case .upbit: .upbit
                }
            }
        }

        /// A start five seconds into a minute, so a short run crosses no minute and the rolling
        /// 24-hour figures change only with trades (each of which streams a ticker).
        static func startOfRun() -> Timestamp {
            SystemClock.wallNow().floored(toMultipleOf: 60_000_000).advanced(byMicroseconds: 5_000_000)
        }

        @Test("streamed, then settled: books, trades and tickers equal the demo exchange's state", arguments: Endpoint.allCases)
        func streamedThenSettled(endpoint: Endpoint) async throws {
            let timeline = DemoTimeline.running(from: Self.startOfRun(), for: .seconds(2))
            try await withDemoExchange(markets: 40, rate: 600, timeline: timeline, exchanges: [endpoint.exchange]) { exchange, port in
                let focus = ["KRW-BTC", "KRW-ETH", "KRW-XRP"].compactMap { MarketCode(code: $0) }
                let output = try await SnapshotOutput.capture(
                    endpoint.arguments(port: port) + [
                        "--markets", "BTC,ETH,XRP", "--depth", "15", "--trades", "20", "--duration", "4",
                    ])
                let state = try #require(await exchange.state(of: endpoint.exchange))
                #expect(output.connection.state == "live")
                #expect(output.connection.decodeErrors == 0)
                #expect(output.connection.reconnects == 0)
                #expect(output.connection.messages > 40, "the stream delivered while the exchange ran")
                #expect(!output.hasCrossedBook)
                output.expectEqual(to: state, focus: focus, depth: 15, tradeCount: 20, rules: endpoint.rules)
            }
        }

        @Test("--demo runs the demo exchange in-process and says so; --impact and the book's stats are the held book's")
        func demoInProcess() async throws {
            let output = try await SnapshotOutput.capture([
                "--demo", "--markets", "BTC", "--candles", "1m", "--duration", "8", "--depth", "30", "--impact", "1.5억",
            ])
            #expect(output.exchange == "demo")
            #expect(output.connection.state == "live")
            #expect(output.markets.count == 200)
            #expect(output.market("KRW-BTC")?.nameKo == "비트코인")
            let book = try #require(output.orderbooks["KRW-BTC"])
            #expect(book.asks.count == 15, "the whole held book: Bithumb 2.0 streams 15 levels a side")
            let held = OrderBook(
                market: MarketCode(code: "KRW-BTC")!, bids: book.bids.map(BookLevel.init), asks: book.asks.map(BookLevel.init),
                timestamp: Timestamp(microseconds: 1))
            #expect(book.stats == SnapshotOutput.BookStats(BookStatistics(held)))
            let impact = try #require(output.impact?["KRW-BTC"])
            #expect(impact.amount == "150000000")
            #expect(impact.buy == SnapshotOutput.Fill(MarketImpact(.buy, amount: ExactDecimal(150_000_000), in: held)))
            #expect(impact.sell == SnapshotOutput.Fill(MarketImpact(.sell, amount: ExactDecimal(150_000_000), in: held)))
            #expect(output.trades["KRW-BTC"]?.count == 20)
            #expect(output.candles["KRW-BTC"]?.interval == "1m")
            #expect((output.candles["KRW-BTC"]?.items.count ?? 0) >= 200)
        }

        @Test("--format table: a status line saying DEMO, the markets by traded value, the book and trades, the premium")
        func table() async throws {
            let outcome = try await CoinboardProcess.run([
                "snapshot", "--demo", "--markets", "BTC", "--depth", "2", "--trades", "2",
                "--duration", "3", "--wait", "120", "--format", "table", "--impact", "100만",
            ])
            #expect(outcome.status == 0)
            let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("DEMO (simulated data) at ") == true)
            #expect(lines.first?.contains(": live, ") == true)
            #expect(lines.dropFirst().first?.hasPrefix("MARKET") == true)
            #expect(lines.contains { $0.hasPrefix("KRW-BTC") && $0.hasSuffix("비트코인 / Bitcoin") })
            #expect(lines.filter { $0.hasPrefix("ask ") }.count == 2 && lines.filter { $0.hasPrefix("bid ") }.count == 2)
            #expect(lines.contains("KRW-BTC trades, newest first"))
            #expect(lines.contains { $0.hasPrefix("spread ") && $0.contains(" ticks), mid ") })
            #expect(lines.contains { $0.hasPrefix("market buy 1000000 KRW: average ") })
            #expect(lines.contains { $0.hasPrefix("market sell 1000000 KRW: average ") })
            #expect(lines.contains { $0.hasPrefix("kimchi premium (김프) over Binance at ") && $0.contains("(dunamu at ") })
            #expect(lines.contains { $0.hasPrefix("KRW-") && $0.contains(" bithumb ") && $0.hasSuffix("%") }, "premium rows")
        }
    }
}
