import MarketCore

/// When the demo's pump runs its rounds: an interval apart on a fixed grid, each due an
/// interval after the last was due, not an interval after it ended, so the events a round
/// sends are at most an interval old however long simulating them took.
struct RoundSchedule {
    /// The time between rounds.
    let interval: Duration
    /// When the last round was due.
    private(set) var due: MonotonicInstant

    /// A schedule whose first round is due at `start`.
    init(interval: Duration, start: MonotonicInstant) {
        self.interval = interval
        due = start
    }

    /// How long to wait at `now`, when a round has ended, for the next; none when it is due
    /// already, and the grid then starts again from `now` (a round that overran is not made up
    /// for with a burst).
    mutating func waitForNextRound(at now: MonotonicInstant) -> Duration {
        due = due.advanced(by: interval)
        if due < now { due = now }
        return due.duration(since: now)
    }
}
