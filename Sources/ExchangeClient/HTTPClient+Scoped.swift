import AsyncHTTPClient

/// Runs `body` with an HTTP client of its own, shut down when `body` ends: the connections kept
/// for reuse are closed then, not a minute later (a server stopping with us, like the
/// in-process demo exchange, waits for them). The client follows no redirect (an exchange's
/// API answers where it is asked, and a redirect could lead from https:// to plaintext
/// http://); a redirect is a failed request.
func withHTTPClient<Result: Sendable>(_ body: (HTTPClient) async throws -> Result) async throws -> Result {
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
    let result: Swift.Result<Result, any Error>
    do {
        result = .success(try await body(client))
    } catch {
        result = .failure(error)
    }
    try? await client.shutdown()
    return try result.get()
}
