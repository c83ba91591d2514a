/// The positions valued at each exchange's last price: what each is worth, its profit, its share
/// of the coins' value and its move since the previous close, and the totals (투자내역).
///
/// Every division is rounded half to even at 10⁻¹⁸; products are exact.
public struct HoldingsValuation: Sendable, Hashable {
    /// How a position's price was found.
    public enum Pricing: String, Sendable, Hashable {
        /// The exchange's last price.
        case priced
        /// The exchange lists the market, but no price has come yet.
        case awaiting
        /// The exchange does not list the market (delisted, or never was).
        case unlisted
        /// The exchange is not followed now.
        case notFollowed
    }

    /// One position and its worth.
    public struct Row: Sendable, Hashable {
        /// The position.
        public var position: Position
        /// How its price was found.
        public var pricing: Pricing
        /// The last price, when there is one.
        public var price: ExactDecimal?
        /// Quantity × price.
        public var value: ExactDecimal?
        /// Value − cost.
        public var profit: ExactDecimal?
        /// Profit ÷ cost × 100 (`nil` at no cost).
        public var profitPercent: ExactDecimal?
        /// Value ÷ the coins' total value × 100.
        public var weightPercent: ExactDecimal?
        /// Value now − value at the previous close, on the exchange's own basis (the table's change).
        public var change24h: ExactDecimal?
    }

    /// The sums over the priced positions, and the won held.
    public struct Totals: Sendable, Hashable {
        /// What the priced positions cost (총매수).
        public var cost: ExactDecimal
        /// What they are worth (총평가).
        public var value: ExactDecimal
        /// Value − cost (평가손익).
        public var profit: ExactDecimal
        /// Profit ÷ cost × 100 (수익률; `nil` at no cost).
        public var profitPercent: ExactDecimal?
        /// Profit taken by selling, over every manual position.
        public var realizedProfit: ExactDecimal
        /// The won held.
        public var cash: ExactDecimal
        /// Value + cash (총보유자산).
        public var assets: ExactDecimal
        /// Positions without a price, left out of the sums above.
        public var unpriced: Int
    }

    /// The positions held, the most valuable first (those without a price last, by market).
    public let rows: [Row]
    /// The totals.
    public let totals: Totals

    /// Values `holdings` at the prices of `board`.
    public init(_ holdings: Holdings, board: BoardSnapshot) {
        let positions = holdings.positions
        var rows = positions.filter { $0.quantity > .zero }.map { Self.row($0, board: board) }
        let value = rows.reduce(ExactDecimal.zero) { $0 + ($1.value ?? .zero) }
        for index in rows.indices {
            rows[index].weightPercent = rows[index].value.flatMap { Self.percent($0, of: value) }
        }
        self.rows = rows.sorted { left, right in
            switch (left.value, right.value) {
            case (let left?, let right?) where left != right: left > right
            case (.some, nil): true
            case (nil, .some): false
            default: (left.position.market, left.position.exchange) < (right.position.market, right.position.exchange)
            }
        }
        let priced = rows.filter { $0.value != nil }
        let cost = priced.reduce(ExactDecimal.zero) { $0 + $1.position.cost }
        let cash = holdings.cash
        totals = Totals(
            cost: cost, value: value, profit: value - cost, profitPercent: Self.percent(value - cost, of: cost),
            realizedProfit: positions.reduce(.zero) { $0 + $1.realizedProfit }, cash: cash, assets: value + cash,
            unpriced: rows.count - priced.count)
    }

    private static func row(_ position: Position, board: BoardSnapshot) -> Row {
        guard board.exchanges.contains(position.exchange) else {
            return Row(position: position, pricing: .notFollowed)
        }
        let snapshot = board[position.exchange]
        guard let ticker = snapshot.tickers[position.market] else {
            let listed = snapshot.lists(position.market)
            return Row(position: position, pricing: listed || snapshot.markets.isEmpty ? .awaiting : .unlisted)
        }
        let value = position.quantity * ticker.price
        let profit = value - position.cost
        return Row(
            position: position, pricing: .priced, price: ticker.price, value: value, profit: profit,
            profitPercent: percent(profit, of: position.cost), change24h: position.quantity * ticker.change.signedAmount)
    }

    /// `part` ÷ `whole` × 100, or `nil` when `whole` is zero.
    private static func percent(_ part: ExactDecimal, of whole: ExactDecimal) -> ExactDecimal? {
        part.multiplied(by: ExactDecimal(100), dividedBy: whole)
    }
}

extension HoldingsValuation.Row {
    init(position: Position, pricing: HoldingsValuation.Pricing) {
        self.init(
            position: position, pricing: pricing, price: nil, value: nil, profit: nil, profitPercent: nil,
            weightPercent: nil, change24h: nil)
    }
}
