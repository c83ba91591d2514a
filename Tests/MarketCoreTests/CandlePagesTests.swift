import MarketCore
import Testing

/// Histories joining the series a market holds.
@Suite struct CandlePagesTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let minute: Int64 = 60_000_000

    func candles(_ minutes: ClosedRange<Int64>, close: ExactDecimal = 1) -> [Candle] {
        minutes.map { Candle(start: Timestamp(microseconds: $0 * minute), open: 1, high: 2, low: 1, close: close, volume: 1) }
    }

    func held(_ state: MarketState) -> [Candle] { state.candles[btc]?[.oneMinute]?.candles ?? [] }

    @Test func anEarlierPageGoesBeforeWhatIsHeldAndLeavesItAsItIs() {
        var state = MarketState()
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(100...199), coveredUntil: nil)))
        let before = Timestamp(microseconds: 100 * minute)
        state.apply(
            .candles(
                CandleHistory(
                    market: btc, interval: .oneMinute, candles: candles(0...99, close: 5), coveredUntil: nil, endsBefore: before)))
        #expect(held(state) == candles(0...99, close: 5) + candles(100...199))
        state.apply(
            .candles(CandleHistory(market: btc, interval: .oneMinute, candles: [], coveredUntil: nil, endsBefore: Timestamp(microseconds: 0))))
        #expect(held(state).count == 200, "an empty earlier page changes nothing")
    }

    @Test func theLatestHistoryWinsFromItsFirstCandleOnAndKeepsWhatCameBefore() {
        var state = MarketState()
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(0...150), coveredUntil: nil, isKept: true)))
        #expect(state.candles[btc]?[.oneMinute]?.hasFetchedHistory == false, "candles kept from an earlier run are not a fetch")
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(100...199, close: 7), coveredUntil: nil)))
        #expect(held(state) == candles(0...99) + candles(100...199, close: 7))
        #expect(state.candles[btc]?[.oneMinute]?.hasFetchedHistory == true)
    }

    @Test("only what answers this run's requests counts as answered: not candles recalled from an earlier run")
    func answeredSinceFollowsTheAnswersNotTheRecall() {
        var state = MarketState()
        func since() -> Timestamp? { state.candles[btc]?[.oneMinute]?.answeredSince }
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(0...199), coveredUntil: nil, isKept: true)))
        #expect(since() == nil, "recalled, not answered")
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(180...209), coveredUntil: nil)))
        #expect(since() == Timestamp(microseconds: 180 * minute))
        let page = CandleHistory(
            market: btc, interval: .oneMinute, candles: candles(100...179), coveredUntil: nil, isKept: true,
            endsBefore: Timestamp(microseconds: 180 * minute))
        state.apply(.candles(page))
        #expect(since() == Timestamp(microseconds: 100 * minute), "a page read from the store answers the request it stood in for")
        state.apply(
            .candles(
                CandleHistory(market: btc, interval: .oneMinute, candles: [], coveredUntil: nil, endsBefore: Timestamp(microseconds: 100 * minute))))
        #expect(since() == Timestamp(microseconds: 100 * minute), "an empty page moves nothing")
    }

    func earlierPage(_ minutes: ClosedRange<Int64>?, before: Int64) -> MarketEvent {
        .candles(
            CandleHistory(
                market: btc, interval: .oneMinute, candles: minutes.map { candles($0) } ?? [], coveredUntil: nil,
                endsBefore: Timestamp(microseconds: before * minute)))
    }

    @Test func anEmptyEarlierPageMarksTheStartOfHistoryWhichALatestHistoryKeeps() {
        var state = MarketState()
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(100...199), coveredUntil: nil)))
        #expect(state.candles[btc]?[.oneMinute]?.canPageBack == true)
        state.apply(earlierPage(nil, before: 100))
        #expect(state.candles[btc]?[.oneMinute]?.reachedStart == true)
        #expect(state.candles[btc]?[.oneMinute]?.canPageBack == false)
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles(150...200), coveredUntil: nil)))
        #expect(state.candles[btc]?[.oneMinute]?.reachedStart == true, "the same first candle: still the start")
    }

    @Test func pagesGrowASeriesToThePagedCapacityAndNoFurther() {
        var state = MarketState()
        let newest = Int64(20_000)
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles((newest - 199)...newest), coveredUntil: nil)))
        var oldest = newest - 199
        for _ in 0..<60 {
            state.apply(earlierPage((oldest - 200)...(oldest - 1), before: oldest))
            oldest = (held(state).first?.start.microseconds ?? 0) / minute
        }
        let series = state.candles[btc]?[.oneMinute]
        #expect(series?.candles.count == CandleSeries.pagedCapacity)
        #expect(series?.candles.last?.start == Timestamp(microseconds: newest * minute), "the newest candles stay")
        #expect(series?.canPageBack == false, "full: no page is asked for")
        #expect(series?.reachedStart == false, "full is not the start of history")
        state.apply(.trades([Trade(market: btc, price: 3, quantity: 1, side: .buy, timestamp: Timestamp(microseconds: (newest + 1) * minute))]))
        #expect(state.candles[btc]?[.oneMinute]?.candles.count == CandleSeries.pagedCapacity, "a live candle drops the oldest")
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles((newest - 99)...newest), coveredUntil: nil)))
        #expect(state.candles[btc]?[.oneMinute]?.candles.count == CandleSeries.defaultCapacity, "a latest history brings it back")
    }
}
