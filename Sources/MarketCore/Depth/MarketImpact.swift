/// What a market order of a KRW amount would do to the held book: walked level by level from
/// the best price, in exact decimals (a part-level quantity is the KRW left ÷ the level's price,
/// rounded half to even at 10⁻¹⁸).
public struct MarketImpact: Sendable, Hashable {
    /// Which way the order goes.
    public enum Direction: String, Sendable, Hashable {
        /// Spend the amount, taking asks from the lowest up.
        case buy
        /// Receive the amount, hitting bids from the highest down.
        case sell
    }

    /// Which way the order goes.
    public let direction: Direction
    /// The KRW asked for: spent by a buy, received by a sell.
    public let amount: ExactDecimal
    /// The KRW the held book could fill: `amount` when ``isComplete``.
    public let filledAmount: ExactDecimal
    /// The coins bought or sold.
    public let quantity: ExactDecimal
    /// ``filledAmount`` ÷ ``quantity``; `nil` when nothing filled.
    public let averagePrice: ExactDecimal?
    /// The last level's price reached; `nil` when nothing filled.
    public let worstPrice: ExactDecimal?
    /// Levels reached, the last one perhaps in part.
    public let levels: Int
    /// How much worse the average is than the side's best price, in percent (never below
    /// zero); `nil` when nothing filled.
    public let slippagePercent: ExactDecimal?
    /// Whether the held book was deep enough for the whole amount.
    public let isComplete: Bool

    /// The impact of a market order of `amount` KRW in `direction` on `book`.
    public init(_ direction: Direction, amount: ExactDecimal, in book: OrderBook) {
        self.direction = direction
        self.amount = amount
        let side = direction == .buy ? book.asks : book.bids
        var remaining = amount
        var quantity = ExactDecimal.zero
        var levels = 0
        for level in side where remaining > .zero {
            levels += 1
            let value = level.price * level.quantity
            if value <= remaining {
                quantity += level.quantity
                remaining -= value
            } else {
                quantity += remaining.divided(by: level.price) ?? .zero
                remaining = .zero
            }
        }
        self.quantity = quantity
        self.levels = levels
        filledAmount = amount - Swift.max(.zero, remaining)
        isComplete = remaining <= .zero
        worstPrice = levels > 0 ? side[levels - 1].price : nil
        let average = quantity.isZero ? nil : filledAmount.divided(by: quantity)
        averagePrice = average
        if let average, let best = side.first?.price {
            let worse = direction == .buy ? average - best : best - average
            slippagePercent = (worse * ExactDecimal(100)).divided(by: best).map { Swift.max(.zero, $0) }
        } else {
            slippagePercent = nil
        }
    }
}
