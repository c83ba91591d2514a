import MarketCore
import SystemTime

/// Holds REST requests back so they stay within the exchange's limit, counted on the
/// monotonic clock (a wall clock stepped back must not hold requests for an hour), and — where
/// the exchange says what is used or asks for a pause — until it allows more.
actor RequestPacer {
    private var budget: RequestBudget
    private let clock: any RuntimeClock
    /// No request goes before this monotonic time (µs since the clock's origin).
    private var heldUntil: Int64 = 0

    init(limit: RequestLimit, clock: any RuntimeClock = SystemClock()) {
        budget = RequestBudget(limit: limit)
        self.clock = clock
    }

    /// Waits until a request to `path` may go.
    func waitForTurn(path: String) async throws {
        let now = clock.monotonicNow().sinceOrigin.inMicroseconds
        let at = max(heldUntil, budget.reserve(RequestLimit.category(ofPath: path), at: now))
        if at > now { try await clock.sleep(for: .microseconds(at - now)) }
    }

    /// Takes what an answer said: the minute's weight used so far (past the limit's ceiling, no
    /// request goes until the next wall-clock minute, when the exchange's count starts again),
    /// and a `Retry-After` in seconds (HTTP 429 or 418: none goes for that long).
    func note(usedWeight: Int?, retryAfterSeconds: Int?) {
        let now = clock.monotonicNow().sinceOrigin.inMicroseconds
        if let usedWeight, let ceiling = budget.limit.usedWeightCeiling, usedWeight >= ceiling {
            let minute: Int64 = 60_000_000
            let wall = clock.wallNow().microseconds
            heldUntil = max(heldUntil, now + (minute - wall % minute))
        }
        if let retryAfterSeconds, retryAfterSeconds > 0 {
            heldUntil = max(heldUntil, now + Int64(min(retryAfterSeconds, 3600)) * 1_000_000)
        }
    }
}
