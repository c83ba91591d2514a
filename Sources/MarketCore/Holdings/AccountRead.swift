/// What an exchange account held when it was last read (`GET /v1/accounts`): the won balance and
/// each coin's balance with the exchange's own average buy price. A new read replaces the last.
public struct AccountRead: Sendable, Hashable {
    /// One coin's balance.
    public struct Balance: Sendable, Hashable {
        /// The coin's KRW market.
        public var market: MarketCode
        /// Free and locked together.
        public var quantity: ExactDecimal
        /// The exchange's average buy price (`avg_buy_price`).
        public var averagePrice: ExactDecimal

        /// Creates a balance.
        public init(market: MarketCode, quantity: ExactDecimal, averagePrice: ExactDecimal) {
            self.market = market
            self.quantity = quantity
            self.averagePrice = averagePrice
        }
    }

    /// The account's exchange.
    public var exchange: Exchange
    /// When it was read.
    public var readAt: Timestamp
    /// Won, free and locked.
    public var cash: ExactDecimal
    /// The coins held, by market.
    public var balances: [Balance]

    /// Creates a read.
    public init(exchange: Exchange, readAt: Timestamp, cash: ExactDecimal, balances: [Balance]) {
        self.exchange = exchange
        self.readAt = readAt
        self.cash = cash
        self.balances = balances
    }
}
