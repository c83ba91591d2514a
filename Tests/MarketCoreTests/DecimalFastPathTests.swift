import Testing

@testable import MarketCore

/// The word-at-a-time reading of plain decimals against the digit-by-digit parser, which
/// reads every spelling and was what the fast path was first checked against.
@Suite struct DecimalFastPathTests {
    static func digitByDigit(_ text: String) -> Int128? {
        var parser = DecimalTextParser()
        return Array(text.utf8).withUnsafeBytes { parser.parse($0) }
    }

    static func wordAtATime(_ text: String) -> Int128? {
        Array(text.utf8).withUnsafeBytes { DecimalTextParser.parsePlain($0) }
    }

    static func longFraction(_ text: String) -> Int128? {
        Array(text.utf8).withUnsafeBytes { DecimalTextParser.parseLongFraction($0) }
    }

    /// Plain decimals with more fraction digits than a word holds — up to 19 whole digits and
    /// 40 after the point, both signs, with the digits past the 18th at each side of half and
    /// exactly half (ending in 5, in 50…0, or odd or even before it) — read as the digit-by-digit
    /// parser reads them; anything else is left to it.
    @Test func longFractionsRoundAsTheDigitByDigitParserRounds() {
        var random = SeededGenerator(seed: 0x10F6)
        var taken = 0
        for round in 0..<50_000 {
            var text = round % 3 == 0 ? "-" : ""
            text += DecimalFastPathTests.randomDigits(Int.random(in: 1...19, using: &random), using: &random) + "."
            text += DecimalFastPathTests.randomDigits(Int.random(in: 1...18, using: &random), using: &random)
            switch round % 4 {
            case 0: text += "5"
            case 1: text += "5" + String(repeating: "0", count: Int.random(in: 1...20, using: &random))
            case 2: text += DecimalFastPathTests.randomDigits(Int.random(in: 1...22, using: &random), using: &random)
            default: break
            }
            if round % 50 == 0 { text += ["e5", "x", ".", " "][round / 50 % 4] }
            let long = Self.longFraction(text)
            if long != nil { taken += 1 }
            #expect(long == nil || long == Self.digitByDigit(text), "\(text)")
            let expected = Self.digitByDigit(text).map { ExactDecimal(units: $0) }
            #expect(Array(text.utf8).withUnsafeBytes { ExactDecimal(utf8: $0) } == expected, "\(text)")
        }
        #expect(taken > 45_000)
        #expect(Self.longFraction("45741663716.89916828275244531") == Self.digitByDigit("45741663716.89916828275244531"))
        for text in ["0.0000000000000000005", "0.0000000000000000015", "0.00000000000000000050000001", "-0.0000000000000000005"] {
            #expect(Self.longFraction(text) == Self.digitByDigit(text), "\(text)")
        }
        for text in ["12345678901234567890.1", "1", "1.", ".5", "+1.5", "1.5e3", "1.5.5", "-", ""] {
            #expect(Self.longFraction(text) == nil, "\(text)")
        }
    }

    static func randomDigits(_ count: Int, using random: inout SeededGenerator) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }

    @Test func hundredThousandSpellingsReadAsTheDigitByDigitParserReadsThem() {
        var random = SeededGenerator(seed: 0xDEC1)
        var taken = 0
        for _ in 0..<100_000 {
            let text = Self.spelling(using: &random)
            let fast = Self.wordAtATime(text)
            if let fast {
                taken += 1
                #expect(fast == Self.digitByDigit(text), "\(text)")
            }
            let expected = Self.digitByDigit(text).map { ExactDecimal(units: $0) }
            #expect(Array(text.utf8).withUnsafeBytes { ExactDecimal(utf8: $0) } == expected, "\(text)")
        }
        #expect(taken > 30_000)
    }

    /// The canonical text reads back as the same value, with no trailing fractional zero,
    /// across the whole range: words, past a word, tiny fractions, both signs.
    @Test func theCanonicalTextReadsBackExactly() {
        var random = SeededGenerator(seed: 0xDE5C_217E)
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...38, using: &random)
            var units = Int128(UInt64.random(in: 0...UInt64.max, using: &random)) * Int128(UInt64.random(in: 0...UInt64.max, using: &random) >> 2)
            units %= (0..<digits).reduce(Int128(1)) { product, _ in product * 10 }
            if Bool.random(using: &random) { units = -units }
            let value = ExactDecimal(units: units)
            let text = value.description
            #expect(ExactDecimal(text) == value, "\(text)")
            #expect(!text.contains(".") || !text.hasSuffix("0"), "\(text)")
        }
    }

    @Test(arguments: [
        ("0", "0"), ("1", "1"), ("12345678", "12345678"), ("123456789", "123456789"),
        ("1234567890123456789", "1234567890123456789"), ("-7", "-7"), ("1.", "1"), (".5", "0.5"),
        ("158560000.00000000", "158560000"), ("0.00012345", "0.00012345"),
    ])
    func theFastPathTakesTheCommonSpellings(text: String, canonical: String) throws {
        let units = try #require(Self.wordAtATime(text))
        #expect(units == Self.digitByDigit(text))
        #expect(ExactDecimal(units: units).description == canonical)
    }

    @Test(arguments: ["", "-", ".", "1e5", "+1", "12345678901234567890", "0.0000000000000000001", "1.2.3", "1 ", "١"])
    func theFastPathLeavesTheRestToTheDigitByDigitParser(text: String) {
        #expect(Self.wordAtATime(text) == nil)
    }

    @Test func eightDigitsAtATime() {
        for text in ["", "7", "12", "1234567", "12345678", "12x45678", "9999999x", "00000001"] {
            var word: UInt64 = 0
            for (offset, byte) in text.utf8.prefix(8).enumerated() { word |= UInt64(byte) << (8 * offset) }
            let digits = text.utf8.prefix(8).prefix { (0x30...0x39).contains($0) }
            #expect(word.leadingASCIIDigitCount == digits.count, "\(text)")
            #expect(word.leadingDigitsValue(digits.count) == UInt64(String(decoding: digits, as: UTF8.self)) ?? 0, "\(text)")
        }
    }

    /// Text shaped like a feed's numbers: sign, digits, point and exponent in random lengths,
    /// with the odd stray character.
    static func spelling(using random: inout SeededGenerator) -> String {
        let integerDigits = Int.random(in: 0...21, using: &random)
        let fractionDigits = Bool.random(using: &random) ? Int.random(in: 0...21, using: &random) : nil
        let exponentDigits = Int.random(in: 0..<12, using: &random) == 0 ? Int.random(in: 0...2, using: &random) : nil
        var text = ["", "", "", "-", "+"].randomElement(using: &random)! + digits(integerDigits, using: &random)
        if let fractionDigits { text += "." + digits(fractionDigits, using: &random) }
        if let exponentDigits { text += "e" + digits(exponentDigits, using: &random) }
        if Int.random(in: 0..<20, using: &random) == 0 {
            let index = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &random))
            text.insert([".", "x", " ", "-"].randomElement(using: &random)!, at: index)
        }
        return text
    }

    static func digits(_ count: Int, using random: inout SeededGenerator) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }
}
