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
}
