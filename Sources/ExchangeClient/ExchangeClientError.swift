/// Failures of the exchange adapters.
public enum ExchangeClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A URL with the wrong scheme or no host.
    case invalidURL(String, expected: String)
    /// A REST request answered with a status other than 200, and what its body said.
    case httpStatus(Int, path: String, detail: String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let expected): "invalid URL \(url): expected \(expected)"
        case .httpStatus(let status, let path, let detail):
            detail.isEmpty ? "HTTP \(status) for \(path)" : "HTTP \(status) for \(path): \(detail)"
        }
    }
}
