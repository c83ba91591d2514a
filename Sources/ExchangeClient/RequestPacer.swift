import MarketCore
import SystemTime

/// Holds REST requests back so they stay within the exchange's limit, counted on the
/// monotonic clock (a wall clock stepped back must not hold requests for an hour).
actor RequestPacer {
    private var budget: RequestBudget
    private let clock: any RuntimeClock

    init(limit: RequestLimit, clock: any RuntimeClock = SystemClock()) {
        budget = RequestBudget(limit: limit)
        self.clock = clock
    }

    /// Waits until a request to `path` may go.
    func waitForTurn(path: String) async throws {
        let now = clock.monotonicNow().sinceOrigin.inMicroseconds
        let at = budget.reserve(RequestLimit.category(ofPath: path), at: now)
        if at > now { try await clock.sleep(for: .microseconds(at - now)) }
    }
}
