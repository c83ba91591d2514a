import DashboardUI
import MarketCore
import TerminalKit
import Testing

/// The depth view's keys, the market-impact prompt, the detail view's panes and the chart
/// cursor, through the reducer: the state they leave and the commands they return.
@Suite struct DepthAndCursorReducerTests {
    private func press(_ keys: Key..., on state: inout UIState) -> [UICommand] {
        keys.flatMap { state.reduce(.keyPressed($0)) }
    }

    private func type(_ text: String, on state: inout UIState) -> [UICommand] {
        text.flatMap { state.reduce(.keyPressed(.character($0))) }
    }

    /// The sample market with a 30-level book at 140×45, BTC highlighted.
    private func deepState(width: Int = 140, height: Int = 45, candles: Int = 24) -> UIState {
        var state = SampleMarket.state(
            width: width, height: height, snapshot: SampleMarket.snapshot(book: SampleMarket.deepBook(), candleCount: candles))
        _ = state.reduce(.keyPressed(.down))
        return state
    }

    @Test func dOnTheTableOpensTheDepthViewAndFollowsTheMarketEscGoesBack() {
        var state = deepState()
        #expect(press(.character("d"), on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(state.screen == .depth(SampleMarket.btc))
        #expect(state.detail.depth == DepthView())
        #expect(press(.escape, on: &state) == [.follow(nil, .oneMinute)])
        #expect(state.screen == .markets)
    }

    @Test func dInTheDetailOpensTheDepthViewAndBackReturnsToTheDetail() {
        var state = deepState()
        #expect(press(.enter, on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(press(.character("d"), on: &state).isEmpty)
        #expect(state.screen == .depth(SampleMarket.btc))
        #expect(press(.backspace, on: &state).isEmpty)
        #expect(state.screen == .detail(SampleMarket.btc))
        #expect(press(.character("d"), .character("d"), on: &state).isEmpty)
        #expect(state.screen == .detail(SampleMarket.btc))
    }

    /// 61 rows (30 levels a side and the spread) in 39: centred, the view moves at most 11
    /// rows either way, so it never scrolls past the deepest level.
    @Test func scrollingStopsAtTheDeepestLevelsAndHomeRecentres() {
        var state = deepState()
        _ = press(.character("d"), on: &state)
        #expect(press(.character("j"), .down, on: &state).isEmpty)
        #expect(state.detail.depth.scroll == 2)
        _ = press(.pageDown, .pageDown, on: &state)
        #expect(state.detail.depth.scroll == 11)
        _ = press(.character("k"), on: &state)
        #expect(state.detail.depth.scroll == 10)
        _ = press(.pageUp, .pageUp, .up, on: &state)
        #expect(state.detail.depth.scroll == -11)
        _ = press(.home, on: &state)
        #expect(state.detail.depth.scroll == 0)
        _ = state.reduce(.mouse(MouseEvent(.wheelDown, x: 10, y: 20)))
        #expect(state.detail.depth.scroll == UIState.wheelStep)
    }

    /// When the whole book fits, there is nothing to scroll to.
    @Test func aBookThatFitsDoesNotScroll() {
        var state = SampleMarket.state(width: 140, height: 45)
        _ = press(.down, .character("d"), .character("j"), .character("k"), .character("k"), on: &state)
        #expect(state.detail.depth.scroll == 0)
    }

    @Test func anglesStepTheGroupingAndCTogglesTheChart() {
        var state = deepState()
        _ = press(.character("d"), .character(">"), on: &state)
        #expect(state.detail.depth.grouping == BookGrouping(ticks: 2))
        _ = press(.character("."), .character(">"), on: &state)
        #expect(state.detail.depth.grouping == BookGrouping(ticks: 10))
        _ = press(.character("<"), .character(","), .character(","), .character(","), on: &state)
        #expect(state.detail.depth.grouping == .none)
        _ = press(.character("c"), on: &state)
        #expect(state.detail.depth.showsChart)
        _ = press(.character("c"), on: &state)
        #expect(!state.detail.depth.showsChart)
    }

