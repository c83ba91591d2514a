import MarketCore
import Testing

/// Every operation at the edges of the range (±(10²⁰ − 10⁻¹⁸)) and of the precision (10⁻¹⁸):
/// the doc comment promises saturation, so these tests hold it to that.
@Suite struct ExactDecimalBoundsTests {
    static let tiny = ExactDecimal(count: 1, fractionDigits: 18)
    static let edges: [ExactDecimal] = [
        .greatestMagnitude, -.greatestMagnitude, tiny, -tiny, .zero, ExactDecimal(1), ExactDecimal(-1),
        ExactDecimal.greatestMagnitude - ExactDecimal(1),
    ]
    static let pairs: [(ExactDecimal, ExactDecimal)] = edges.flatMap { lhs in edges.map { (lhs, $0) } }

    @Test(arguments: pairs)
    func everyBinaryOperationStaysInRange(lhs: ExactDecimal, rhs: ExactDecimal) {
        let results = [
            lhs + rhs, lhs - rhs, lhs * rhs, lhs.divided(by: rhs) ?? .zero,
            lhs.floored(toMultipleOf: rhs.magnitude),
        ]
        for result in results {
            #expect(result.magnitude <= .greatestMagnitude)
        }
        var sum = lhs
        sum += rhs
        #expect(sum == lhs + rhs)
        var difference = lhs
        difference -= rhs
        #expect(difference == lhs - rhs)
        _ = lhs.count(of: rhs)
    }

    @Test func sumsSaturateAtTheTopAndTheBottom() {
        let top = ExactDecimal.greatestMagnitude
        #expect(top + top == top)
        #expect(-top + -top == -top)
        #expect(top - -top == top)
        #expect(-top - top == -top)
        #expect(top + -top == .zero)
        #expect(top + Self.tiny == top)
        #expect((top - Self.tiny) + Self.tiny == top)
        #expect(-top - Self.tiny == -top)
    }

    @Test func productsAndQuotientsSaturateOrRoundAtTheEdges() {
        let top = ExactDecimal.greatestMagnitude
        #expect(top * top == top)
        #expect(top * -top == -top)
        #expect(Self.tiny * Self.tiny == .zero)
        #expect(top * Self.tiny == ExactDecimal(100))
        #expect(top.divided(by: Self.tiny) == top)
        #expect((-top).divided(by: Self.tiny) == -top)
        #expect(Self.tiny.divided(by: top) == .zero)
        #expect(Self.tiny.divided(by: ExactDecimal(2)) == .zero)
        #expect(ExactDecimal(3).count(of: Self.tiny) == 3_000_000_000_000_000_000)
        #expect(top.count(of: Self.tiny) == Int.max)
        #expect((-top).count(of: Self.tiny) == Int.min)
    }

    @Test func flooringAndShiftingSaturate() {
        let top = ExactDecimal.greatestMagnitude
        #expect((-top).floored(toMultipleOf: top) == -top)
        #expect(top.floored(toMultipleOf: top) == top)
        #expect(Self.tiny.floored(toMultipleOf: ExactDecimal(1)) == .zero)
        #expect(top.shifted(byPowerOfTen: 1) == top)
        #expect((-top).shifted(byPowerOfTen: 40) == -top)
        #expect(Self.tiny.shifted(byPowerOfTen: -1) == .zero)
        #expect(Self.tiny.shifted(byPowerOfTen: -40) == .zero)
        #expect(Self.tiny.shifted(byPowerOfTen: 18) == ExactDecimal(1))
    }

    @Test func printingAndConvertingTheEdges() {
        let top = ExactDecimal.greatestMagnitude
        #expect(top.description == "99999999999999999999.999999999999999999")
        #expect((-top).description == "-99999999999999999999.999999999999999999")
        #expect(Self.tiny.description == "0.000000000000000001")
        #expect(top.rounded(toFractionDigits: 0) == top)
        #expect(top.formatted(fractionDigits: 2) == "99999999999999999999.99")
        #expect((-top).formatted(fractionDigits: 18) == "-99999999999999999999.999999999999999999")
        #expect((-Self.tiny).formatted(fractionDigits: 18) == "-0.000000000000000001")
        #expect(Self.tiny.formatted(fractionDigits: 17) == "0.00000000000000000")
        #expect(ExactDecimal("18446744073709551615")!.formatted(fractionDigits: 1) == "18446744073709551615.0")
        #expect(ExactDecimal("-18446744073709551616.25")!.formatted(fractionDigits: 1) == "-18446744073709551616.2")
        #expect(ExactDecimal.zero.formatted(fractionDigits: 0) == "0")
        #expect(top.doubleValue == 1e20)
        #expect(Self.tiny.doubleValue == 1e-18)
        #expect(ExactDecimal(Int.max) * ExactDecimal(Int.max) == top)
    }
}

extension ExactDecimalBoundsTests {
    /// A quotient rounded once to a number of digits: at the range limits it saturates, the
    /// digits are kept within 0…18, and a zero divisor has no quotient.
    @Test func aQuotientRoundedToDigitsSaturatesAndClampsItsDigits() {
        let top = ExactDecimal.greatestMagnitude
        #expect(top.divided(by: Self.tiny, roundedToFractionDigits: 2) == top)
        #expect((-top).divided(by: Self.tiny, roundedToFractionDigits: 2) == -top)
        #expect(ExactDecimal(2).divided(by: 3, roundedToFractionDigits: 0) == 1)
        #expect(ExactDecimal(5).divided(by: 2, roundedToFractionDigits: 0) == 2, "half to even")
        #expect(ExactDecimal(2).divided(by: 3, roundedToFractionDigits: -4) == 1, "below 0 digits is 0")
        #expect(ExactDecimal(2).divided(by: 3, roundedToFractionDigits: 40) == ExactDecimal(2).divided(by: 3), "above 18 is 18")
        #expect(ExactDecimal(1).divided(by: .zero, roundedToFractionDigits: 8) == nil)
        #expect(top.divided(by: 1, roundedToFractionDigits: 8) == top.rounded(toFractionDigits: 8))
    }
}
