import MarketCore
import MarketSim
import Testing

/// 2026-11-21 03:00:00 UTC (12:00 KST).
let simulationStart = Timestamp(milliseconds: 1_795_143_600_000)

/// A simulator with the default 200 markets; tests that do not look at the day's history ask
/// for less of it, which keeps debug-build test runs short.
func makeSimulator(seed: UInt64 = 7, historyMinutes: Int = 30) throws -> MarketSimulator {
    try MarketSimulator(
        configuration: SimulationConfiguration(seed: seed, historyMinutes: historyMinutes),
        start: simulationStart)
}

extension Timestamp {
    func adding(seconds: Int64) -> Timestamp { advanced(byMicroseconds: seconds * 1_000_000) }
}

@Suite("Market simulator: listing, determinism and configuration")
struct MarketSimulatorTests {
    @Test("the same seed gives the same events; another seed does not")
    func deterministic() throws {
        var first = try makeSimulator(seed: 42)
        var second = try makeSimulator(seed: 42)
        var other = try makeSimulator(seed: 43)
        let end = simulationStart.adding(seconds: 5)
        let events = first.step(to: end)
        #expect(events.count > 1000)
        #expect(events == second.step(to: end))
        #expect(events != other.step(to: end))
        #expect(first.markets == second.markets)
        #expect(
            first.candles(for: first.markets[0].code, interval: .oneMinute, count: 2000)
                == second.candles(for: second.markets[0].code, interval: .oneMinute, count: 2000))
    }

    @Test("events do not depend on how time is sliced")
    func sliceIndependent() throws {
        var whole = try makeSimulator()
        var sliced = try makeSimulator()
        let end = simulationStart.adding(seconds: 3)
        var pieces: [MarketEvent] = []
        var time = simulationStart
        while time < end {
            time = time.advanced(byMicroseconds: 7_919)
            pieces += sliced.step(to: min(time, end))
        }
        #expect(whole.step(to: end) == pieces)
    }

    @Test("lists 200 KRW markets by default with Korean and English names, prices across magnitudes on the tick grid")
    func listing() throws {
        let simulator = try makeSimulator(historyMinutes: 1440)
        #expect(simulator.markets.count == 200)
        #expect(Set(simulator.markets.map(\.code)).count == 200)
        #expect(simulator.markets.allSatisfy { $0.code.quote == "KRW" && !$0.koreanName.isEmpty && !$0.englishName.isEmpty })
        #expect(simulator.markets.first?.koreanName == "비트코인")
        #expect(
            simulator.markets.allSatisfy { market in
                market.koreanName.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
            })
        let prices = simulator.markets.compactMap { simulator.ticker(for: $0.code, change: .sinceMidnightKST, session: .sinceMidnightKST)?.price }
        #expect(prices.count == 200)
        #expect(prices.contains { $0 < ExactDecimal(1) })
        #expect(prices.contains { $0 > ExactDecimal(100_000_000) })
        #expect(prices.allSatisfy(KRWTickTable.isOnGrid))
    }

    @Test("up to 500 markets; out-of-range configurations are refused with a reason")
    func configurationLimits() throws {
        let large = try MarketSimulator(
            configuration: SimulationConfiguration(marketCount: 500, historyMinutes: 10),
            start: simulationStart)
        #expect(Set(large.markets.map(\.code)).count == 500)
        for bad in [
            SimulationConfiguration(marketCount: 0), SimulationConfiguration(marketCount: 501),
            SimulationConfiguration(updatesPerSecond: 0), SimulationConfiguration(updatesPerSecond: .nan),
        ] {
            #expect(throws: SimulationError.self) { try MarketSimulator(configuration: bad, start: simulationStart) }
        }
    }

    @Test("a day of one-minute history is there at the start; the hot market has a candle almost every minute")
    func history() throws {
        let simulator = try makeSimulator(historyMinutes: 1440)
        let code = simulator.markets[0].code
        let candles = simulator.candles(for: code, interval: .oneMinute, count: 5000)
        #expect(candles.count >= 1400)
        let first = try #require(candles.first)
        #expect(first.start <= simulationStart.adding(seconds: -86_000))
        #expect(candles.allSatisfy { $0.low <= min($0.open, $0.close) && $0.high >= max($0.open, $0.close) })
        #expect(simulator.candles(for: code, interval: .oneHour, count: 100).count >= 24)
        #expect(!simulator.recentTrades(for: code, count: 50).isEmpty)
    }

    @Test("a few hot markets carry most of the traded value; every market's book lives")
    func hotMarkets() throws {
        var simulator = try makeSimulator()
        var value: [MarketCode: Double] = [:]
        var updated: Set<MarketCode> = []
        for event in simulator.step(to: simulationStart.adding(seconds: 60)) {
            switch event {
            case .trades(let trades):
                for trade in trades { value[trade.market, default: 0] += (trade.price * trade.quantity).doubleValue }
            case .orderBookDelta(let delta):
                updated.insert(delta.market)
            default:
                break
            }
        }
        let total = value.values.reduce(0, +)
        let topFive = value.values.sorted(by: >).prefix(5).reduce(0, +)
        #expect(topFive > 0.5 * total)
        #expect(updated.count > 150)
    }
}
