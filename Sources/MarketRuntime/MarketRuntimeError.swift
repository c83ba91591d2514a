import MarketCore

/// Why a feed session ended.
public enum MarketRuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exchange closed the connection.
    case closedByExchange
    /// No market data arrived for this many seconds.
    case silent(seconds: Double)
    /// The market listing held no market quoted in KRW.
    case noKRWMarkets
    /// The exchange answered a request with an error.
    case rejected(String)

    public var description: String {
        switch self {
        case .closedByExchange: "the exchange closed the connection"
        case .silent(let seconds): "no market data for \(Int(clampingRounded: seconds)) s"
        case .noKRWMarkets: "the exchange lists no KRW market"
        case .rejected(let message): "the exchange refused: \(message)"
        }
    }
}
