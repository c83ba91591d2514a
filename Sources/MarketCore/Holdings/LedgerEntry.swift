/// One trade the user entered by hand: a coin bought or sold at a price, or won put in or taken
/// out. The ledger is the list of them; positions are computed from it (``Holdings``).
public struct LedgerEntry: Sendable, Hashable, Identifiable {
    /// Which way the trade went.
    public enum Side: String, Sendable, Hashable, CaseIterable {
        /// Bought (coins) or put in (won).
        case buy
        /// Sold (coins) or taken out (won).
        case sell
    }

    /// What was traded.
    public enum Asset: Sendable, Hashable, Comparable {
        /// Won, kept apart from the coins (the cash of 총보유자산).
        case cash
        /// A KRW market's coin.
        case coin(MarketCode)

        /// The market, or `nil` for won.
        public var market: MarketCode? {
            if case .coin(let market) = self { market } else { nil }
        }
    }

    /// Names the entry across instances and edits.
    public let id: String
    /// Where it was traded.
    public var exchange: Exchange
    /// What was traded.
    public var asset: Asset
    /// Bought or sold.
    public var side: Side
    /// How much: coins, or won for cash. Above zero.
    public var quantity: ExactDecimal
    /// Won paid or received per coin; `nil` for cash.
    public var price: ExactDecimal?
    /// When it was entered.
    public var time: Timestamp

    /// Creates an entry.
    public init(
        id: String, exchange: Exchange, asset: Asset, side: Side, quantity: ExactDecimal, price: ExactDecimal?,
        time: Timestamp
    ) {
        self.id = id
        self.exchange = exchange
        self.asset = asset
        self.side = side
        self.quantity = quantity
        self.price = price
        self.time = time
    }

    /// An id no entry in `ledger` has: the time, the exchange and the asset, numbered when that
    /// is taken. Two instances entering the same asset at the same microsecond would merge as one.
    public static func newID(exchange: Exchange, asset: Asset, at time: Timestamp, in ledger: [LedgerEntry]) -> String {
        let base = "\(time.microseconds)-\(exchange.rawValue)-\(asset.market?.code ?? "KRW")"
        let taken = Set(ledger.map(\.id))
        var id = base
        var number = 2
        while taken.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        return id
    }
}

extension LedgerEntry.Asset {
    /// Won first, then the markets by code.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.cash, .coin): true
        case (.coin(let left), .coin(let right)): left < right
        default: false
        }
    }
}
