import Testing

@testable import TerminalKit

@Suite struct GraphemeTests {
    /// A scalar encoded on its own is the grapheme of that scalar as a sequence: every scalar of
    /// one and two bytes of UTF-8 and a spread of those of three and four, safe to show or not,
    /// in every width.
    @Test func aScalarAloneIsTheGraphemeOfItsSequence() {
        var checked = 0
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value), value < 0x800 || value % (value < 0x1_0000 ? 5 : 101) == 0 else { continue }
            for columns in 0...2 where Grapheme(scalar: scalar, columns: columns) != Grapheme(scalars: CollectionOfOne(scalar), columns: columns) {
                Issue.record("U+\(String(value, radix: 16)) in \(columns) columns")
                return
            }
            checked += 1
        }
        #expect(checked > 20_000)
    }

    /// A space's cell given another printable ASCII byte is that byte's cell, in every style.
    @Test func anASCIICellMadeFromASpaceIsThatBytesCell() {
        let styles = [
            Style.plain, Style.plain.reversed, Style(foreground: .red, background: .blue, isBold: true),
            Style(foreground: .white, background: .default, isDim: true, isUnderlined: true),
        ]
        for style in styles {
            for byte in UInt8(0x20)..<0x7F {
                #expect(Cell(.space, style: style).withASCII(byte) == Cell(Grapheme(ascii: byte), style: style), "\(byte)")
            }
        }
    }
}
