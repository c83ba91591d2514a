import DashboardUI
import MarketCore
import TerminalKit
import Testing

/// Clicks and the wheel through the reducer: tabs, rows (a second click opens), the wheel in
/// the table and the chart, the help closed by a click, and nothing at all with the mouse off.
@Suite struct MouseTests {
    /// The sample's table order by traded value.
    let byValue = [SampleMarket.xrp, SampleMarket.btc, SampleMarket.eth, SampleMarket.doge, SampleMarket.sol]

    func click(_ x: Int, _ y: Int, on state: inout UIState) -> [UICommand] {
        state.reduce(.mouse(MouseEvent(.press, x: x, y: y)))
    }

    @Test func aClickOnATabShowsIt() {
        var state = SampleMarket.state(favorites: [SampleMarket.sol])
        #expect(click(3, DashboardLayout.tabBarRow, on: &state).isEmpty)
        #expect(state.table.tab == .krw, "a click on the tab shown changes nothing")
        #expect(click(9, DashboardLayout.tabBarRow, on: &state).isEmpty)
        #expect(state.table.tab == .favorites)
        #expect(state.table.rows == [SampleMarket.sol])
        #expect(click(1, DashboardLayout.tabBarRow, on: &state).isEmpty)
        #expect(state.table.tab == .krw)
    }

    /// The pane bar at 80×24 reads ` 호가   차트   체결 `: a click on a title shows its pane.
    @Test func aClickOnThePaneBarShowsThatPane() {
        var state = SampleMarket.state(width: 80, height: 24)
        _ = state.reduce(.keyPressed(.down))
        _ = state.reduce(.keyPressed(.enter))
        #expect(click(8, 2, on: &state).isEmpty)
        #expect(state.detail.pane == .chart)
        #expect(click(15, 2, on: &state).isEmpty)
        #expect(state.detail.pane == .trades)
        #expect(click(1, 2, on: &state).isEmpty)
        #expect(state.detail.pane == .book)
        #expect(click(40, 2, on: &state).isEmpty)
        #expect(state.detail.pane == .book, "a click beside the titles changes nothing")
    }

    @Test func aClickHighlightsARowAndASecondClickOpensIt() {
        var state = SampleMarket.state()
        let third = DashboardLayout.tableBodyTop + 2
        #expect(click(10, third, on: &state).isEmpty)
        #expect(state.table.selection == byValue[2])
        #expect(state.screen == .markets)
        #expect(click(40, third, on: &state) == [.follow(byValue[2], .oneMinute)])
        #expect(state.screen == .detail(byValue[2]))
    }

    @Test func clicksOutsideTheRowsDoNothing() {
        var state = SampleMarket.state()
        let before = state
        #expect(click(10, 1, on: &state).isEmpty, "the column headings")
        #expect(click(10, DashboardLayout.tableBodyTop + byValue.count, on: &state).isEmpty, "below the last row")
        #expect(click(10, state.size.height - 1, on: &state).isEmpty, "the status bar")
        #expect(state == before)
    }

    @Test func theWheelMovesThroughTheTableAndTheChart() {
        var state = SampleMarket.state()
        #expect(state.reduce(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))).isEmpty)
        #expect(state.table.selection == byValue[3])
        #expect(state.reduce(.mouse(MouseEvent(.wheelUp, x: 5, y: 5))).isEmpty)
        #expect(state.table.selection == byValue[0])
        _ = state.reduce(.keyPressed(.down))
        #expect(state.reduce(.keyPressed(.enter)) == [.follow(SampleMarket.btc, .oneMinute)])
        let newest = state.detail.chart.scrollBack
        #expect(state.reduce(.mouse(MouseEvent(.wheelUp, x: 5, y: 5))).isEmpty)
        #expect(state.detail.chart.scrollBack > newest, "the wheel scrolls back through the candles")
        #expect(state.reduce(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))).isEmpty)
        #expect(state.detail.chart.scrollBack == newest)
    }

    @Test func aClickClosesTheHelp() {
        var state = SampleMarket.state()
        _ = state.reduce(.keyPressed(.character("?")))
        #expect(state.showsHelp)
        #expect(click(10, DashboardLayout.tableBodyTop, on: &state).isEmpty)
        #expect(!state.showsHelp)
        #expect(state.table.selection == byValue[0], "the click only closed the help")
    }

    @Test func withTheMouseOffClicksDoNothing() {
        var state = SampleMarket.state(settings: DashboardSettings(exchangeName: "Bithumb", usesMouse: false))
        let before = state
        #expect(click(9, DashboardLayout.tabBarRow, on: &state).isEmpty)
        #expect(state.reduce(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))).isEmpty)
        #expect(state == before)
    }
}
