import Testing

@testable import MarketCore

/// The tick table worked out in hundred-millionths of a won against the same steps taken in
/// exact decimals, which is how the simulator placed its prices first.
@Suite struct KRWTickTableTests {
    /// The nearest valid price as first written: every step an `ExactDecimal`.
    static func nearestInDecimals(to value: Double) -> ExactDecimal {
        let rough = ExactDecimal(count: Int(max(1, (value * 1e8).rounded())), fractionDigits: 8)
        let tick = KRWTickTable.tick(at: rough)
        let floor = rough.floored(toMultipleOf: tick)
        let chosen = (rough - floor) + (rough - floor) >= tick ? floor + tick : floor
        let snapped = chosen.floored(toMultipleOf: KRWTickTable.tick(at: chosen))
        return max(snapped, KRWTickTable.finestTick)
    }

    /// `count` × 10^−`digits` made from the integer and shifted, as `init(count:fractionDigits:)`
    /// was first written.
    static func shifted(_ count: Int, _ digits: Int) -> ExactDecimal {
        ExactDecimal(count).shifted(byPowerOfTen: -digits)
    }

    @Test func theNearestPriceIsTheOneTheDecimalStepsFind() {
        var random = SeededGenerator(seed: 0x71C4)
        let edges = KRWTickTable.bandCounts.flatMap { band in
            [band.floor, band.floor - band.tick / 2, band.floor + band.tick / 2, band.floor - 1].map { Double($0) / 1e8 }
        }
        let values =
            edges
            + (0..<200_000).map { _ in
                // Spread over every band, from 10⁻⁹ to 10⁹ won.
                pow10(Double.random(in: -9...9, using: &random))
            }
        for value in values where value >= 0 {
            #expect(KRWTickTable.nearest(to: value) == Self.nearestInDecimals(to: value), "\(value)")
        }
        #expect(KRWTickTable.nearest(to: 0) == KRWTickTable.finestTick)
        #expect(KRWTickTable.nearest(to: 999_999.6) == ExactDecimal(1_000_000))
        #expect(KRWTickTable.nearest(to: 1_000_499.9) == ExactDecimal(1_000_000))
        #expect(KRWTickTable.nearest(to: 1_000_500) == ExactDecimal(1_001_000), "a tie goes up")
    }

    @Test func aHugeOrUndefinedValueIsClampedNotATrap() {
        #expect(KRWTickTable.nearest(to: .infinity) == ExactDecimal(10_000_000_000))
        #expect(KRWTickTable.nearest(to: 1e300) == ExactDecimal(10_000_000_000))
        #expect(KRWTickTable.nearest(to: .nan) == KRWTickTable.finestTick)
        #expect(KRWTickTable.nearest(to: -5) == KRWTickTable.finestTick)
    }

    @Test func theBandsInDecimalsAreTheBandsInCounts() {
        for (band, count) in zip(KRWTickTable.bands, KRWTickTable.bandCounts) {
            #expect(band.floor == Self.shifted(count.floor, 8) && band.tick == Self.shifted(count.tick, 8))
            #expect(band.floor.floored(toMultipleOf: band.tick) == band.floor, "a band starts on its own grid")
        }
        #expect(KRWTickTable.bandCounts.map(\.floor) == KRWTickTable.bandCounts.map(\.floor).sorted(by: >))
    }

    @Test func aCountWithFractionDigitsIsTheIntegerShifted() {
        var random = SeededGenerator(seed: 0xC0DE)
        for _ in 0..<50_000 {
            let count =
                Bool.random(using: &random)
                ? Int.random(in: Int.min...Int.max, using: &random) : Int.random(in: -1_000_000...1_000_000, using: &random)
            let digits = Int.random(in: -20...40, using: &random)
            #expect(ExactDecimal(count: count, fractionDigits: digits) == Self.shifted(count, digits), "\(count) \(digits)")
        }
        for digits in 0...ExactDecimal.scale {
            #expect(ExactDecimal(count: .max, fractionDigits: digits) == Self.shifted(.max, digits))
            #expect(ExactDecimal(count: .min, fractionDigits: digits) == Self.shifted(.min, digits))
        }
    }

    private func pow10(_ exponent: Double) -> Double {
        var value = 1.0
        var whole = Int(exponent.rounded(.down))
        while whole > 0 {
            value *= 10
            whole -= 1
        }
        while whole < 0 {
            value /= 10
            whole += 1
        }
        let fraction = exponent - exponent.rounded(.down)
        return value * (1 + fraction * 9)
    }
}
