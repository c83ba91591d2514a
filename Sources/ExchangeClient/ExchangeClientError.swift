/// Failures of the exchange adapters.
public enum ExchangeClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A URL with the wrong scheme or no host.
    case invalidURL(String, expected: String)
    /// A REST request answered with a status other than 200, and what its body said.
    case httpStatus(Int, path: String, detail: String)
    /// A step that did not finish within its deadline: the WebSocket handshake (connect, TLS
    /// and upgrade) or a whole REST response.
    case timedOut(String, after: Duration)
    /// A WebSocket server that answered the upgrade request with something else.
    case upgradeRefused(url: String)
    /// A WebSocket server that broke the protocol, and how.
    case webSocketProtocol(String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let expected): "invalid URL \(url): expected \(expected)"
        case .httpStatus(let status, let path, let detail):
            detail.isEmpty ? "HTTP \(status) for \(path)" : "HTTP \(status) for \(path): \(detail)"
        case .timedOut(let what, let limit): "\(what) took longer than \(limit)"
        case .upgradeRefused(let url): "\(url) did not accept a WebSocket connection"
        case .webSocketProtocol(let reason): "the server broke the WebSocket protocol: \(reason)"
        }
    }
}
