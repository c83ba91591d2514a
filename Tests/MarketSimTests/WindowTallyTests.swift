import MarketCore
import Testing

@testable import MarketSim

/// The figures a trade's ticker carries are kept as trades come (``WindowTally``), not counted
/// from the day's candles each time: they must equal the windows counted afresh.
@Suite struct WindowTallyTests {
    static let bases: [ChangeBasis] = [.sinceMidnightKST, .sinceMidnightUTC, .rolling24h]

    @Test(
        "after every trade each tally stands at its window and equals it counted afresh, across minutes and 00:00 KST, from a start on a minute or late in one",
        arguments: [0, -500_000])
    func talliesEqualTheirWindowsCountedAfresh(offset: Int64) throws {
        // 14:58 UTC (or half a second before: the live start's minute is then mostly a part of
        // the past): two minutes before 00:00 KST, after a day of history.
        let start = Timestamp(milliseconds: 1_795_143_600_000).floored(toMultipleOf: 86_400_000_000)
            .advanced(byMicroseconds: (14 * 3600 + 58 * 60) * 1_000_000 + offset)
        var simulator = try MarketSimulator(
            configuration: SimulationConfiguration(
                seed: 5, marketCount: 3, updatesPerSecond: 40, historyMinutes: 1440, warmUpSeconds: 0,
                newListingAfterSeconds: nil),
            start: start)
        // The reference counts over every candle materialised: the past made once, then the live ones.
        var pasts: [MarketCode: [Candle]] = [:]
        var checked = 0
        while let events = simulator.advance(until: start.advanced(byMicroseconds: 4 * 60_000_000)) {
            for case .ticker(let ticker) in events {
                let market = try #require(simulator.simulatedMarket(ticker.market))
                let past = pasts[ticker.market] ?? market.history.candles(in: market.history.range)
                pasts[ticker.market] = past
                let candles = MinuteCandles(held: past + market.liveCandles.candles)
                for tally in market.tallies {
                    let windowStart = SimulatedMarket.windowStart(of: tally.basis, at: simulator.now)
                    #expect(tally.start == windowStart, "\(tally.basis) stands at its window")
                    let (previousClose, traded) = WindowTally.count(candles, from: windowStart)
                    let afresh = WindowTally.figures(previousClose: previousClose, traded: traded, lastPrice: market.lastPrice)
                    #expect(tally.figures(lastPrice: market.lastPrice) == afresh, "\(tally.basis)")
                }
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    @Test func aRollingWindowLettingItsHighOrLowGoCountsAfreshAndAnEmptiedOneShowsTheLastPrice() {
        let minute: Int64 = 60_000_000
        let day = 1440 * minute
        func candle(_ minutes: Int64, high: ExactDecimal, low: ExactDecimal = 90) -> Candle {
            Candle(
                start: Timestamp(microseconds: day + minutes * minute), open: 100, high: high, low: low, close: 100, volume: 2,
                tradeValue: 200)
        }
        let candles = MinuteCandles(held: [candle(0, high: 150), candle(10, high: 105, low: 80), candle(20, high: 110)])
        var tally = WindowTally(basis: .rolling24h)
        let now = Timestamp(microseconds: day + 1439 * minute)
        tally.move(to: now, over: candles)
        #expect(tally.figures(lastPrice: 105).high == 150)
        tally.move(to: now.advanced(byMicroseconds: 5 * minute), over: candles)
        let slid = tally.figures(lastPrice: 105)
        #expect(slid.high == 110 && slid.low == 80 && slid.volume == 4 && slid.value == 400 && slid.previousClose == 100)
        tally.move(to: now.advanced(byMicroseconds: 15 * minute), over: candles)
        #expect(tally.figures(lastPrice: 105).low == 90)
        tally.move(to: now.advanced(byMicroseconds: 60 * minute), over: candles)
        let emptied = tally.figures(lastPrice: 105)
        #expect(emptied == WindowFigures(open: 105, high: 105, low: 105, previousClose: 100, volume: 0, value: 0))
    }
}
