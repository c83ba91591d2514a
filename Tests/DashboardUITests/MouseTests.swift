import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Clicks and the wheel through the reducer: tabs, rows (a second click opens), the wheel in
/// the table and the chart, the help closed by a click, and nothing at all with the mouse off;
/// each event's exact commands and whole state checked (``ReducerStore``).
@Suite struct MouseTests {
    typealias Sample = SampleMarket

    /// The sample's table order by traded value.
    let byValue = [Sample.xrp, Sample.btc, Sample.eth, Sample.doge, Sample.sol]

    static func click(_ x: Int, _ y: Int) -> UIAction {
        .mouse(MouseEvent(.press, x: x, y: y))
    }

    @Test func aClickOnATabShowsIt() {
        var store = ReducerStore(Sample.state(favorites: [Sample.sol]))
        store.send(Self.click(3, DashboardLayout.tabBarRow))
        store.send(Self.click(9, DashboardLayout.tabBarRow)) {
            $0.table.tab = .favorites
            $0.table.rows = [Sample.sol]
            $0.table.selection = Sample.sol
        }
        store.send(Self.click(1, DashboardLayout.tabBarRow)) {
            $0.table.tab = .krw
            $0.table.rows = byValue
            $0.table.selection = Sample.xrp
        }
    }

    /// The pane bar at 80×24 reads ` 호가   차트   체결 `: a click on a title shows its pane.
    @Test func aClickOnThePaneBarShowsThatPane() {
        var store = ReducerStore(Sample.state(width: 80, height: 24))
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        store.send(Self.click(8, 2)) { $0.detail.pane = .chart }
        store.send(Self.click(15, 2)) { $0.detail.pane = .trades }
        store.send(Self.click(1, 2)) { $0.detail.pane = .book }
        store.send(Self.click(40, 2))
    }

    @Test func aClickHighlightsARowAndASecondClickOpensIt() {
        var store = ReducerStore(Sample.state())
        let third = DashboardLayout.tableBodyTop + 2
        store.send(Self.click(10, third)) {
            $0.table.selection = byValue[2]
            $0.table.hasChosenSelection = true
        }
        store.send(Self.click(40, third), [.follow(byValue[2], .oneMinute)]) { $0.screen = .detail(byValue[2]) }
    }

    @Test func clicksOutsideTheRowsDoNothing() {
        var store = ReducerStore(Sample.state())
        store.send(Self.click(10, 1))
        store.send(Self.click(10, DashboardLayout.tableBodyTop + byValue.count))
        store.send(Self.click(10, store.state.size.height - 1))
    }

    @Test func theWheelMovesThroughTheTableAndTheChart() {
        var store = ReducerStore(Sample.state())
        store.send(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))) {
            $0.table.selection = byValue[3]
            $0.table.hasChosenSelection = true
        }
        store.send(.mouse(MouseEvent(.wheelUp, x: 5, y: 5))) { $0.table.selection = byValue[0] }
        store.press(.down) { $0.table.selection = Sample.btc }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        let oldest = Sample.snapshot().candles[Sample.btc]?[.oneMinute]?.candles.first?.start ?? Sample.now
        let page = UICommand.fetchEarlierCandles(.bithumb, Sample.btc, .oneMinute, before: oldest)
        store.send(.mouse(MouseEvent(.wheelUp, x: 5, y: 5)), Array(repeating: page, count: UIState.wheelStep)) {
            $0.detail.chart.scrollBack = 15
            $0.detail.chart.loadingBefore = oldest
        }
        store.send(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))) { $0.detail.chart.scrollBack = 0 }
    }

    @Test func aClickClosesTheHelp() {
        var store = ReducerStore(Sample.state())
        store.press(.character("?")) { $0.showsHelp = true }
        store.send(Self.click(10, DashboardLayout.tableBodyTop)) { $0.showsHelp = false }
    }

    @Test func withTheMouseOffClicksDoNothing() {
        var store = ReducerStore(Sample.state(settings: DashboardSettings(exchangeName: "Bithumb", usesMouse: false)))
        store.send(Self.click(9, DashboardLayout.tabBarRow))
        store.send(.mouse(MouseEvent(.wheelDown, x: 5, y: 5)))
    }
}
