import MarketCore
import MarketSim
import Testing

/// Two exchanges of one simulated world: one fair value per coin, each exchange its own listing,
/// flow and books, so prices stay close, drift apart and back, and the gap changes sign.
@Suite("Market simulator: one world, two exchanges")
struct OneWorldTests {
    static let configuration = SimulationConfiguration(seed: 11, updatesPerSecond: 400, historyMinutes: 30, newListingAfterSeconds: nil)

    func prices(_ simulator: MarketSimulator) -> [MarketCode: ExactDecimal] {
        Dictionary(
            uniqueKeysWithValues: simulator.markets.compactMap { market in
                simulator.ticker(for: market.code, change: .sinceMidnightKST, session: .sinceMidnightKST).map { (market.code, $0.price) }
            })
    }

    func gaps(_ bithumb: MarketSimulator, _ upbit: MarketSimulator) -> [PriceGap] {
        PriceGap.gaps(bithumb: prices(bithumb), upbit: prices(upbit))
    }

    @Test("each exchange lists most coins and a few of its own")
    func listings() throws {
        let bithumb = try MarketSimulator(configuration: Self.configuration, start: simulationStart, exchange: .bithumb)
        let upbit = try MarketSimulator(configuration: Self.configuration, start: simulationStart, exchange: .upbit)
        let onBithumb = Set(bithumb.markets.map(\.code))
        let onUpbit = Set(upbit.markets.map(\.code))
        #expect(onBithumb.count == 200)
        #expect(onBithumb.intersection(onUpbit).count >= 150)
        #expect(onBithumb.subtracting(onUpbit).count >= 10)
        #expect(onUpbit.subtracting(onBithumb).count >= 10)
        #expect(
            Array(bithumb.markets.prefix(7))
                == Array(upbit.markets.prefix(7)).map { market in
                    bithumb.markets.first { $0.code == market.code } ?? market
                }, "the most traded coins are on both, in the same order")
        let again = try MarketSimulator(configuration: Self.configuration, start: simulationStart, exchange: .upbit)
        #expect(again.markets == upbit.markets)
    }

    @Test("prices stay within a few percent, the gap moves and changes sign, each exchange trades on its own")
    func gapsMeanRevertAndCross() throws {
        var bithumb = try MarketSimulator(configuration: Self.configuration, start: simulationStart, exchange: .bithumb)
        var upbit = try MarketSimulator(configuration: Self.configuration, start: simulationStart, exchange: .upbit)
        let first = gaps(bithumb, upbit)
        #expect(first.count >= 150)
        var signs: [MarketCode: Set<Bool>] = [:]
        var widest = ExactDecimal.zero
        for minute in 1...6 {
            let end = simulationStart.adding(seconds: Int64(minute) * 60)
            let bithumbEvents = bithumb.step(to: end)
            let upbitEvents = upbit.step(to: end)
            #expect(bithumbEvents != upbitEvents, "each exchange has its own order flow")
            for gap in gaps(bithumb, upbit) where !gap.gap.isZero {
                signs[gap.code, default: []].insert(gap.gap.isNegative)
                widest = max(widest, gap.gapPercent?.magnitude ?? .zero)
            }
        }
        #expect(widest < ExactDecimal(5), "widest gap \(widest) %")
        #expect(widest > ExactDecimal("0.3")!, "the exchanges do not simply mirror each other")
        let crossed = signs.values.filter { $0.count == 2 }.count
        #expect(crossed >= 20, "\(crossed) coins saw the gap change sign within six minutes")
        let btc = MarketCode(code: "KRW-BTC")!
        let btcGap = try #require(gaps(bithumb, upbit).first { $0.code == btc }?.gapPercent)
        #expect(btcGap.magnitude < ExactDecimal(1), "the busiest coin stays within 1 %: \(btcGap) %")
    }
}
