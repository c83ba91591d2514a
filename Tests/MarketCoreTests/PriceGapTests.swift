import MarketCore
import Testing

/// The price gap between two exchanges, exact: checked against a naive reference (integer
/// division of the prices' whole counts of 10⁻⁸ KRW) over random prices, and at the rounding
/// edges.
@Suite struct PriceGapTests {
    let btc = MarketCode(code: "KRW-BTC")!

    /// gap ÷ bithumb × 100 at 10⁻⁸, half to even, from counts of 10⁻⁸: an independent path.
    static func reference(bithumb: Int128, upbit: Int128) -> ExactDecimal {
        let numerator = (upbit - bithumb) * 100 * 100_000_000
        let negative = numerator < 0
        let (quotient, remainder) = numerator.magnitude.quotientAndRemainder(dividingBy: bithumb.magnitude)
        let twice = remainder * 2
        let up = twice > bithumb.magnitude || (twice == bithumb.magnitude && quotient % 2 == 1)
        let magnitude = up ? quotient + 1 : quotient
        let text =
            (negative && magnitude > 0 ? "-" : "") + String(magnitude / 100_000_000) + "."
            + {
                let fraction = String(magnitude % 100_000_000)
                return String(repeating: "0", count: 8 - fraction.count) + fraction
            }()
        return ExactDecimal(text)!
    }

    @Test func matchesANaiveReferenceOverRandomPrices() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<20_000 {
            let scale = (0..<Int(generator.next() % 12)).reduce(Int128(1)) { product, _ in product * 10 }
            let bithumb = Int128(generator.next() % 1_000_000 + 1) * scale / 1_000
            let drift = Int128(Int64(bitPattern: generator.next() % 2_000_001) - 1_000_000)
            let upbit = max(1, bithumb + bithumb * drift / 10_000_000 + Int128(generator.next() % 3) - 1)
            guard bithumb > 0 else { continue }
            let gap = PriceGap(
                code: btc, bithumb: ExactDecimal(count: Int(truncatingIfNeeded: bithumb), fractionDigits: 8),
                upbit: ExactDecimal(count: Int(truncatingIfNeeded: upbit), fractionDigits: 8))
            #expect(gap.gapPercent == Self.reference(bithumb: bithumb, upbit: upbit), "\(bithumb) \(upbit)")
            let difference = Int(truncatingIfNeeded: upbit - bithumb)
            #expect(gap.gap == ExactDecimal(count: difference, fractionDigits: 8))
        }
    }

    @Test func roundsOnceHalfToEven() {
        // 1/3 % rounds down; 2/3 % up; exact halves to even.
        #expect(PriceGap(code: btc, bithumb: 300, upbit: 301).gapPercent == ExactDecimal("0.33333333"))
        #expect(PriceGap(code: btc, bithumb: 300, upbit: 302).gapPercent == ExactDecimal("0.66666667"))
        #expect(PriceGap(code: btc, bithumb: 200_000_000, upbit: 200_000_001).gapPercent == ExactDecimal("0.0000005"))
        #expect(PriceGap(code: btc, bithumb: 400_000_000, upbit: 400_000_001).gapPercent == ExactDecimal("0.00000025"))
        #expect(PriceGap(code: btc, bithumb: 800_000_000, upbit: 800_000_001).gapPercent == ExactDecimal("0.00000012"))
        #expect(PriceGap(code: btc, bithumb: 800_000_000, upbit: 799_999_999).gapPercent == ExactDecimal("-0.00000012"))
        // 0.000149999999999999 ÷ 1,000,000 × 100 is 10⁻²² short of 0.000000015: rounded to 18
        // digits first it would become the tie 0.000000015 and then, half to even, 0.00000002.
        let upbit = ExactDecimal(1_000_000) + ExactDecimal("0.000149999999999999")!
        #expect(PriceGap(code: btc, bithumb: 1_000_000, upbit: upbit).gapPercent == ExactDecimal("0.00000001"))
        #expect(PriceGap(code: btc, bithumb: 1_000_000, upbit: upbit).gap == ExactDecimal("0.000149999999999999"))
        #expect(PriceGap(code: btc, bithumb: .zero, upbit: 1).gapPercent == nil)
    }

    @Test func gapsListCoinsOnBothWidestFirst() {
        let eth = MarketCode(code: "KRW-ETH")!
        let xrp = MarketCode(code: "KRW-XRP")!
        let sol = MarketCode(code: "KRW-SOL")!
        let gaps = PriceGap.gaps(
            bithumb: [btc: 100, eth: 100, xrp: 100, sol: 100], upbit: [btc: 101, eth: 97, xrp: 99, MarketCode(code: "KRW-ADA")!: 5])
        #expect(gaps.map(\.code) == [eth, btc, xrp])
        #expect(gaps.map(\.gap) == [-3, 1, -1])
    }
}
