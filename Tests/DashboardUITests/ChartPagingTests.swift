import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// The chart scrolled back past the candles held: the page before the oldest is asked for
/// from the shown exchange, a marker stands in the title while it loads, and the start of
/// the exchange's history or the series' limit is said when the oldest candle is in view.
@Suite struct ChartPagingTests {
    typealias Sample = SampleMarket

    /// BTC's detail view at 140×45 over `candles` one-minute candles.
    static func detail(candles: Int = 200, candlesStartHistory: Bool = false) -> ReducerStore {
        var store = ReducerStore(
            Sample.state(
                width: 140, height: 45, snapshot: Sample.snapshot(candleCount: candles, candlesStartHistory: candlesStartHistory)))
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        return store
    }

    static func title(_ state: UIState) -> String {
        DashboardScreen.render(state).lines.first { $0.contains("1m 3m 5m") } ?? ""
    }

    static func series(_ state: UIState) -> CandleSeries? { state.snapshot.candles[Sample.btc]?[.oneMinute] }

    /// The page of `count` candles before `before`, as the feed joins it.
    static func earlierPage(of state: UIState, count: Int) -> MarketSnapshot {
        var market = MarketState()
        market.apply(.markets(Sample.markets))
        let held = series(state)?.candles ?? []
        market.apply(.candles(CandleHistory(market: Sample.btc, interval: .oneMinute, candles: held, coveredUntil: nil)))
        let before = held.first?.start ?? Sample.now
        let page = (1...count).map { back in
            var candle = held[0]
            candle.start = before.advanced(byMicroseconds: -Int64(back) * 60_000_000)
            return candle
        }
        market.apply(
            .candles(CandleHistory(market: Sample.btc, interval: .oneMinute, candles: page, coveredUntil: nil, endsBefore: before)))
        return market.snapshot(at: Sample.now, feed: state.snapshot.feed)
    }

    @Test func pageUpNearTheOldestCandleAsksForThePageBeforeItWhichEndsTheLoadingMarker() throws {
        var store = Self.detail()
        let oldest = try #require(Self.series(store.state)?.candles.first?.start)
        let fitting = store.state.detail.chart.fittingCandles(columns: 140 / 2 - ChartScale.labelWidth)
        #expect(fitting < 100, "a screen is fewer than half the candles")
        let pagesAway = (200 - fitting) / fitting - 1
        for page in 1...pagesAway {
            store.press(.pageUp) { $0.detail.chart.scrollBack = page * fitting }
            #expect(!Self.title(store.state).contains("불러오는 중"))
        }
        store.press(.pageUp, [.fetchEarlierCandles(.bithumb, Sample.btc, .oneMinute, before: oldest)]) {
            $0.detail.chart.scrollBack = (pagesAway + 1) * fitting
            $0.detail.chart.loadingBefore = oldest
        }
        #expect(Self.title(store.state).contains("-\((pagesAway + 1) * fitting)  ◀ 불러오는 중…"), "\(Self.title(store.state))")
        let paged = BoardSnapshot(Self.earlierPage(of: store.state, count: 200))
        store.send(.snapshotArrived(paged)) { $0.setBoard(paged) }
        #expect(!Self.title(store.state).contains("불러오는 중"), "the page came")
        #expect(Self.series(store.state)?.candles.count == 400)
        store.press(.pageUp) { $0.detail.chart.scrollBack = (pagesAway + 2) * fitting }
        store.press(.end) { $0.detail.chart.scrollBack = 0 }
    }

    @Test func homeShowsTheOldestCandleAtTheLeftAndTheStartOfHistoryAsksForNothing() {
        var store = Self.detail(candlesStartHistory: true)
        let fitting = store.state.detail.chart.fittingCandles(columns: 140 / 2 - ChartScale.labelWidth)
        #expect(!Self.title(store.state).contains("기록 시작"), "the oldest is not in view")
        store.press(.home) { $0.detail.chart.scrollBack = 200 - fitting }
        #expect(Self.title(store.state).contains("|◀ 기록 시작"), "\(Self.title(store.state))")
        store.press(.left) { $0.detail.chart.scrollBack = 200 - fitting + 5 }
        store.press(.pageDown) { $0.detail.chart.scrollBack = 200 - 2 * fitting + 5 }
    }

    @Test func aFullSeriesSaysItsLimitAndAsksForNothing() {
        var store = Self.detail()
        let full = BoardSnapshot(Self.earlierPage(of: store.state, count: CandleSeries.pagedCapacity))
        store.send(.snapshotArrived(full)) { $0.setBoard(full) }
        #expect(Self.series(store.state)?.candles.count == CandleSeries.pagedCapacity)
        #expect(Self.series(store.state)?.canPageBack == false)
        let fitting = store.state.detail.chart.fittingCandles(columns: 140 / 2 - ChartScale.labelWidth)
        store.press(.home) { $0.detail.chart.scrollBack = CandleSeries.pagedCapacity - fitting }
        #expect(Self.title(store.state).contains("|◀ 한도"), "\(Self.title(store.state))")
    }
}
