/// One coin listed on two exchanges: each one's price and the gap between them (the basis of
/// the comparison tab and `snapshot --exchange bithumb,upbit`).
public struct PriceGap: Sendable, Hashable {
    /// The market code both exchanges use.
    public let code: MarketCode
    /// The price on Bithumb, the reference.
    public let bithumb: ExactDecimal
    /// The price on Upbit.
    public let upbit: ExactDecimal

    /// Creates a gap from two prices.
    public init(code: MarketCode, bithumb: ExactDecimal, upbit: ExactDecimal) {
        self.code = code
        self.bithumb = bithumb
        self.upbit = upbit
    }

    /// Upbit's price less Bithumb's, exact.
    public var gap: ExactDecimal { upbit - bithumb }

    /// The gap as a percentage of Bithumb's price: gap ÷ bithumb × 100, computed exactly and
    /// rounded once, half to even, at 10⁻⁸; `nil` when Bithumb's price is zero.
    public var gapPercent: ExactDecimal? {
        gap.shifted(byPowerOfTen: 2).divided(by: bithumb, roundedToFractionDigits: 8)
    }

    /// The gaps of the coins priced on both exchanges, the widest first (by the magnitude of
    /// ``gapPercent``; equal ones by code).
    public static func gaps(bithumb: [MarketCode: ExactDecimal], upbit: [MarketCode: ExactDecimal]) -> [PriceGap] {
        let both = bithumb.compactMap { code, price in
            upbit[code].map { PriceGap(code: code, bithumb: price, upbit: $0) }
        }
        let keyed = both.map { (gap: $0, width: $0.gapPercent?.magnitude ?? .zero) }
        return keyed.sorted { lhs, rhs in
            lhs.width != rhs.width ? lhs.width > rhs.width : lhs.gap.code < rhs.gap.code
        }.map(\.gap)
    }
}
