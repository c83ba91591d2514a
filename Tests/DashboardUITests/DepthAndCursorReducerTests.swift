import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// The depth view's keys, the market-impact prompt, the detail view's panes and the chart
/// cursor, through the reducer: the exact commands and the whole state after each key
/// (``ReducerStore``).
@Suite struct DepthAndCursorReducerTests {
    typealias Sample = SampleMarket

    /// The sample market with a 30-level book at a size, BTC highlighted.
    private func deepStore(width: Int = 140, height: Int = 45, candles: Int = 24, candlesStartHistory: Bool = false) -> ReducerStore {
        var store = ReducerStore(
            Sample.state(
                width: width, height: height,
                snapshot: Sample.snapshot(book: Sample.deepBook(), candleCount: candles, candlesStartHistory: candlesStartHistory)))
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        return store
    }

    /// `store` with BTC's detail view open.
    private func openDetail(_ store: inout ReducerStore) {
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
    }

    @Test func dOnTheTableOpensTheDepthViewAndFollowsTheMarketEscGoesBack() {
        var store = deepStore()
        store.press(.character("d"), [.follow(Sample.btc, .oneMinute)]) { $0.screen = .depth(Sample.btc) }
        #expect(store.state.detail.depth == DepthView())
        store.press(.escape, [.follow(nil, .oneMinute)]) { $0.screen = .markets }
    }

    @Test func dInTheDetailOpensTheDepthViewAndBackReturnsToTheDetail() {
        var store = deepStore()
        openDetail(&store)
        store.press(.character("d")) {
            $0.screen = .depth(Sample.btc)
            $0.detail.depth = DepthView(returnsToDetail: true)
        }
        store.press(.backspace) { $0.screen = .detail(Sample.btc) }
        store.press(.character("d")) { $0.screen = .depth(Sample.btc) }
        store.press(.character("d")) { $0.screen = .detail(Sample.btc) }
    }

    /// 61 rows (30 levels a side and the spread) in 39: centred, the view moves at most 11
    /// rows either way, so it never scrolls past the deepest level.
    @Test func scrollingStopsAtTheDeepestLevelsAndHomeRecentres() {
        var store = deepStore()
        store.press(.character("d"), [.follow(Sample.btc, .oneMinute)]) { $0.screen = .depth(Sample.btc) }
        store.press(.character("j")) { $0.detail.depth.scroll = 1 }
        store.press(.down) { $0.detail.depth.scroll = 2 }
        store.press(.pageDown) { $0.detail.depth.scroll = 11 }
        store.press(.pageDown)
        store.press(.character("k")) { $0.detail.depth.scroll = 10 }
        store.press(.pageUp) { $0.detail.depth.scroll = -11 }
        store.press(.pageUp)
        store.press(.up)
        store.press(.home) { $0.detail.depth.scroll = 0 }
        store.send(.mouse(MouseEvent(.wheelDown, x: 10, y: 20))) { $0.detail.depth.scroll = UIState.wheelStep }
    }

