import DashboardUI
import MarketCore
import TerminalKit
import Testing

/// The clock's ticks redraw only what time changes on screen: the KST clock each second, the
/// data's age (tenths while it is under 10 s), a flash's end.
@Suite struct TimedRedrawTests {
    let now = SampleMarket.now

    func later(_ milliseconds: Int64) -> Timestamp {
        now.advanced(byMicroseconds: milliseconds * 1000)
    }

    func quietState(dataAgeSeconds: Int64) -> UIState {
        let feed = FeedStatus(state: .live, messages: 1200, lastMarketDataAt: now.advanced(byMicroseconds: -dataAgeSeconds * 1_000_000))
        return SampleMarket.state(width: 140, height: 45, snapshot: SampleMarket.snapshot(feed: feed))
    }

    @Test func aQuietMarketReadsTheSameUntilTheClocksNextSecond() {
        let state = quietState(dataAgeSeconds: 30)
        #expect(!state.readsDifferently(at: later(100)))
        #expect(!state.readsDifferently(at: later(999)))
        #expect(state.readsDifferently(at: later(1000)), "the clock and the age move on")
    }

    @Test func dataUnderTenSecondsOldShowsItsAgeInTenths() {
        let state = quietState(dataAgeSeconds: 2)
        #expect(!state.readsDifferently(at: later(50)))
        #expect(state.readsDifferently(at: later(100)), "2.0s ago becomes 2.1s ago")
    }

    @Test func theDetailViewsUpdatedFigureFollowsTheSecondsOnly() {
        var state = quietState(dataAgeSeconds: 30)
        state.step(.enter, [.follow(SampleMarket.xrp, .oneMinute)])
        #expect(state.focusedMarket != nil)
        #expect(!state.readsDifferently(at: later(900)))
        #expect(state.readsDifferently(at: later(1000)))
    }

    /// A state showing the sample market whose first market's price has just moved (lit until
    /// ``UIState/flashDuration`` from ``now``), and the market state behind it.
    func stateWithAFlash(feed: FeedStatus) -> (state: UIState, market: MarketState, lit: MarketCode) {
        var market = MarketState()
        market.apply(.markets(SampleMarket.markets))
        for ticker in SampleMarket.tickers { market.apply(.ticker(ticker)) }
        let first = market.snapshot(at: now, feed: feed)
        var moved = SampleMarket.tickers[0]
        moved.price = moved.price + ExactDecimal(1000)
        market.apply(.ticker(moved))
        var state = SampleMarket.state(width: 140, height: 45, snapshot: first)
        state.step(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: feed))))
        return (state, market, moved.market)
    }

    @Test func aFlashsEndIsATimedChange() {
        let feed = FeedStatus(state: .live, messages: 1200, lastMarketDataAt: now.advanced(byMicroseconds: -30_000_000))
        var (state, _, lit) = stateWithAFlash(feed: feed)
        #expect(state.flashes[lit] != nil)
        #expect(!state.readsDifferently(at: later(UIState.flashDuration / 1000 - 1)))
        #expect(state.readsDifferently(at: later(UIState.flashDuration / 1000)), "the flash is over")
        state.step(.tick(later(UIState.flashDuration / 1000)))
        #expect(state.flashes.isEmpty)
        #expect(!state.readsDifferently(at: later(UIState.flashDuration / 1000 + 100)))
    }

    @Test func aFlashThatEndedBeforeALaterSnapshotIsNotDrawnByIt() {
        var (state, market, lit) = stateWithAFlash(feed: FeedStatus())
        #expect(state.flashes[lit] != nil)
        market.apply(.ticker(SampleMarket.tickers[1]))
        state.step(.snapshotArrived(BoardSnapshot(market.snapshot(at: later(500), feed: FeedStatus()))))
        #expect(state.flashes.isEmpty, "the flash ended 200 ms before this snapshot")
    }
}
