public import MarketCore

/// The 보유 tab's figures for the exchange shown: each market held (the entered and the
/// account's positions together) valued at the last price, and the totals.
public struct HoldingsView: Sendable, Equatable {
    /// One market held.
    public struct Held: Sendable, Equatable {
        /// Coins held.
        public var quantity: ExactDecimal
        /// Won paid for them.
        public var cost: ExactDecimal
        /// Quantity × the last price, when there is one.
        public var value: ExactDecimal?
        /// Value ÷ the coins' value × 100.
        public var weightPercent: ExactDecimal?

        /// Cost ÷ quantity.
        public var averagePrice: ExactDecimal { cost.divided(by: quantity) ?? .zero }
        /// Value − cost.
        public var profit: ExactDecimal? { value.map { $0 - cost } }
        /// Profit ÷ cost × 100.
        public var profitPercent: ExactDecimal? { profit.flatMap { $0.multiplied(by: 100, dividedBy: cost) } }
    }

    /// The markets held, by code.
    public let markets: [MarketCode: Held]
    /// The sums over the markets with a price, and the won held on the exchange.
    public let totals: HoldingsValuation.Totals

    /// Nothing held.
    public static let empty = HoldingsView(.empty, exchange: .bithumb, board: .empty())

    /// `holdings` on `exchange`, valued at `board`'s prices.
    public init(_ holdings: Holdings, exchange: Exchange, board: BoardSnapshot) {
        let valuation = HoldingsValuation(holdings.on(exchange), board: board)
        var markets: [MarketCode: Held] = [:]
        for row in valuation.rows {
            let position = row.position
            guard var held = markets[position.market] else {
                markets[position.market] = Held(
                    quantity: position.quantity, cost: position.cost, value: row.value, weightPercent: row.weightPercent)
                continue
            }
            held.quantity += position.quantity
            held.cost += position.cost
            held.value = held.value.flatMap { total in row.value.map { total + $0 } }
            held.weightPercent = held.weightPercent.flatMap { total in row.weightPercent.map { total + $0 } }
            markets[position.market] = held
        }
        self.markets = markets
        totals = valuation.totals
    }
}
