import MarketCore
import Testing

@Suite struct CandleSeriesTests {
    let market = MarketCode(code: "KRW-BTC")!
    /// 2026-09-23T00:00:00Z.
    let day = Int64(1_790_121_600) * 1_000_000

    func trade(at seconds: Int64, _ price: Int, _ quantity: String = "1") -> Trade {
        Trade(
            market: market, price: ExactDecimal(price), quantity: ExactDecimal(quantity)!, side: .buy,
            timestamp: Timestamp(microseconds: day + seconds * 1_000_000))
    }

    @Test func aCandleTakes112Bytes() {
        #expect(MemoryLayout<Candle>.stride == 112, "the series of every market hold hundreds of thousands")
    }

    @Test func tradesBuildCandlesPerInterval() {
        var series = CandleSeries(interval: .oneMinute)
        for (second, price) in [(1, 100), (20, 105), (59, 98), (61, 101), (150, 99)] {
            series.apply(trade(at: Int64(second), price))
        }
        #expect(series.candles.count == 3)
        let first = series.candles[0]
        #expect(first.start == Timestamp(microseconds: day))
        #expect([first.open, first.high, first.low, first.close] == [100, 105, 98, 98])
        #expect(first.volume == 3)
        #expect(first.tradeValue == 303)
        #expect(series.candles[2].start == Timestamp(microseconds: day + 120_000_000))
    }

    @Test("a candle appended after the last is kept, and its bucket's trades join it; one not after the last, or past the capacity, is not")
    func anAppendedCandleIsJoinedByItsBucketsTrades() {
        var series = CandleSeries(interval: .oneMinute, capacity: 2)
        let minute: Int64 = 60_000_000
        let part = Candle(start: Timestamp(microseconds: day), open: 100, high: 102, low: 99, close: 101, volume: 2)
        let appended = series.append(part)
        let again = series.append(part)
        #expect(appended && !again, "a candle no later than the last is not appended")
        series.apply(trade(at: 30, 104))
        #expect(series.candles == [Candle(start: part.start, open: 100, high: 104, low: 99, close: 104, volume: 3)])
        series.apply(trade(at: 70, 103))
        let later = series.append(Candle(start: Timestamp(microseconds: day + 2 * minute), open: 1, high: 1, low: 1, close: 1, volume: 1))
        #expect(later)
        #expect(series.candles.map(\.start.microseconds) == [day + minute, day + 2 * minute], "the oldest goes past the capacity")
    }

    @Test func lateTradeUpdatesItsBucketWithoutMovingTheClose() {
        var series = CandleSeries(interval: .oneMinute)
        series.apply(trade(at: 10, 100))
        series.apply(trade(at: 70, 110))
        series.apply(trade(at: 30, 90))
        #expect(series.candles[0].low == 90)
        #expect(series.candles[0].close == 100)
        #expect(series.candles[0].volume == 2)
    }

    @Test func historyKeepsItsPhaseAndCoveredTradesAreNotCountedTwice() {
        var series = CandleSeries(interval: .fourHours)
        let start = Timestamp(microseconds: day + 3_600_000_000)
        series.replace(
            with: [Candle(start: start, open: 100, high: 100, low: 100, close: 100, volume: 1)],
            coveredUntil: start.advanced(byMicroseconds: 60_000_000))
        let covered = series.apply(trade(at: 3600 + 30, 120))
        let fresh = series.apply(trade(at: 3600 + 90, 120))
        #expect(!covered)
        #expect(fresh)
        #expect(series.candles.count == 1)
        #expect(series.candles[0].close == 120)
        series.apply(trade(at: 3600 + 4 * 3600, 130))
        #expect(series.candles.last?.start == start.advanced(byMicroseconds: 4 * 3_600_000_000))
    }

