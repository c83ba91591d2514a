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
    /// API keys were to go over plaintext `http://` to another machine; nothing was sent.
    case keysOverPlaintext(String)
    /// The exchange refused to read the account: its HTTP status, error name and message.
    case accountRefused(status: Int, name: String, message: String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let expected): "invalid URL \(url): expected \(expected)"
        case .httpStatus(let status, let path, let detail):
            detail.isEmpty ? "HTTP \(status) for \(path)" : "HTTP \(status) for \(path): \(detail)"
        case .timedOut(let what, let limit): "\(what) took longer than \(limit)"
        case .upgradeRefused(let url): "\(url) did not accept a WebSocket connection"
        case .webSocketProtocol(let reason): "the server broke the WebSocket protocol: \(reason)"
        case .keysOverPlaintext(let url): "will not send API keys to \(url) over plaintext http:// (use https://)"
        case .accountRefused(let status, let name, let message):
            "the exchange refused to read the account (HTTP \(status), \(name): \(message))" + Self.hint(for: name)
        }
    }

    /// What the user can do about an account refusal, by the exchange's error name.
    private static func hint(for name: String) -> String {
        switch name {
        case "invalid_access_key": ": the access key is not known"
        case "jwt_verification": ": check the secret key, and that the key may read the account"
        case "expired_access_key": ": the key has expired; issue a new one"
        case "no_authorization_i_p", "NotAllowIP": ": this machine's IP address is not allowed for the key"
        case "out_of_scope": ": the key lacks the 자산조회 (View Account) permission"
        case "expired_jwt": ": the token's time was off; check this machine's clock"
        case "nonce_used": ": a nonce was used twice; try again"
        default: ""
        }
    }
}
