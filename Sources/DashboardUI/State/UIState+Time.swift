public import MarketCore

extension UIState {
    /// Whether the screen would read differently at `time` than at ``now`` by time alone: the
    /// KST clock, the data's age in the status bar, the focused market's "updated" figure, or a
    /// price flash ending. The app's clock ticks when this next holds
    /// (``timeToNextTimedChange(after:step:limit:)``), so a quiet market wakes and is drawn
    /// once a second, for the clock.
    public func readsDifferently(at time: Timestamp) -> Bool {
        firstFlashEnd.map { $0 <= time } == true || TimedText(self, at: time) != TimedText(self, at: now)
    }

    /// How long after `time` (the wall clock now, at or after ``now``) the screen first reads
    /// differently by time alone, looked for in whole `step`s up to `limit`: zero when it
    /// already does, `limit` when nothing changes before it.
    public func timeToNextTimedChange(after time: Timestamp, step: Duration, limit: Duration) -> Duration {
        let shown = TimedText(self, at: now)
        let flashEnd = firstFlashEnd
        let steps = Int(limit / step)
        guard step.inMicroseconds > 0, steps > 0 else { return limit }
        for count in 0..<steps {
            let candidate = time.advanced(byMicroseconds: Int64(count) * step.inMicroseconds)
            if flashEnd.map({ $0 <= candidate }) == true || TimedText(self, at: candidate) != shown { return step * count }
        }
        return limit
    }

    /// When the first lit flash ends. Every flash lit is still on at ``now`` (a flash starts at
    /// a snapshot's time and those that ended are dropped with the time), so the set of lit
    /// flashes changes with time exactly when this passes.
    private var firstFlashEnd: Timestamp? {
        (flashes.values.lazy.map(\.until) + comparison.flips.values.lazy.map(\.until)).min()
    }
}

/// Everything on screen that time alone changes, flashes aside, as it reads at one time.
private struct TimedText: Equatable {
    let clock: String
    let dataAge: [String?]
    let updated: String?

    init(_ state: UIState, at time: Timestamp) {
        clock = StatusBar.clock(at: time)
        dataAge = state.board.exchanges.map { StatusBar.dataAge(of: state.board[$0].feed, at: time) }
        updated = state.focusedMarket.flatMap { TickerHeader.updated(market: $0, in: state, at: time) }
    }
}