    /// When the whole book fits, there is nothing to scroll to.
    @Test func aBookThatFitsDoesNotScroll() {
        var store = ReducerStore(Sample.state(width: 140, height: 45))
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.character("d"), [.follow(Sample.btc, .oneMinute)]) { $0.screen = .depth(Sample.btc) }
        for key in [Key.character("j"), .character("k"), .character("k")] { store.press(key) }
    }

    @Test func anglesStepTheGroupingAndCTogglesTheChart() {
        var store = deepStore()
        store.press(.character("d"), [.follow(Sample.btc, .oneMinute)]) { $0.screen = .depth(Sample.btc) }
        store.press(.character(">")) { $0.detail.depth.grouping = BookGrouping(ticks: 2) }
        store.press(.character(".")) { $0.detail.depth.grouping = BookGrouping(ticks: 5) }
        store.press(.character(">")) { $0.detail.depth.grouping = BookGrouping(ticks: 10) }
        store.press(.character("<")) { $0.detail.depth.grouping = BookGrouping(ticks: 5) }
        store.press(.character(",")) { $0.detail.depth.grouping = BookGrouping(ticks: 2) }
        store.press(.character(",")) { $0.detail.depth.grouping = .none }
        store.press(.character(","))
        store.press(.character("c")) { $0.detail.depth.showsChart = true }
        store.press(.character("c")) { $0.detail.depth.showsChart = false }
    }

    @Test func theImpactPromptTakesAnAmountAndEscClearsIt() {
        var store = deepStore()
        store.press(.character("d"), [.follow(Sample.btc, .oneMinute)]) { $0.screen = .depth(Sample.btc) }
        store.press(.character("i")) { $0.detail.depth.impact.isEditing = true }
        for typed in ["1", "1.", "1.5", "1.5억", "1.5억q"] {
            store.press(.character(typed.last ?? " ")) { $0.detail.depth.impact.text = typed }
        }
        store.press(.backspace) { $0.detail.depth.impact.text = "1.5억" }
        store.press(.enter) {
            $0.detail.depth.impact.isEditing = false
            $0.detail.depth.impact.amount = ExactDecimal(150_000_000)
        }
        store.press(.escape) { $0.detail.depth.impact = ImpactPrompt() }
        store.press(.character("i")) { $0.detail.depth.impact.isEditing = true }
        for typed in ["l", "lo", "lot", "lots"] { store.press(.character(typed.last ?? " ")) { $0.detail.depth.impact.text = typed } }
        store.press(.enter) {
            $0.detail.depth.impact.isEditing = false
            $0.detail.depth.impact.isInvalid = true
        }
        store.press(.character("i")) {
            $0.detail.depth.impact.isEditing = true
            $0.detail.depth.impact.isInvalid = false
        }
        store.press(.escape) { $0.detail.depth.impact.isEditing = false }
    }

    @Test func theImpactTextIsBounded() {
        var store = deepStore()
        store.press(.character("d"), [.follow(Sample.btc, .oneMinute)]) { $0.screen = .depth(Sample.btc) }
        store.press(.character("i")) { $0.detail.depth.impact.isEditing = true }
        for length in 1...ImpactPrompt.maximumLength {
            store.press(.character("9")) { $0.detail.depth.impact.text = String(repeating: "9", count: length) }
        }
        store.press(.character("9"))
    }

    @Test func tabCyclesTheDetailPanes() {
        var store = deepStore(width: 80, height: 24)
        openDetail(&store)
        #expect(store.state.detail.pane == .book)
        store.press(.tab) { $0.detail.pane = .chart }
        store.press(.backTab) { $0.detail.pane = .book }
        store.press(.backTab) { $0.detail.pane = .trades }
    }

    @Test func xPutsTheCursorOnTheNewestCandleAndArrowsMoveItCandleByCandle() throws {
        var store = deepStore(width: 80, height: 24, candles: 200)
        openDetail(&store)
        let candles = try #require(store.state.snapshot.candles[Sample.btc]?[.oneMinute]?.candles)
        store.press(.character("x")) {
            $0.detail.pane = .chart
            $0.detail.chart.cursor = candles[199].start
        }
        store.press(.left) { $0.detail.chart.cursor = candles[198].start }
        store.press(.left) { $0.detail.chart.cursor = candles[197].start }
        for index in [198, 199] { store.press(.right) { $0.detail.chart.cursor = candles[index].start } }
        store.press(.right)
        store.press(.character("x")) { $0.detail.chart.cursor = nil }
    }

    /// A cursor asked for before the chart's candles came waits for them, then stands on the
    /// newest: the key is not lost to a slow first page.
    @Test func xBeforeTheCandlesComeWaitsForThemAndLandsOnTheNewest() throws {
        var waiting = deepStore(width: 80, height: 24, candles: 0)
        openDetail(&waiting)
        waiting.press(.character("x")) {
            $0.detail.pane = .chart
            $0.detail.chart.cursor = ChartView.newestCandle
        }
        var loaded = deepStore(width: 80, height: 24, candles: 200)
        openDetail(&loaded)
        var state = loaded.state
        state.detail = waiting.state.detail
        var store = ReducerStore(state)
        let candles = try #require(store.state.snapshot.candles[Sample.btc]?[.oneMinute]?.candles)
        let screen = DashboardScreen.render(store.state).trimmedLines.joined(separator: "\n")
        #expect(["시가", "고가", "저가", "종가", "거래량", "┊"].allSatisfy(screen.contains), "\(screen)")
        store.press(.left) { $0.detail.chart.cursor = candles[198].start }
    }

    /// Past the oldest candle shown, the chart scrolls with the cursor; the cursor stops at
    /// the oldest candle held (the exchange's first).
    @Test func theCursorScrollsTheChartAtItsEdge() throws {
        var store = deepStore(width: 80, height: 24, candles: 200, candlesStartHistory: true)
        openDetail(&store)
        let candles = try #require(store.state.snapshot.candles[Sample.btc]?[.oneMinute]?.candles)
        store.press(.character("x")) {
            $0.detail.pane = .chart
            $0.detail.chart.cursor = candles[199].start
        }
        let columns = 80 - 13
        let shown = store.state.detail.chart.fittingCandles(columns: columns)
        for index in (0..<199).reversed() {
            store.press(.left) {
                $0.detail.chart.cursor = candles[index].start
                $0.detail.chart.scrollBack = max(0, 199 - index - shown + 1)
            }
        }
        store.press(.left)
        #expect(store.state.detail.chart.visibleRange(of: candles.count, columns: columns).lowerBound == 0)
    }
}
