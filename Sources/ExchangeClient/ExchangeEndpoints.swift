public import MarketWire

/// Where a feed's WebSocket and REST API live, and the dialect they speak.
public struct ExchangeEndpoints: Sendable, Hashable {
    /// The wire dialect.
    public var dialect: Dialect
    /// The WebSocket URL (`ws://` or `wss://`).
    public var webSocketURL: String
    /// The REST base URL (`http://` or `https://`), without a trailing slash.
    public var restBaseURL: String

    /// Creates endpoints, checking the URLs' schemes.
    public init(dialect: Dialect, webSocketURL: String, restBaseURL: String) throws(ExchangeClientError) {
        guard Self.hasScheme(webSocketURL, ["ws", "wss"]) else { throw .invalidURL(webSocketURL, expected: "ws:// or wss://") }
        guard Self.hasScheme(restBaseURL, ["http", "https"]) else {
            throw .invalidURL(restBaseURL, expected: "http:// or https://")
        }
        self.dialect = dialect
        self.webSocketURL = webSocketURL
        self.restBaseURL = restBaseURL.hasSuffix("/") ? String(restBaseURL.dropLast()) : restBaseURL
    }

    /// The exchange's public endpoints for `dialect`.
    public static func official(_ dialect: Dialect) -> ExchangeEndpoints {
        switch dialect {
        case .bithumb:
            ExchangeEndpoints(checked: dialect, "wss://ws-api.bithumb.com/websocket/v1", "https://api.bithumb.com")
        case .bithumbLegacy:
            ExchangeEndpoints(checked: dialect, "wss://pubwss.bithumb.com/pub/ws", "https://api.bithumb.com")
        case .upbit:
            ExchangeEndpoints(checked: dialect, "wss://api.upbit.com/websocket/v1", "https://api.upbit.com")
        }
    }

    /// The endpoints of a demo exchange (or any server with its layout) at `host:port`.
    public static func local(_ dialect: Dialect, host: String = "127.0.0.1", port: Int) -> ExchangeEndpoints {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let path = dialect == .bithumbLegacy ? "/pub/ws" : "/websocket/v1"
        return ExchangeEndpoints(checked: dialect, "ws://\(address)\(path)", "http://\(address)")
    }

    private init(checked dialect: Dialect, _ webSocketURL: String, _ restBaseURL: String) {
        self.dialect = dialect
        self.webSocketURL = webSocketURL
        self.restBaseURL = restBaseURL
    }

    private static func hasScheme(_ url: String, _ schemes: [String]) -> Bool {
        schemes.contains { scheme in
            url.lowercased().hasPrefix(scheme + "://") && url.count > scheme.count + 3
        }
    }
}