    @Test func theImpactPromptTakesAnAmountAndEscClearsIt() {
        var state = deepState()
        _ = press(.character("d"), .character("i"), on: &state)
        #expect(state.detail.depth.impact.isEditing)
        #expect(type("1.5억q", on: &state).isEmpty, "q is typed, not quit")
        _ = press(.backspace, on: &state)
        #expect(state.detail.depth.impact.text == "1.5억")
        _ = press(.enter, on: &state)
        #expect(state.detail.depth.impact.amount == ExactDecimal(150_000_000))
        #expect(!state.detail.depth.impact.isEditing)
        _ = press(.escape, on: &state)
        #expect(state.detail.depth.impact == ImpactPrompt())
        #expect(state.screen == .depth(SampleMarket.btc))
        _ = press(.character("i"), on: &state)
        _ = type("lots", on: &state)
        _ = press(.enter, on: &state)
        #expect(state.detail.depth.impact.isInvalid && state.detail.depth.impact.amount == nil)
        _ = press(.character("i"), .escape, on: &state)
        #expect(!state.detail.depth.impact.isEditing)
        #expect(state.screen == .depth(SampleMarket.btc))
    }

    @Test func theImpactTextIsBounded() {
        var state = deepState()
        _ = press(.character("d"), .character("i"), on: &state)
        _ = type(String(repeating: "9", count: 100), on: &state)
        #expect(state.detail.depth.impact.text.count == ImpactPrompt.maximumLength)
    }

    @Test func tabCyclesTheDetailPanes() {
        var state = deepState(width: 80, height: 24)
        _ = press(.enter, on: &state)
        #expect(state.detail.pane == .book)
        _ = press(.tab, on: &state)
        #expect(state.detail.pane == .chart)
        _ = press(.backTab, .backTab, on: &state)
        #expect(state.detail.pane == .trades)
        #expect(state.table.tab == .krw, "Tab in the detail view leaves the table's tab alone")
    }

    @Test func xPutsTheCursorOnTheNewestCandleAndArrowsMoveItCandleByCandle() throws {
        var state = deepState(width: 80, height: 24, candles: 200)
        _ = press(.enter, on: &state)
        let candles = try #require(state.snapshot.candles[SampleMarket.btc]?[.oneMinute]?.candles)
        #expect(press(.character("x"), on: &state).isEmpty)
        #expect(state.detail.pane == .chart, "the chart comes into view")
        #expect(state.detail.chart.cursor == candles[199].start)
        _ = press(.left, .left, on: &state)
        #expect(state.detail.chart.cursor == candles[197].start)
        #expect(state.detail.chart.scrollBack == 0)
        _ = press(.right, .right, .right, on: &state)
        #expect(state.detail.chart.cursor == candles[199].start)
        _ = press(.character("x"), on: &state)
        #expect(state.detail.chart.cursor == nil)
    }

    /// Past the oldest candle shown, the chart scrolls with the cursor; the cursor stops at
    /// the oldest candle held.
    @Test func theCursorScrollsTheChartAtItsEdge() throws {
        var state = deepState(width: 80, height: 24, candles: 200)
        _ = press(.enter, .character("x"), on: &state)
        let candles = try #require(state.snapshot.candles[SampleMarket.btc]?[.oneMinute]?.candles)
        let columns = 80 - 13
        let shown = state.detail.chart.fittingCandles(columns: columns)
        for _ in 0..<shown + 5 { _ = press(.left, on: &state) }
        let index = try #require(candles.firstIndex { $0.start == state.detail.chart.cursor })
        #expect(index == 199 - shown - 5)
        #expect(state.detail.chart.visibleRange(of: candles.count, columns: columns).lowerBound == index)
        for _ in 0..<400 { _ = press(.left, on: &state) }
        #expect(state.detail.chart.cursor == candles[0].start)
        #expect(state.detail.chart.visibleRange(of: candles.count, columns: columns).lowerBound == 0)
    }
}
