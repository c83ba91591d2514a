import MarketCore
import TerminalKit
import Testing

@Suite struct DisplayWidthTests {
    @Test func hangulIsTwoColumnsAndASCIIOne() {
        #expect("비트코인".terminalColumns == 8)
        #expect("BTC".terminalColumns == 3)
        #expect("엑스알피(리플)".terminalColumns == 14)
    }

    @Test func arrowsStarsAndBoxDrawingAreOneColumn() {
        #expect("▲▼★┃╽╿│╷╵─".terminalColumns == 10)
    }

    /// The symbols counted without a look at their general category (U+2100–U+2BFF) are one
    /// column unless wide: none is a mark or a format character, which would count none.
    @Test func symbolsCountedWithoutTheirCategoryHoldNoZeroWidthScalar() {
        let zeroWidth: Set<Unicode.GeneralCategory> = [.nonspacingMark, .enclosingMark, .format]
        for value in UInt32(0x2100)...0x2BFF {
            let scalar = Unicode.Scalar(value)!
            #expect(!zeroWidth.contains(scalar.properties.generalCategory), "U+\(String(value, radix: 16))")
            #expect(scalar.terminalColumns >= 1, "U+\(String(value, radix: 16))")
        }
    }

    @Test func decomposedHangulAndControlCharacters() {
        let decomposed = "\u{1100}\u{1161}\u{11A8}"
        #expect(decomposed.terminalColumns == 2)
        #expect("a\u{7}b\u{1B}".terminalColumns == 2)
        #expect("e\u{301}".terminalColumns == 1)
    }

    /// Text counted scalar by scalar (when every scalar is a character of its own) counts as
    /// its characters do, whatever the mix: marks, joiners, jamo, emoji and controls among
    /// Hangul, Latin and symbols.
    @Test func scalarCountingAgreesWithCharacters() {
        let scalars: [Unicode.Scalar] = [
            "a", " ", "~", "\u{A0}", "é", "\u{AD}", "\u{2C6}", "…", "‰", "←", "▲", "★", "♥", "✅", "가", "힣", "\u{D7A4}",
            "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1F1F0}", "\u{1F1F7}",
            "\u{1F600}", "\u{7}", "\r", "\n", "\u{2028}", "\u{200B}", "中", "ｶ",
        ]
        var random = SeededGenerator(seed: 0xC011_A115)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...8, using: &random) { text.append(scalars.randomElement(using: &random)!) }
            let string = String(text)
            #expect(string.terminalColumns == string.reduce(0) { $0 + $1.terminalColumns }, "\(string.unicodeScalars.map(\.value))")
        }
    }

    @Test func paddingAndTruncationCountColumns() {
        #expect("비트코인".padded(toColumns: 10) == "비트코인  ")
        #expect("비트코인".rightAligned(toColumns: 10) == "  비트코인")
        #expect("엑스알피(리플)".truncated(toColumns: 9) == "엑스알피…")
        #expect("비트코인".truncated(toColumns: 4) == "비…")
        #expect("abc".truncated(toColumns: 0) == "")
    }
}