    @Test func dayCandlesStartAtMidnightKST() {
        let series = CandleSeries(interval: .oneDay)
        let bucket = series.bucketStart(for: Timestamp(microseconds: day + 16 * 3_600_000_000))
        #expect(bucket.civilTime(in: .kst).hour == 0)
        #expect(bucket == Timestamp(microseconds: day + 15 * 3_600_000_000))
    }

    @Test func daysStartAtMidnightOnTheSeriesClock() {
        let afternoon = Timestamp(microseconds: day + 17 * 3_600_000_000)
        #expect(CandleSeries(interval: .oneDay, daysStartIn: .utc).bucketStart(for: afternoon) == Timestamp(microseconds: day))
        #expect(
            CandleSeries(interval: .fourHours, daysStartIn: .utc).bucketStart(for: afternoon)
                == Timestamp(microseconds: day + 16 * 3_600_000_000))
        #expect(CandleSeries(interval: .fourHours).bucketStart(for: afternoon) == Timestamp(microseconds: day + 15 * 3_600_000_000))
        let hours = (0..<24).map { hour in
            Candle(start: Timestamp(microseconds: day + Int64(hour) * 3_600_000_000), open: 1, high: 1, low: 1, close: 1, volume: 1)
        }
        #expect(CandleSeries.aggregate(hours, into: .oneDay, daysStartIn: .utc).map(\.start) == [Timestamp(microseconds: day)])
        #expect(CandleSeries.aggregate(hours, into: .oneDay).map(\.volume) == [15, 9])
    }

    @Test func aggregatesFinerCandles() {
        let candles = (0..<8).map { hour in
            Candle(
                start: Timestamp(microseconds: day + Int64(hour) * 3_600_000_000), open: ExactDecimal(100 + hour),
                high: ExactDecimal(110 + hour), low: ExactDecimal(90 + hour), close: ExactDecimal(101 + hour), volume: 1)
        }
        let fourHours = CandleSeries.aggregate(candles, into: .fourHours)
        #expect(fourHours.count == 3)
        #expect(fourHours[1].open == 103)
        #expect(fourHours[1].high == 116)
        #expect(fourHours[1].low == 93)
        #expect(fourHours[1].close == 107)
        #expect(fourHours[1].volume == 4)
    }

    @Test("filled: every bucket from the first through the last, a quiet one at the close before it with no volume")
    func fillsQuietBuckets() {
        let minute: Int64 = 60_000_000
        func at(_ index: Int64) -> Timestamp { Timestamp(microseconds: day + index * minute) }
        let traded = [2, 3, 6].map { index in
            Candle(start: at(Int64(index)), open: 100, high: 120, low: 90, close: ExactDecimal(110 + index), volume: 2, tradeValue: 200)
        }
        let filled = CandleSeries.filled(traded, interval: .oneMinute, from: at(0), through: at(8), previousClose: 99)
        #expect(filled.map(\.start) == (0...8).map(at))
        #expect(filled.map(\.close) == [99, 99, 112, 113, 113, 113, 116, 116, 116])
        #expect(Array(filled[2...3]) == Array(traded[0...1]) && filled[6] == traded[2])
        for quiet in [filled[0], filled[4], filled[8]] {
            #expect(quiet.open == quiet.close && quiet.high == quiet.close && quiet.low == quiet.close)
            #expect(quiet.volume == .zero && quiet.tradeValue == .zero)
        }
        let unknownBefore = CandleSeries.filled(traded, interval: .oneMinute, from: at(0), through: at(6), previousClose: nil)
        #expect(unknownBefore.map(\.start) == (2...6).map(at), "nothing made up before the first trade")
        #expect(CandleSeries.filled([], interval: .oneMinute, from: at(0), through: at(2), previousClose: nil).isEmpty)
    }

    @Test func isBoundedByCapacity() {
        var series = CandleSeries(interval: .oneMinute, capacity: 10)
        for minute in 0..<100 { series.apply(trade(at: Int64(minute) * 60, 100)) }
        #expect(series.candles.count == 10)
    }
}
