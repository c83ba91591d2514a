import MarketCore
import Testing

@Suite struct ExactDecimalTests {
    @Test(arguments: [
        ("0.00077720", "0.0007772"), ("1.16539E8", "116539000"), ("0E-8", "0"), ("7.9276E-4", "0.00079276"),
        ("5.0E-4", "0.0005"), ("1.4E-7", "0.00000014"), ("-2.7E-7", "-0.00000027"), ("50000000.0000", "50000000"),
        ("45741663716.89916828275244531", "45741663716.89916828275244531"),
        ("1.76373410121466379999997512", "1.7637341012146638"), ("728107452.06423197609921044", "728107452.06423197609921044"),
        ("9007199254740993", "9007199254740993"), ("1079953210371761700", "1079953210371761700"),
        ("-0", "0"), ("007", "7"), ("+12.50", "12.5"), ("1e+2", "100"), ("158219000.00000000", "158219000"),
        ("99999999999999999999.999999999999999999", "99999999999999999999.999999999999999999"),
    ])
    func parsesEveryWireSpelling(input: String, canonical: String) throws {
        let value = try #require(ExactDecimal(input))
        #expect(value.description == canonical)
        #expect(ExactDecimal(canonical) == value)
    }

    @Test func printsCanonicalText() throws {
        #expect(try #require(ExactDecimal("1.16539E8")).description == "116539000")
        #expect(try #require(ExactDecimal("0.00077720")).description == "0.0007772")
        #expect(try #require(ExactDecimal("-0.5")).description == "-0.5")
        #expect(try #require(ExactDecimal("1.763734101214663799999")).description == "1.7637341012146638")
    }

    @Test(arguments: [
        "", "-", ".", "1e", "e5", "1.2.3", " 1", "1 ", "NaN", "Infinity", "0x10", "1,000", "--1", "1e1.5",
        "100000000000000000000", "1e20", "-1E+25",
    ])
    func rejectsWhatIsNotADecimal(input: String) {
        #expect(ExactDecimal(input) == nil)
    }

    /// Digits past the 18th are rounded half to even over the whole input.
    @Test(arguments: [
        ("0.0000000000000000005", "0"), ("0.0000000000000000015", "0.000000000000000002"),
        ("0.0000000000000000025", "0.000000000000000002"), ("0.00000000000000000250001", "0.000000000000000003"),
        ("-0.0000000000000000015", "-0.000000000000000002"), ("0.1234567890123456789", "0.123456789012345679"),
        ("1.0000000000000000004999999", "1"), ("2.5E-18", "0.000000000000000002"), ("3.5E-18", "0.000000000000000004"),
        ("12345678901234567890.1234567890123456789012", "12345678901234567890.123456789012345679"),
    ])
    func roundsHalfToEvenBeyondEighteenDigits(input: String, expected: String) throws {
        #expect(try #require(ExactDecimal(input)).description == expected)
    }

    @Test func arithmeticIsExactAndSaturates() throws {
        let price = try #require(ExactDecimal("116208000"))
        let size = try #require(ExactDecimal("0.0009"))
        #expect((price * size).description == "104587.2")
        #expect((price + size).description == "116208000.0009")
        #expect((size - price).description == "-116207999.9991")
        #expect(ExactDecimal(1).divided(by: ExactDecimal(3))?.description == "0.333333333333333333")
        #expect(ExactDecimal(2).divided(by: ExactDecimal(3))?.description == "0.666666666666666667")
        #expect(ExactDecimal(1).divided(by: .zero) == nil)
        #expect(ExactDecimal.greatestMagnitude + 1 == .greatestMagnitude)
        #expect(-ExactDecimal.greatestMagnitude - 1 == -.greatestMagnitude)
        #expect(ExactDecimal.greatestMagnitude * ExactDecimal(10) == .greatestMagnitude)
        #expect(try #require(ExactDecimal("1.83")).shifted(byPowerOfTen: -2).description == "0.0183")
        #expect(try #require(ExactDecimal("0.0183")).shifted(byPowerOfTen: 2).description == "1.83")
        #expect(try #require(ExactDecimal("2.675")).rounded(toFractionDigits: 2).description == "2.68")
        #expect(try #require(ExactDecimal("2.665")).rounded(toFractionDigits: 2).description == "2.66")
        #expect(try #require(ExactDecimal("1234.5")).formatted(fractionDigits: 0) == "1234")
        #expect(try #require(ExactDecimal("0.5")).formatted(fractionDigits: 3) == "0.500")
    }

    /// Random values written in every spelling parse back to the same value, and the parsed
    /// values order exactly as the integers they were made from.
    @Test func roundTripAndOrderingProperty() throws {
        var random = SeededGenerator(seed: 0xC01B_0A2D)
        var pairs: [(units: Int128, value: ExactDecimal)] = []
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...38, using: &random)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let negative = Bool.random(using: &random)
            let units = try #require(Int128(text))
            text = String(repeating: "0", count: max(0, 19 - text.count)) + text
            let integer = String(text.dropLast(18))
            let fraction = String(text.suffix(18))
            let plain = (negative ? "-" : "") + integer + "." + fraction
            let value = try #require(ExactDecimal(plain))
            #expect(ExactDecimal(value.description) == value)
            let exponent = Int.random(in: -5...5, using: &random)
            let shifted =
                (negative ? "-" : "") + Self.moveDecimalPoint(integer + fraction, pointAt: integer.count - exponent)
                + "E\(exponent)"
            #expect(ExactDecimal(shifted) == value, "\(shifted) vs \(plain)")
            #expect(ExactDecimal(plain + "000") == value)
            pairs.append((negative ? -units : units, value))
        }
        let byUnits = pairs.sorted { $0.units < $1.units }.map(\.value)
        let byValue = pairs.map(\.value).sorted()
        #expect(byUnits == byValue)
        for (a, b) in zip(pairs, pairs.dropFirst()) {
            #expect((a.units < b.units) == (a.value < b.value))
            #expect((a.units == b.units) == (a.value == b.value))
        }
    }

    /// Short plain numbers (the wire's usual spelling, read on a fast path) equal the same
    /// digits written with an exponent (always read digit by digit).
    @Test func shortPlainNumbersMatchTheirExponentSpelling() throws {
        var random = SeededGenerator(seed: 0x5107)
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...19, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }
                .joined()
            let fractionDigits = Int.random(in: 0...min(18, digits.count), using: &random)
            let sign = Bool.random(using: &random) ? "-" : ""
            let plain = sign + (fractionDigits == 0 ? digits : Self.moveDecimalPoint(digits, pointAt: digits.count - fractionDigits))
            let scientific = sign + digits + "E-\(fractionDigits)"
            #expect(try #require(ExactDecimal(plain)) == ExactDecimal(scientific), "\(plain) vs \(scientific)")
        }
    }

    private static func moveDecimalPoint(_ digits: String, pointAt position: Int) -> String {
        if position <= 0 { return "0." + String(repeating: "0", count: -position) + digits }
        if position >= digits.count { return digits + String(repeating: "0", count: position - digits.count) }
        return String(digits.prefix(position)) + "." + String(digits.dropFirst(position))
    }
}
