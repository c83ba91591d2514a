/// What is held of one coin on one exchange, from one source, and what it cost.
public struct Position: Sendable, Hashable {
    /// Where the position comes from.
    public enum Source: String, Sendable, Hashable {
        /// The trades the user entered.
        case manual
        /// The exchange account's last read.
        case account

        /// Manual first.
        var order: Int { self == .manual ? 0 : 1 }
    }

    /// The exchange it is held on.
    public var exchange: Exchange
    /// The coin's KRW market.
    public var market: MarketCode
    /// Entered or read.
    public var source: Source
    /// The coins held.
    public var quantity: ExactDecimal
    /// The won paid for them (a sell takes away its share).
    public var cost: ExactDecimal
    /// The profit taken by selling: (sell price − average price) × quantity sold, summed.
    public var realizedProfit: ExactDecimal

    /// Creates a position.
    public init(
        exchange: Exchange, market: MarketCode, source: Source, quantity: ExactDecimal, cost: ExactDecimal,
        realizedProfit: ExactDecimal = .zero
    ) {
        self.exchange = exchange
        self.market = market
        self.source = source
        self.quantity = quantity
        self.cost = cost
        self.realizedProfit = realizedProfit
    }

    /// Cost ÷ quantity, rounded half to even at 10⁻¹⁸; zero when nothing is held.
    public var averagePrice: ExactDecimal { cost.divided(by: quantity) ?? .zero }

    /// The position after buying `quantity` at `price`: the cost grows by the exact product.
    public func buying(_ quantity: ExactDecimal, at price: ExactDecimal) -> Position {
        var next = self
        next.quantity += quantity
        next.cost += quantity * price
        return next
    }

    /// The position after selling `quantity` (at most what is held) at `price`: the cost falls
    /// in proportion, and (price − average) × quantity is taken as profit.
    public func selling(_ quantity: ExactDecimal, at price: ExactDecimal) -> Position {
        let sold = Swift.min(quantity, self.quantity)
        guard sold > .zero else { return self }
        var next = self
        next.realizedProfit += (price - averagePrice) * sold
        if sold == self.quantity {
            next.quantity = .zero
            next.cost = .zero
        } else {
            next.quantity -= sold
            next.cost -= cost.multiplied(by: sold, dividedBy: self.quantity) ?? .zero
        }
        return next
    }
}
