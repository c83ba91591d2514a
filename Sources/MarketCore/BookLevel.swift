/// A side of an order book.
public enum BookSide: String, Sendable, Hashable {
    /// Buy orders (매수), best = highest price.
    case bid
    /// Sell orders (매도), best = lowest price.
    case ask

    /// Hashes the case: `RawRepresentable` would hash the `String` raw value, and a side is
    /// part of keys looked up every frame (a book's levels, a tape's trades).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(self == .ask)
    }
}

/// One price level: the resting size at a price.
public struct BookLevel: Sendable, Hashable {
    /// The level's price.
    public var price: ExactDecimal
    /// Total resting size at the price (잔량).
    public var quantity: ExactDecimal

    /// Creates a level.
    public init(price: ExactDecimal, quantity: ExactDecimal) {
        self.price = price
        self.quantity = quantity
    }
}

/// A change to one level: its new absolute size; a zero size deletes the level.
public struct BookChange: Sendable, Hashable {
    /// Which side the level is on.
    public var side: BookSide
    /// The level's price.
    public var price: ExactDecimal
    /// The new absolute size at the price; zero removes the level.
    public var quantity: ExactDecimal

    /// Creates a change.
    public init(side: BookSide, price: ExactDecimal, quantity: ExactDecimal) {
        self.side = side
        self.price = price
        self.quantity = quantity
    }
}

/// A batch of level changes for one market, as Bithumb's legacy `orderbookdepth` sends.
public struct OrderBookDelta: Sendable, Hashable {
    /// The market.
    public var market: MarketCode
    /// The changes, applied in order.
    public var changes: [BookChange]
    /// Exchange time of the changes.
    public var timestamp: Timestamp

    /// Creates a delta.
    public init(market: MarketCode, changes: [BookChange], timestamp: Timestamp) {
        self.market = market
        self.changes = changes
        self.timestamp = timestamp
    }
}
