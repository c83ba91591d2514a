/// One coin's order books on Bithumb and Upbit on one price axis, and whether they cross:
/// one exchange's best bid above the other's best ask (buy on one, sell on the other at once).
public struct BookComparison: Sendable, Hashable {
    /// One exchange's resting quantity at a price.
    public struct Resting: Sendable, Hashable {
        /// Bid or ask.
        public let side: BookSide
        /// The quantity resting there.
        public let quantity: ExactDecimal

        /// Creates a resting quantity.
        public init(side: BookSide, quantity: ExactDecimal) {
            self.side = side
            self.quantity = quantity
        }
    }

    /// One price of the axis with each exchange's level there, if any.
    public struct Row: Sendable, Hashable {
        public let price: ExactDecimal
        public let bithumb: Resting?
        public let upbit: Resting?
        /// Whether the price lies within the cross (between the lower best ask and the higher
        /// best bid, inclusive).
        public let isCrossed: Bool
    }

    /// The books crossing: buy at `ask` on `buyOn`, sell at `bid` on `sellOn`.
    public struct Cross: Sendable, Hashable {
        /// Where the best ask is below the other's best bid.
        public let buyOn: Exchange
        /// Where the best bid is above the other's best ask.
        public let sellOn: Exchange
        public let ask: ExactDecimal
        public let bid: ExactDecimal

        /// Won a unit earned before fees: bid − ask, above zero.
        public var edge: ExactDecimal { bid - ask }
    }

    /// Every price either book holds, highest first.
    public let rows: [Row]
    /// The cross, or `nil` when neither exchange's best bid reaches the other's best ask.
    public let cross: Cross?
    /// Each exchange's best bid and best ask, where it has one.
    public let bestBids: [Exchange: ExactDecimal]
    public let bestAsks: [Exchange: ExactDecimal]

    /// Compares the two books (either may be missing).
    public init(bithumb: OrderBook?, upbit: OrderBook?) {
        cross = Self.cross(bithumb: bithumb, upbit: upbit)
        bestBids = [.bithumb: bithumb?.bestBid?.price, .upbit: upbit?.bestBid?.price].compactMapValues { $0 }
        bestAsks = [.bithumb: bithumb?.bestAsk?.price, .upbit: upbit?.bestAsk?.price].compactMapValues { $0 }
        let onBithumb = Self.resting(bithumb)
        let onUpbit = Self.resting(upbit)
        let crossed = cross.map { $0.ask...$0.bid }
        rows = Set(onBithumb.keys).union(onUpbit.keys).sorted(by: >).map { price in
            Row(price: price, bithumb: onBithumb[price], upbit: onUpbit[price], isCrossed: crossed?.contains(price) == true)
        }
    }

    private static func resting(_ book: OrderBook?) -> [ExactDecimal: Resting] {
        guard let book else { return [:] }
        var levels: [ExactDecimal: Resting] = [:]
        for level in book.asks { levels[level.price] = Resting(side: .ask, quantity: level.quantity) }
        for level in book.bids { levels[level.price] = Resting(side: .bid, quantity: level.quantity) }
        return levels
    }

    /// The index of the first row at or below the middle of the highest best bid and the
    /// lowest best ask: where a window of the axis is centred.
    public var middleIndex: Int {
        let bid = bestBids.values.max()
        let ask = bestAsks.values.min()
        guard let middle = bid.flatMap({ bid in ask.flatMap { (bid + $0).divided(by: 2) } }) ?? bid ?? ask else { return 0 }
        return rows.firstIndex { $0.price <= middle } ?? max(0, rows.count - 1)
    }

    /// Whether `row`'s level on `exchange` is that exchange's best bid or best ask.
    public func isBest(_ row: Row, on exchange: Exchange) -> Bool {
        row.price == bestBids[exchange] || row.price == bestAsks[exchange]
    }

    private static func cross(bithumb: OrderBook?, upbit: OrderBook?) -> Cross? {
        if let bid = bithumb?.bestBid?.price, let ask = upbit?.bestAsk?.price, bid > ask {
            return Cross(buyOn: .upbit, sellOn: .bithumb, ask: ask, bid: bid)
        }
        if let bid = upbit?.bestBid?.price, let ask = bithumb?.bestAsk?.price, bid > ask {
            return Cross(buyOn: .bithumb, sellOn: .upbit, ask: ask, bid: bid)
        }
        return nil
    }
}
