public import MarketCore

extension UIState {
    /// Whether the screen would read differently at `time` than at ``now`` by time alone: the
    /// KST clock, the data's age in the status bar, the focused market's "updated" figure, or a
    /// price flash ending. The app's clock ticks often (it also reads resizes) but passes the
    /// time on only when this holds, so a quiet market is drawn once a second, for the clock.
    public func readsDifferently(at time: Timestamp) -> Bool {
        TimedText(self, at: time) != TimedText(self, at: now)
    }
}

/// Everything on screen that time alone changes, as it reads at one time.
private struct TimedText: Equatable {
    let clock: String
    let dataAge: String?
    let updated: String?
    let flashing: Set<MarketCode>

    init(_ state: UIState, at time: Timestamp) {
        clock = StatusBar.clock(at: time)
        dataAge = StatusBar.dataAge(of: state.snapshot.feed, at: time)
        updated = state.focusedMarket.flatMap { TickerHeader.updated(market: $0, in: state, at: time) }
        flashing = Set(state.flashes.filter { $0.value.until > time }.keys)
    }
}
