/// How far one coin's won price on a Korean exchange stands above (or below) the world's: its
/// USDT price on the reference exchange turned into won at a rate (김치 프리미엄).
public struct KimchiPremium: Sendable, Hashable {
    /// The Korean market (`KRW-BTC`).
    public let market: MarketCode
    /// The Korean exchange.
    public let exchange: Exchange
    /// The won price there.
    public let price: ExactDecimal
    /// The reference market (`USDT-BTC`).
    public let referenceMarket: MarketCode
    /// The reference price in USDT.
    public let referencePrice: ExactDecimal
    /// Won per dollar.
    public let rate: ExactDecimal

    /// Creates a premium from its figures.
    public init(
        market: MarketCode, exchange: Exchange, price: ExactDecimal, referenceMarket: MarketCode, referencePrice: ExactDecimal,
        rate: ExactDecimal
    ) {
        self.market = market
        self.exchange = exchange
        self.price = price
        self.referenceMarket = referenceMarket
        self.referencePrice = referencePrice
        self.rate = rate
    }

    /// The reference price in won: USDT price × rate, exact (the two carry at most 18
    /// fractional digits between them; a USDT price has 8, a rate 2 to 4).
    public var referencePriceKRW: ExactDecimal { referencePrice * rate }

    /// (price ÷ won reference − 1) × 100, computed exactly and rounded once, half to even, at
    /// 10⁻⁸; `nil` when the won reference is zero.
    public var premiumPercent: ExactDecimal? {
        Self.percent(of: price, over: referencePriceKRW)
    }

    /// (`value` ÷ `base` − 1) × 100 as ``premiumPercent`` rounds it.
    static func percent(of value: ExactDecimal, over base: ExactDecimal) -> ExactDecimal? {
        (value - base).shifted(byPowerOfTen: 2).divided(by: base, roundedToFractionDigits: 8)
    }

    /// The premium of KRW-USDT itself against the rate (테더 프리미엄): how far Korea prices the
    /// dollar coin above the dollar; `nil` when the rate is zero.
    public static func tetherPremium(krwUSDT: ExactDecimal, rate: ExactDecimal) -> ExactDecimal? {
        percent(of: krwUSDT, over: rate)
    }

    /// The reference market of a KRW market: the same coin quoted in USDT (`USDT-BTC` for `KRW-BTC`).
    public static func referenceMarket(of market: MarketCode) -> MarketCode {
        market.inTether
    }

    /// `premiums` the widest first (by the magnitude of ``premiumPercent``); equal ones by code,
    /// then by exchange.
    public static func widestFirst(_ premiums: [KimchiPremium]) -> [KimchiPremium] {
        let keyed = premiums.map { (premium: $0, width: $0.premiumPercent?.magnitude ?? .zero) }
        return keyed.sorted { lhs, rhs in
            if lhs.width != rhs.width { return lhs.width > rhs.width }
            if lhs.premium.market != rhs.premium.market { return lhs.premium.market < rhs.premium.market }
            return lhs.premium.exchange < rhs.premium.exchange
        }.map(\.premium)
    }
}
