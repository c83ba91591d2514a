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

    @Test func decomposedHangulAndControlCharacters() {
        let decomposed = "\u{1100}\u{1161}\u{11A8}"
        #expect(decomposed.terminalColumns == 2)
        #expect("a\u{7}b\u{1B}".terminalColumns == 2)
        #expect("e\u{301}".terminalColumns == 1)
    }

    @Test func paddingAndTruncationCountColumns() {
        #expect("비트코인".padded(toColumns: 10) == "비트코인  ")
        #expect("비트코인".rightAligned(toColumns: 10) == "  비트코인")
        #expect("엑스알피(리플)".truncated(toColumns: 9) == "엑스알피…")
        #expect("비트코인".truncated(toColumns: 4) == "비…")
        #expect("abc".truncated(toColumns: 0) == "")
    }
}
