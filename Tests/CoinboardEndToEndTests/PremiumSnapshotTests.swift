import ExchangeTestSupport
import Foundation
import MarketCore
import Testing

extension TimedEndToEndTests {
    /// The kimchi premium in `coinboard snapshot`: the demo exchange serves Bithumb, Binance and
    /// the forex quote from one world, and every figure printed is checked against the others.
    @Suite(.serialized) struct PremiumSnapshotTests {
        /// Bithumb's and the reference's endpoints on the demo exchange at `port`, and the rate's at `forex`.
        static func arguments(port: Int, forex: String) -> [String] {
            [
                "--exchange", "bithumb", "--ws-url", "bithumb=ws://127.0.0.1:\(port)/websocket/v1",
                "--rest-url", "bithumb=http://127.0.0.1:\(port)", "--ws-url", "binance=ws://127.0.0.1:\(port)/binance/stream",
                "--rest-url", "binance=http://127.0.0.1:\(port)/binance", "--rest-url", "fx=\(forex)", "--duration", "3",
            ]
        }

        @Test("every premium row equals the formula on its own numbers, exactly, the widest first; a coin Binance lacks has no row")
        func everyRowIsTheFormula() async throws {
            try await withDemoExchange(markets: 60, rate: 400) { _, port in
                let output = try await SnapshotOutput.capture(Self.arguments(port: port, forex: "http://127.0.0.1:\(port)/fx"))
                let fx = try #require(output.fx)
                #expect(fx.source == "dunamu" && fx.exchange == nil && fx.problem == nil)
                let rate = try #require(ExactDecimal(fx.rate))
                #expect(rate > 1300 && rate < 1460, "the demo's rate wanders about 1,380")
                let reference = try #require(output.reference)
                #expect(reference.off == nil)
                #expect(reference.connection?.state == "live", "\(reference.connection?.lastProblem ?? "")")
                let referencePrices = Dictionary(
                    uniqueKeysWithValues: (reference.markets ?? []).compactMap { row in row.price.map { (row.code, $0) } })
                let rows = try #require(output.premium)
                #expect(rows.count >= 30, "about three quarters of 60 coins are listed on Binance")
                #expect(rows.count < output.markets.count, "some coins are not on Binance, and have no row")
                var widths: [ExactDecimal] = []
                for row in rows {
                    #expect(row.exchange == "bithumb")
                    #expect(row.price == output.market(row.symbol)?.price, "\(row.symbol): the board's own price")
                    #expect(row.referencePrice == referencePrices[row.referenceSymbol], "\(row.symbol): the reference's own price")
                    let price = try #require(ExactDecimal(row.price))
                    let usdt = try #require(ExactDecimal(row.referencePrice))
                    let won = usdt * rate
                    #expect(row.referencePriceKRW == won.description, "\(row.symbol): USDT price × rate, not rounded")
                    let percent = try #require((price - won).shifted(byPowerOfTen: 2).divided(by: won, roundedToFractionDigits: 8))
                    #expect(row.premiumPercent == percent.description, "\(row.symbol)")
                    widths.append(percent.magnitude)
                }
                #expect(widths == widths.sorted(by: >), "the widest first")
                let premiums = rows.compactMap { $0.premiumPercent.flatMap(ExactDecimal.init) }
                #expect(premiums.contains { $0 > 0 } && premiums.contains { $0 < 0 }, "the demo's world has both signs")
            }
        }

        @Test("the forex quote down: the exchange's KRW-USDT stands in, labelled tether and naming whose")
        func aDeadForexQuoteFallsBackToTether() async throws {
            try await withDemoExchange(markets: 60, rate: 400) { _, port in
                // A refused connection is tried again until the request's deadline: a short one.
                let output = try await SnapshotOutput.capture(
                    Self.arguments(port: port, forex: "http://127.0.0.1:1") + ["--request-timeout", "1"])
                let fx = try #require(output.fx)
                #expect(fx.source == "tether" && fx.exchange == "bithumb")
                #expect(fx.problem?.isEmpty == false, "why the quote is not used")
                #expect(fx.rate == output.market("KRW-USDT")?.price)
                #expect(output.premium?.isEmpty == false, "premiums go on at the tether rate")
            }
        }

        @Test("an exchange's endpoint given and the reference's not: the reference and the rate are off, and say why")
        func nothingDialsOutBySurprise() async throws {
            try await withDemoExchange(markets: 40, rate: 400) { _, port in
                let output = try await SnapshotOutput.capture([
                    "--exchange", "bithumb", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "http://127.0.0.1:\(port)",
                    "--duration", "1", "--wait", "120",
                ])
                let reference = try #require(output.reference)
                #expect(reference.off?.contains("[endpoints.binance]") == true)
                #expect(reference.connection == nil && reference.markets == nil)
                #expect(output.premium?.isEmpty == true)
                #expect(output.fx?.source == "tether", "the rate is off too: the tether price stands in, labelled")
                #expect(output.fx?.problem?.contains("[endpoints.fx]") == true)
            }
        }
    }
}
