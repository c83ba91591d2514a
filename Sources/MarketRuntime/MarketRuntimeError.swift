import MarketCore

/// Why a feed session ended.
public enum MarketRuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exchange closed the connection.
    case closedByExchange
    /// No market data arrived for this many seconds.
    case silent(seconds: Double)
    /// The market listing held no market in the quote currency followed (KRW, or USDT for the
    /// reference).
    case noMarkets(quote: String)
    /// The exchange answered a request with an error.
    case rejected(String)
    /// The connection was closed to be renewed ahead of the exchange's limit on its age.
    case renewing

    public var description: String {
        switch self {
        case .closedByExchange: "the exchange closed the connection"
        case .silent(let seconds): "no market data for \(Int(clampingRounded: seconds)) s"
        case .noMarkets(let quote): "the exchange lists no \(quote) market"
        case .rejected(let message): "the exchange refused: \(message)"
        case .renewing: "renewing the connection ahead of the exchange's limit on its age"
        }
    }
}
