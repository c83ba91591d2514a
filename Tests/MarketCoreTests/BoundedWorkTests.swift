import MarketCore
import Testing

/// Work per message stays bounded however much a message holds: the promises of the doc
/// comments, tested at their bounds.
@Suite struct BoundedWorkTests {
    let market = MarketCode(code: "KRW-BTC")!
    /// 2026-09-23T00:00:00Z.
    let day = Int64(1_790_121_600) * 1_000_000

    /// 100,000 levels in random order with repeated prices: the book keeps the best 400 a side,
    /// sorted, one per price, the last given winning (sorting makes this O(n log n); the old
    /// level-by-level insert took seconds).
    @Test func aHundredThousandLevelBookIsCappedSortedAndDeduplicated() {
        var random = SeededGenerator(seed: 0xB00C)
        var levels: [BookLevel] = []
        var lastQuantity: [Int: Int] = [:]
        for index in 0..<100_000 {
            let price = Int.random(in: 1...60_000, using: &random)
            levels.append(BookLevel(price: ExactDecimal(price), quantity: ExactDecimal(index + 1)))
            lastQuantity[price] = index + 1
        }
        let book = OrderBook(market: market, bids: levels, asks: levels, timestamp: Timestamp(microseconds: day))
        #expect(book.bids.count == OrderBook.defaultLevelLimit)
        #expect(book.asks.count == OrderBook.defaultLevelLimit)
        let distinct = lastQuantity.keys.sorted()
        #expect(book.asks.map(\.price) == distinct.prefix(400).map { ExactDecimal($0) })
        #expect(book.bids.map(\.price) == distinct.reversed().prefix(400).map { ExactDecimal($0) })
        #expect(book.asks.allSatisfy { $0.quantity == ExactDecimal(lastQuantity[$0.price.count(of: 1)]!) })

        var replaced = book
        replaced.replace(bids: levels.reversed(), asks: [], timestamp: Timestamp(microseconds: day + 1))
        #expect(replaced.bids.map(\.price) == book.bids.map(\.price))
        #expect(replaced.asks.isEmpty)
    }

    @Test func aLongSortedSideIsCutToTheLimit() {
        let levels = (1...1000).map { BookLevel(price: ExactDecimal($0), quantity: 1) }
        let book = OrderBook(market: market, bids: [], asks: levels, timestamp: Timestamp(microseconds: day), levelLimit: 10)
        #expect(book.asks.map(\.price) == (1...10).map { ExactDecimal($0) })
    }

    /// Late trades that open candles between existing ones never grow the series past its capacity.
    @Test func outOfOrderTradesNeverGrowASeriesPastItsCapacity() {
        var series = CandleSeries(interval: .oneMinute, capacity: 3)
        for minute in [0, 10, 20] {
            series.apply(
                Trade(
                    market: market, price: 100, quantity: 1, side: .buy,
                    timestamp: Timestamp(microseconds: day + Int64(minute) * 60_000_000)))
        }
        for minute in (1..<20).reversed() where minute != 10 {
            series.apply(
                Trade(
                    market: market, price: ExactDecimal(minute), quantity: 1, side: .sell,
                    timestamp: Timestamp(microseconds: day + Int64(minute) * 60_000_000)))
            #expect(series.candles.count <= 3)
        }
        #expect(series.candles.count == 3)
        #expect(series.candles.map(\.start.microseconds) == series.candles.map(\.start.microseconds).sorted())
        #expect(series.candles.last?.start == Timestamp(microseconds: day + 20 * 60_000_000))
    }

    /// Candle sums saturate: volumes and values at the top of the range never trap.
    @Test func candleSumsSaturate() {
        var series = CandleSeries(interval: .oneMinute)
        for second in 0..<3 {
            series.apply(
                Trade(
                    market: market, price: .greatestMagnitude, quantity: .greatestMagnitude, side: .buy,
                    timestamp: Timestamp(microseconds: day + Int64(second) * 1_000_000)))
        }
        #expect(series.candles.first?.volume == .greatestMagnitude)
        #expect(series.candles.first?.tradeValue == .greatestMagnitude)
        let merged = CandleSeries.aggregate(
            series.candles
                + series.candles.map { candle in
                    var later = candle
                    later.start = candle.start.advanced(byMicroseconds: 30_000_000)
                    return later
                }, into: .oneHour)
        #expect(merged.first?.volume == .greatestMagnitude)
    }
}
