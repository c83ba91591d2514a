public import MarketWire

/// An exchange's REST rate limit: at most `requests` per `window` in each category (for
/// Bithumb 150 a second per category, for Upbit 10 a second per group).
public struct RequestLimit: Sendable, Hashable {
    /// Requests allowed per window and category.
    public var requests: Int
    /// The window, in microseconds.
    public var windowMicroseconds: Int64
    /// For an exchange that counts request weight a minute and says how much is used
    /// (Binance's `X-MBX-USED-WEIGHT-1M`): the weight past which no request goes until the
    /// next minute; `nil` for the others.
    public var usedWeightCeiling: Int?

    /// Creates a limit of `requests` per second.
    public init(requestsPerSecond: Int, usedWeightCeiling: Int? = nil) {
        requests = max(1, requestsPerSecond)
        windowMicroseconds = 1_000_000
        self.usedWeightCeiling = usedWeightCeiling
    }

    /// Bithumb's public REST limit (both generations).
    public static let bithumb = RequestLimit(requestsPerSecond: 150)
    /// Upbit's quotation limit.
    public static let upbit = RequestLimit(requestsPerSecond: 10)
    /// Binance's, for the reference: it counts request weight (6,000 a minute an IP); five
    /// requests a second of a kind keeps the reference's (klines at 2, a ticker chunk at 40,
    /// the listing at 20, read at a session's start) well within it, and past 4,800 used (what
    /// its answers say, other programs on the address included) requests wait for the next
    /// minute.
    public static let binance = RequestLimit(requestsPerSecond: 5, usedWeightCeiling: 4800)

    /// The header Binance states the minute's weight used so far in.
    static let usedWeightHeader = "X-MBX-USED-WEIGHT-1M"

    /// The limit of the exchange speaking `dialect`.
    public static func of(_ dialect: Dialect) -> RequestLimit {
        switch dialect {
        case .bithumb, .bithumbLegacy: .bithumb
        case .upbit: .upbit
        case .binance: .binance
        }
    }

    /// The category a request path counts against.
    static func category(ofPath path: String) -> String {
        for (marker, category) in [
            ("/candle", "candle"), ("/orderbook", "orderbook"), ("/ticker", "ticker"),
            ("/trades", "trade"), ("/transaction_history", "trade"), ("/market", "market"),
        ]
        where path.contains(marker) {
            return category
        }
        return "other"
    }
}

/// When each request may go so that no window of the limit's length holds more than its
/// number of requests in one category: a sliding log of the last sends, per category.
struct RequestBudget: Sendable {
    let limit: RequestLimit
    private var sent: [String: [Int64]] = [:]

    init(limit: RequestLimit) {
        self.limit = limit
    }

    /// Books a request in `category` asked for at `now` (µs) and returns when it may go.
    mutating func reserve(_ category: String, at now: Int64) -> Int64 {
        var log = sent[category, default: []]
        var time = now
        if log.count >= limit.requests {
            time = max(now, log[log.count - limit.requests] + limit.windowMicroseconds)
        }
        log.append(time)
        if log.count > limit.requests { log.removeFirst(log.count - limit.requests) }
        sent[category] = log
        return time
    }
}
