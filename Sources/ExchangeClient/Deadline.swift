/// Runs `body`, failing with ``ExchangeClientError/timedOut(_:after:)`` (and cancelling it) when
/// it has not finished within `limit`.
func withDeadline<Value: Sendable>(
    _ limit: Duration, _ what: String,
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw ExchangeClientError.timedOut(what, after: limit)
        }
        return value
    }
}
