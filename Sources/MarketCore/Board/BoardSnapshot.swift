/// Every followed exchange's snapshot at one moment: what the store publishes and the
/// dashboard draws. With one exchange it is that exchange's snapshot alone.
public struct BoardSnapshot: Sendable, Equatable {
    /// The exchanges followed, Bithumb first.
    public let exchanges: [Exchange]
    /// Each exchange's snapshot, in the order of ``exchanges`` (a board follows one or two: a
    /// look along them is cheaper than hashing).
    private let snapshots: [MarketSnapshot]
    /// What the kimchi premium is measured against: the reference exchange and the rate.
    public let premiumReference: PremiumReference

    /// A board of the given exchanges' snapshots (at least one), with what premiums are
    /// measured against.
    public init(_ snapshots: [Exchange: MarketSnapshot], premiumReference: PremiumReference = .none) {
        precondition(!snapshots.isEmpty, "a board follows at least one exchange")
        let sorted = snapshots.sorted { $0.key < $1.key }
        exchanges = sorted.map(\.key)
        self.snapshots = sorted.map(\.value)
        self.premiumReference = premiumReference
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
        snapshot(of: exchange) ?? .empty
    }

    /// `exchange`'s snapshot, `nil` when it is not followed.
    private func snapshot(of exchange: Exchange) -> MarketSnapshot? {
        for index in exchanges.indices where exchanges[index] == exchange { return snapshots[index] }
        return nil
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
        guard let bithumb = snapshot(of: .bithumb), let upbit = snapshot(of: .upbit) else { return [] }
        return PriceGap.gaps(bithumb: bithumb.listedPrices, upbit: upbit.listedPrices)
    }
}

extension BoardSnapshot {
    /// The reference exchange's snapshot, `nil` when the reference is off.
    public var reference: MarketSnapshot? { premiumReference.snapshot }

    /// The won–dollar rate premiums are measured with: the forex quote, or a followed
    /// exchange's KRW-USDT price standing in (see ``PremiumReference/rate(exchanges:snapshots:)``).
    public var wonDollarRate: WonDollarRate? {
        premiumReference.rate(exchanges: exchanges) { self[$0] }
    }

    /// `code`'s premium on `exchange` over the reference: `nil` when the coin has no won price
    /// there, no reference price, or there is no rate.
    public func premium(of code: MarketCode, on exchange: Exchange) -> KimchiPremium? {
        guard let rate = wonDollarRate?.rate else { return nil }
        return premium(of: code, on: exchange, rate: rate)
    }

    /// `code`'s premium on `exchange` at `rate`.
    public func premium(of code: MarketCode, on exchange: Exchange, rate: ExactDecimal) -> KimchiPremium? {
        let referenceMarket = KimchiPremium.referenceMarket(of: code)
        guard code.isKRW, let price = self[exchange].tickers[code]?.price, let referencePrice = reference?.tickers[referenceMarket]?.price
        else { return nil }
        return KimchiPremium(
            market: code, exchange: exchange, price: price, referenceMarket: referenceMarket, referencePrice: referencePrice, rate: rate)
    }

    /// The premiums of every coin listed and priced on `exchange` with a reference price, the
    /// widest first; empty without a reference or a rate.
    public func premiums(on exchange: Exchange) -> [KimchiPremium] {
        premiums(on: [exchange])
    }

    /// The premiums of every coin on each of `exchanges`, as for one exchange, the
    /// widest first across them all.
    public func premiums(on exchanges: [Exchange]) -> [KimchiPremium] {
        guard let rate = wonDollarRate?.rate, reference != nil else { return [] }
        return KimchiPremium.widestFirst(
            exchanges.flatMap { exchange in self[exchange].markets.compactMap { premium(of: $0.code, on: exchange, rate: rate) } })
    }

    /// KRW-USDT on `exchange` against the forex quote (테더 프리미엄); `nil` without the quote
    /// (the tether price standing in for the rate has no premium over itself) or the price.
    public func tetherPremium(on exchange: Exchange) -> ExactDecimal? {
        guard let rate = wonDollarRate, rate.source == .dunamu, let price = self[exchange].tickers[.wonTether]?.price
        else { return nil }
        return KimchiPremium.tetherPremium(krwUSDT: price, rate: rate.rate)
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
