/// A market's order book (호가): two sorted sides of price levels.
///
/// Bids are held in descending and asks in ascending price order, so index 0 of each side is
/// its best level. The book keeps every level it is told about up to `levelLimit` per side —
/// more than any screen shows — and drops the levels farthest from the touch beyond that.
public struct OrderBook: Sendable, Hashable {
    /// The market.
    public let market: MarketCode
    /// Buy levels, best (highest) first.
    public private(set) var bids: [BookLevel]
    /// Sell levels, best (lowest) first.
    public private(set) var asks: [BookLevel]
    /// Exchange time of the latest snapshot or change.
    public private(set) var timestamp: Timestamp
    /// The most levels kept per side.
    public let levelLimit: Int

    /// The default number of levels kept per side.
    public static let defaultLevelLimit = 400

    /// Creates a book from levels in any order. Levels with a zero or negative price or size
    /// are dropped; of repeated prices the last one wins; the best `levelLimit` a side are kept.
    public init(
        market: MarketCode, bids: [BookLevel], asks: [BookLevel], timestamp: Timestamp,
        levelLimit: Int = OrderBook.defaultLevelLimit
    ) {
        self.market = market
        self.levelLimit = Swift.max(1, levelLimit)
        self.timestamp = timestamp
        self.bids = Self.normalized(bids, side: .bid, limit: self.levelLimit)
        self.asks = Self.normalized(asks, side: .ask, limit: self.levelLimit)
    }

    /// `book` keeping its best `levelLimit` levels a side. A book's sides are always in order,
    /// so they are only cut, not sorted again.
    public init(_ book: OrderBook, levelLimit: Int) {
        market = book.market
        self.levelLimit = Swift.max(1, levelLimit)
        timestamp = book.timestamp
        bids = book.bids.count <= self.levelLimit ? book.bids : Array(book.bids.prefix(self.levelLimit))
        asks = book.asks.count <= self.levelLimit ? book.asks : Array(book.asks.prefix(self.levelLimit))
    }

    /// Replaces both sides, as a whole-book frame requires.
    public mutating func replace(bids: [BookLevel], asks: [BookLevel], timestamp: Timestamp) {
        self.bids = Self.normalized(bids, side: .bid, limit: levelLimit)
        self.asks = Self.normalized(asks, side: .ask, limit: levelLimit)
        self.timestamp = timestamp
    }

    /// Applies absolute-size changes in order: a positive size sets the level, zero deletes it.
    public mutating func apply(_ delta: OrderBookDelta) {
        for change in delta.changes {
            set(change.side, price: change.price, quantity: change.quantity)
        }
        timestamp = delta.timestamp
    }

    /// Sets one level to an absolute size; zero (or less) deletes it. Non-positive prices are ignored.
    public mutating func set(_ side: BookSide, price: ExactDecimal, quantity: ExactDecimal) {
        guard price > .zero else { return }
        switch side {
        case .bid: Self.set(&bids, side: .bid, price: price, quantity: quantity, limit: levelLimit)
        case .ask: Self.set(&asks, side: .ask, price: price, quantity: quantity, limit: levelLimit)
        }
    }

    /// The best `count` levels of each side.
    public func top(_ count: Int) -> (bids: ArraySlice<BookLevel>, asks: ArraySlice<BookLevel>) {
        let n = Swift.max(0, count)
        return (bids.prefix(n), asks.prefix(n))
    }

    /// The highest bid.
    public var bestBid: BookLevel? { bids.first }

    /// The lowest ask.
    public var bestAsk: BookLevel? { asks.first }

    /// Best ask minus best bid, when both sides have a level.
    public var spread: ExactDecimal? {
        guard let bid = bestBid, let ask = bestAsk else { return nil }
        return ask.price - bid.price
    }

    /// Whether the best bid is at or above the best ask — impossible on a healthy book.
    public var isCrossed: Bool {
        guard let bid = bestBid, let ask = bestAsk else { return false }
        return bid.price >= ask.price
    }

    /// The levels with a positive price and size, best first, one per price (the last given
    /// wins), at most `limit`: O(n log n) whatever order and size the input has.
    private static func normalized(_ levels: [BookLevel], side: BookSide, limit: Int) -> [BookLevel] {
        let isPositive = { (level: BookLevel) in level.price > .zero && level.quantity > .zero }
        if levels.count <= limit, levels.allSatisfy(isPositive), isStrictlyOrdered(levels, side: side) {
            return levels
        }
        var ordered = levels.enumerated().filter { isPositive($0.element) }
        ordered.sort { lhs, rhs in
            guard lhs.element.price != rhs.element.price else { return lhs.offset > rhs.offset }
            return side == .bid ? lhs.element.price > rhs.element.price : lhs.element.price < rhs.element.price
        }
        var result: [BookLevel] = []
        result.reserveCapacity(Swift.min(ordered.count, limit))
        for (_, level) in ordered where result.last?.price != level.price {
            guard result.count < limit else { break }
            result.append(level)
        }
        return result
    }

    static func isStrictlyOrdered(_ levels: [BookLevel], side: BookSide) -> Bool {
        guard levels.count > 1 else { return true }
        for index in 1..<levels.count {
            let (previous, current) = (levels[index - 1].price, levels[index].price)
            if side == .bid ? !(previous > current) : !(previous < current) { return false }
        }
        return true
    }

    private static func set(
        _ levels: inout [BookLevel], side: BookSide, price: ExactDecimal,
        quantity: ExactDecimal, limit: Int
    ) {
        let index = insertionIndex(of: price, in: levels, side: side)
        let exists = index < levels.count && levels[index].price == price
        if quantity <= .zero {
            if exists { levels.remove(at: index) }
        } else if exists {
            levels[index].quantity = quantity
        } else if index < limit {
            levels.insert(BookLevel(price: price, quantity: quantity), at: index)
            if levels.count > limit { levels.removeLast() }
        }
    }

    /// Binary search: the first index whose price is not better than `price`.
    private static func insertionIndex(of price: ExactDecimal, in levels: [BookLevel], side: BookSide) -> Int {
        var low = 0
        var high = levels.count
        while low < high {
            let middle = (low + high) / 2
            let better = side == .bid ? levels[middle].price > price : levels[middle].price < price
            if better { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
