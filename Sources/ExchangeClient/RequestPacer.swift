import MarketCore

/// Holds REST requests back so they stay within the exchange's limit.
actor RequestPacer {
    private var budget: RequestBudget

    init(limit: RequestLimit) {
        budget = RequestBudget(limit: limit)
    }

    /// Waits until a request to `path` may go.
    func waitForTurn(path: String) async throws {
        let now = SystemClock.now().microseconds
        let at = budget.reserve(RequestLimit.category(ofPath: path), at: now)
        if at > now { try await Task.sleep(for: .microseconds(at - now)) }
    }
}
