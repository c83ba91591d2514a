/// Which side took liquidity in a trade.
public enum TradeSide: String, Sendable, Hashable {
    /// A buyer hit the ask (매수체결; Bithumb/Upbit `BID`).
    case buy
    /// A seller hit the bid (매도체결; Bithumb/Upbit `ASK`).
    case sell

    /// Hashes the case: `RawRepresentable` would hash the `String` raw value, and a side is
    /// part of keys looked up every frame (a book's levels, a tape's trades).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(self == .sell)
    }
}

/// One executed trade (체결).
public struct Trade: Sendable, Hashable {
    /// The market.
    public var market: MarketCode
    /// Execution price.
    public var price: ExactDecimal
    /// Executed size in the base currency.
    public var quantity: ExactDecimal
    /// The aggressor's side.
    public var side: TradeSide
    /// Execution time.
    public var timestamp: Timestamp
    /// The exchange's trade id (`sequential_id`), when the feed has one; it can exceed 2⁵³.
    public var id: UInt64?

    /// Creates a trade.
    public init(
        market: MarketCode, price: ExactDecimal, quantity: ExactDecimal, side: TradeSide,
        timestamp: Timestamp, id: UInt64? = nil
    ) {
        self.market = market
        self.price = price
        self.quantity = quantity
        self.side = side
        self.timestamp = timestamp
        self.id = id
    }

    /// Whether two records describe the same execution: the same id where both have one,
    /// otherwise the same price, size, side and time. A time on a whole second matches any
    /// time within that second, because Bithumb's legacy REST history stamps trades to the
    /// second while its stream stamps the same trades to the microsecond.
    public func isSameExecution(as other: Trade) -> Bool {
        if let id, let otherID = other.id { return id == otherID }
        guard price == other.price, quantity == other.quantity, side == other.side else { return false }
        return timestamp == other.timestamp || timestamp.isWithinWholeSecond(other.timestamp)
            || other.timestamp.isWithinWholeSecond(timestamp)
    }
}

extension Timestamp {
    /// Whether this time lies on a whole second and `other` falls within that second.
    fileprivate func isWithinWholeSecond(_ other: Timestamp) -> Bool {
        isWholeSecond && other.floored(toMultipleOf: 1_000_000) == self
    }
}
