import TerminalKit
import Testing

@Suite struct BufferTests {
    @Test func wideCharactersTakeTwoCellsAndLinesKeepColumns() {
        var buffer = Buffer(size: Size(width: 10, height: 2))
        let written = buffer.write("비트BTC", x: 1, y: 0)
        #expect(written == 7)
        #expect(buffer[1, 0].symbol == "비")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer.lines == [" 비트BTC  ", "          "])
    }

    @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        buffer.write("ab비트", x: 0, y: 0)
        #expect(buffer.lines == ["ab비 "])
        var limited = Buffer(size: Size(width: 6, height: 1))
        limited.write("비트코인", x: 0, y: 0, limit: 3)
        #expect(limited.lines == ["비    "])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("비트코", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        buffer.write("y", x: 2, y: 0)
        #expect(buffer.lines == [" xy 코"])
    }

    @Test func writingIsClippedToTheBuffer() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("abcdef", x: -2, y: 0)
        buffer.write("zz", x: 0, y: 5)
        #expect(buffer.lines == ["cdef"])
    }

    /// Printable ASCII takes a shortcut (a byte a column, stored directly over narrow cells); it
    /// must write exactly what the general path writes, clipping and wide characters under it
    /// included. A zero-width space in front sends the same text down the general path.
    @Test func asciiTextIsWrittenAsTheGeneralPathWritesIt() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(" !#$%,-.0123456789:<>ABCXYZabcxyz~")
        for _ in 0..<2000 {
            let text = String((0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let (x, limit) = (Int.random(in: -5...12, using: &generator), Int.random(in: -1...15, using: &generator))
            var fast = Buffer(size: Size(width: 10, height: 1))
            if Bool.random(using: &generator) { fast.write("a비트코", x: Int.random(in: 0...3, using: &generator), y: 0) }
            var general = fast
            let fastWritten = fast.write(text, x: x, y: 0, limit: limit)
            let generalWritten = general.write("\u{200B}" + text, x: x, y: 0, limit: limit)
            #expect(fast == general && fastWritten == generalWritten, "\(text) at \(x), limit \(limit)")
        }
    }

    @Test func diffListsOnlyChangedCells() {
        var before = Buffer(size: Size(width: 8, height: 2))
        before.write("가격 100", x: 0, y: 0)
        var after = before
        after.write("가격 101", x: 0, y: 0)
        after.updateStyles(in: Rect(x: 0, y: 1, width: 1, height: 1)) { $0.isBold = true }
        let changes = after.diff(from: before)
        #expect(changes.map { [$0.x, $0.y] } == [[7, 0], [0, 1]])
        #expect(after.diff(from: after).isEmpty)
        #expect(after.diff(from: Buffer(size: Size(width: 1, height: 1))).count == 16)
    }

    @Test func rectSplits() {
        let area = Rect(x: 2, y: 1, width: 10, height: 6)
        #expect(area.splitTop(2).top == Rect(x: 2, y: 1, width: 10, height: 2))
        #expect(area.splitBottom(1).bottom == Rect(x: 2, y: 6, width: 10, height: 1))
        #expect(area.splitLeft(4).rest == Rect(x: 6, y: 1, width: 6, height: 6))
        #expect(area.splitTop(99).rest.isEmpty)
        #expect(area.intersection(Rect(x: 0, y: 0, width: 4, height: 2)) == Rect(x: 2, y: 1, width: 2, height: 1))
    }
}

extension BufferTests {
    /// Whatever text a widget writes, no scalar that could drive the terminal reaches a cell:
    /// escapes, C1 controls, bidi overrides and tag characters (which would ride along inside a
    /// character's grapheme cluster) are dropped, and the visible text stays in place.
    @Test func unsafeScalarsNeverReachACell() {
        var buffer = Buffer(size: Size(width: 24, height: 1))
        buffer.write("A\u{1B}[2J\u{9B}31m\u{202E}B\u{E0041}C\u{2028}D", x: 0, y: 0)
        #expect(buffer.lines == ["A[2J31mBCD" + String(repeating: " ", count: 14)])
        #expect(buffer.lines.joined().unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
        #expect(!buffer.lines.joined().unicodeScalars.contains { [0x202E, 0xE0041, 0x2028].contains($0.value) })
    }

    /// A grapheme put draws what writing its text in one character's room draws: over a wide
    /// character's half, at the edges, wide, unsafe or empty.
    @Test(arguments: ["┃", "▅", "x", "가", "\u{2028}", "\u{1B}", ""])
    func aGraphemePutDrawsWhatItsTextWritten(text: String) {
        let grapheme = Grapheme(text)
        for x in -1...6 {
            var put = Buffer(size: Size(width: 6, height: 1))
            put.write("비트코", x: 0, y: 0)
            var written = put
            let style = Style.plain.foreground(.green)
            put.put(grapheme, x: x, y: 0, style: style)
            written.write(grapheme.text, x: x, y: 0, limit: grapheme.columns, style: style)
            #expect(put == written, "\(text.unicodeScalars.map(\.value)) at \(x)")
        }
    }

    @Test(arguments: ["", "7", "1,234", "비트코인", "12345678", "가나다라마"])
    func rightAlignedWritesDrawWhatARightAlignedStringDraws(text: String) {
        var aligned = Buffer(size: Size(width: 10, height: 1))
        var padded = aligned
        let style = Style.plain.foreground(.red)
        let taken = aligned.write(text, x: 2, y: 0, rightAlignedIn: 6, style: style)
        let written = padded.write(text.rightAligned(toColumns: 6), x: 2, y: 0, limit: 6, style: style)
        #expect(aligned == padded && taken == written)
    }

    @Test func aCellIsTwoWordsWithNoPadding() {
        // The diff compares rows word by word: equal cells must be equal in every byte.
        #expect(MemoryLayout<Cell>.size == 16 && MemoryLayout<Cell>.stride == 16 && MemoryLayout<Cell>.alignment == 8)
        #expect(MemoryLayout<Grapheme>.size == 16)
    }
}
