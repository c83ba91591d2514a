import DashboardUI
import Foundation
import MarketCore
import TerminalKit
import Testing

/// The view remembered between runs: taken from the state as the user left it, put over the
/// start settings, and read leniently.
@Suite struct RememberedViewTests {
    @Test func theViewLeftIsWhereTheNextRunStarts() {
        var state = SampleMarket.state()
        let keys: [Key] = [.tab, .character("e"), .backTab, .down, .enter, .character("+"), .character("5")]
        #expect(
            keys.flatMap { state.reduce(.keyPressed($0)) } == [.follow(SampleMarket.btc, .oneMinute), .follow(SampleMarket.btc, .fifteenMinutes)])
        let view = RememberedView(state)
        #expect(view.tab == .krw)
        #expect(view.nameLanguage == .english)
        #expect(view.lastMarket == SampleMarket.btc)
        #expect(view.columnsPerCandle == state.detail.chart.columnsPerCandle)
        #expect(view.chartInterval == state.detail.chart.interval)
        let next = UIState(
            settings: view.applied(to: DashboardSettings(exchangeName: "Bithumb")), size: state.size,
            now: state.now)
        #expect(next.nameLanguage == .english)
        #expect(next.detail.chart.columnsPerCandle == state.detail.chart.columnsPerCandle)
        #expect(next.detail.chart.interval == state.detail.chart.interval)
        let started = SampleMarket.state(settings: view.applied(to: DashboardSettings(exchangeName: "Bithumb")))
        #expect(started.table.selection == SampleMarket.btc, "the market looked at last is highlighted once listed")
    }

    @Test func aFileIsReadLenientlyAndRoundTrips() throws {
        let text = #"{"tab":"favorites","sort":"change","chartInterval":"nonsense","columnsPerCandle":9,"lastMarket":"KRW-ETH","future":1}"#
        let view = try JSONDecoder().decode(RememberedView.self, from: Data(text.utf8))
        #expect(view.tab == .favorites)
        #expect(view.sort == SortOrder(key: .changeRate, isDescending: true))
        #expect(view.chartInterval == nil, "an interval this version does not know is left out")
        #expect(view.lastMarket == MarketCode(code: "KRW-ETH"))
        let settings = view.applied(to: DashboardSettings(exchangeName: "Bithumb"))
        #expect(
            UIState(settings: settings, size: Size(width: 80, height: 24), now: SampleMarket.now).detail.chart.columnsPerCandle
                == ChartView.columnsPerCandleRange.upperBound, "a zoom out of range is brought within it")
        let again = try JSONDecoder().decode(RememberedView.self, from: JSONEncoder().encode(view))
        #expect(again == view)
    }
}
