/// Every followed exchange's snapshot at one moment: what the store publishes and the
/// dashboard draws. With one exchange it is that exchange's snapshot alone.
public struct BoardSnapshot: Sendable, Equatable {
    /// The exchanges followed, Bithumb first.
    public let exchanges: [Exchange]
    /// Each exchange's snapshot; every one of ``exchanges`` has one.
    private let snapshots: [Exchange: MarketSnapshot]

    /// A board of the given exchanges' snapshots (at least one).
    public init(_ snapshots: [Exchange: MarketSnapshot]) {
        precondition(!snapshots.isEmpty, "a board follows at least one exchange")
        exchanges = snapshots.keys.sorted()
        self.snapshots = snapshots
    }

    /// A board of one exchange.
    public init(_ snapshot: MarketSnapshot, of exchange: Exchange = .bithumb) {
        self.init([exchange: snapshot])
    }

    /// A board of empty snapshots, one per exchange.
    public static func empty(_ exchanges: [Exchange] = [.bithumb]) -> BoardSnapshot {
        BoardSnapshot(Dictionary(uniqueKeysWithValues: exchanges.map { ($0, MarketSnapshot.empty) }))
    }

    /// The first exchange's snapshot: Bithumb's when it is followed.
    public var primary: MarketSnapshot { self[exchanges[0]] }

    /// `exchange`'s snapshot, or an empty one when it is not followed.
    public subscript(exchange: Exchange) -> MarketSnapshot {
        snapshots[exchange] ?? .empty
    }

    /// Whether more than one exchange is followed.
    public var isComparing: Bool { exchanges.count > 1 }

    /// `code`'s gap between Bithumb and Upbit, when both price it.
    public func gap(of code: MarketCode) -> PriceGap? {
        guard let bithumb = self[.bithumb].tickers[code]?.price, let upbit = self[.upbit].tickers[code]?.price else { return nil }
        return PriceGap(code: code, bithumb: bithumb, upbit: upbit)
    }

    /// The gaps of the coins listed and priced on both Bithumb and Upbit, widest first; empty
    /// unless both are followed.
    public var gaps: [PriceGap] {
        guard let bithumb = snapshots[.bithumb], let upbit = snapshots[.upbit] else { return [] }
        return PriceGap.gaps(bithumb: bithumb.listedPrices, upbit: upbit.listedPrices)
    }
}

extension MarketSnapshot {
    /// The last price of every listed market that has one.
    var listedPrices: [MarketCode: ExactDecimal] {
        var prices: [MarketCode: ExactDecimal] = [:]
        for market in markets { prices[market.code] = tickers[market.code]?.price }
        return prices
    }
}
