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
        case .binance:
            ExchangeEndpoints(checked: dialect, "wss://stream.binance.com:9443/stream", "https://api.binance.com")
        }
    }

    /// The endpoints of a demo exchange (or any server with its layout) at `host:port`: the
    /// Bithumb dialects at the root, Upbit under `/upbit`, Binance under `/binance` (its
    /// combined stream endpoint at `/binance/stream`).
    public static func local(_ dialect: Dialect, host: String = "127.0.0.1", port: Int) -> ExchangeEndpoints {
        let address = authority(host: host, port: port)
        let prefix =
            switch dialect {
            case .upbit: "/upbit"
            case .binance: "/binance"
            case .bithumb, .bithumbLegacy: ""
            }
        let path =
            switch dialect {
            case .bithumbLegacy: "/pub/ws"
            case .binance: "/stream"
            case .bithumb, .upbit: "/websocket/v1"
            }
        return ExchangeEndpoints(checked: dialect, "ws://\(address)\(prefix)\(path)", "http://\(address)\(prefix)")
    }

    /// The forex quote's base URL on a demo exchange at `host:port` (`/fx`).
    public static func localForex(host: String = "127.0.0.1", port: Int) -> String {
        "http://\(authority(host: host, port: port))/fx"
    }

    /// `host:port`, an IPv6 host bracketed.
    private static func authority(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// A warning when either endpoint is plaintext (`ws://`, `http://`) and not on this machine:
    /// prices that anyone on the way can read and change. `nil` for `wss://`/`https://` and for
    /// loopback (the demo exchange, tests).
    public var plaintextWarning: String? {
        let exposed = [webSocketURL, restBaseURL].filter { url in
            let lowered = url.lowercased()
            return (lowered.hasPrefix("ws://") || lowered.hasPrefix("http://")) && !Self.isLoopback(host: EndpointURL(lowered)?.host ?? lowered)
        }
        guard let first = exposed.first else { return nil }
        return "\(first) is not encrypted: anyone on the way can read and change its prices (use wss:// and https://)"
    }

    /// Whether `url`'s host is this machine.
    func isLoopback(_ url: String) -> Bool {
        Self.isLoopback(host: EndpointURL(url.lowercased())?.host ?? url)
    }

    /// `localhost`, `::1`, or an IPv4 address in 127.0.0.0/8 (written as four numbers, so that
    /// `127.0.0.1.example.com` is not taken for one).
    private static func isLoopback(host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackIPv4 =
            parts.count == 4 && parts.first == "127"
            && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) }
        return host == "localhost" || host == "::1" || isLoopbackIPv4
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
