/// Something wrong with an order book's shape.
public enum BookIntegrityIssue: Sendable, Hashable {
    /// Best bid at or above best ask.
    case crossed(bestBid: ExactDecimal, bestAsk: ExactDecimal)
    /// A side is not strictly sorted from its best level outwards.
    case unsorted(BookSide)
    /// A level with a zero or negative price or size.
    case nonPositiveLevel(BookSide, price: ExactDecimal)
    /// A side holds more levels than its limit.
    case overLimit(BookSide, count: Int)
}

extension OrderBook {
    /// Every integrity issue of the book; empty for a healthy book.
    public var integrityIssues: [BookIntegrityIssue] {
        var issues: [BookIntegrityIssue] = []
        if let bid = bestBid, let ask = bestAsk, bid.price >= ask.price {
            issues.append(.crossed(bestBid: bid.price, bestAsk: ask.price))
        }
        for (side, levels) in [(BookSide.bid, bids), (BookSide.ask, asks)] {
            if !Self.isStrictlyOrdered(levels, side: side) { issues.append(.unsorted(side)) }
            if let bad = levels.first(where: { $0.price <= .zero || $0.quantity <= .zero }) {
                issues.append(.nonPositiveLevel(side, price: bad.price))
            }
            if levels.count > levelLimit { issues.append(.overLimit(side, count: levels.count)) }
        }
        return issues
    }
}
