import Foundation
import MarketCore
import TerminalKit
import Testing

/// The buffer against ``ReferenceBuffer``, the buffer as it was with a `String` per cell: the
/// same writes (padded to a width too), fills, style changes, ASCII fallbacks, rows copied and clears, drawn from the text of every golden
/// screen and from hostile text, must leave the same cells and give the same diffs.
@Suite struct BufferDifferentialTests {
    /// Every row of every golden screen, and text a hostile feed could send.
    static let texts: [String] = {
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DashboardUITests/Goldens")
        let files = (try? FileManager.default.contentsOfDirectory(at: goldens, includingPropertiesForKeys: nil)) ?? []
        let rows = files.filter { $0.pathExtension == "txt" }.sorted { $0.path < $1.path }.flatMap { file in
            ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        let hostile = [
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} family", "e\u{301}clair", "a\u{202E}evil\u{202C}b", "\u{1B}[31mred",
            "tab\there", "가\u{200B}나",
            "ｆｕｌｌ", "🇰🇷 flag", "\u{E0041}tag", "\u{1160}\u{11A8}jamo", "x\u{7F}y\u{9B}z", "", "한",
            "★\u{FE0F} star", "가\u{11A8}각", "▲\u{20DD}1.5%", "soft\u{AD}hyphen", "한글\u{0301}", "▼ 비트코인 ⌚ ✅",
        ]
        return rows + hostile
    }()

    @Test func goldenScreenTextAndHostileTextDrawTheSameCellsAndDiffs() {
        #expect(Self.texts.count > 500, "the golden screens were not found")
        var random = SeededGenerator(seed: 0x5EED_CE11)
        for size in [Size(width: 140, height: 45), Size(width: 80, height: 24), Size(width: 20, height: 8), Size(width: 7, height: 3)] {
            var buffer = Buffer(size: size)
            var reference = ReferenceBuffer(size: size)
            var previous = (buffer, reference)
            for step in 0..<600 {
                Self.applyRandomOperation(to: &buffer, and: &reference, size: size, random: &random)
                if step % 5 == 0 {
                    guard Self.expectSameCells(buffer, reference, step: step) else { return }
                    Self.expectSameDiffs(buffer.diff(from: previous.0), reference.diff(from: previous.1), step: step)
                    previous = (buffer, reference)
                }
            }
            let expectedLines = (0..<size.height).map { y in (0..<size.width).map { Self.kept(reference[$0, y].symbol) }.joined() }
            #expect(buffer.lines == expectedLines)
        }
    }

    @Test func aGraphemeLongerThanItsRoomKeepsItsLeadingScalars() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        // The joiners are stripped as unsafe to show; four emoji are 16 bytes, one too many.
        buffer.write("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", x: 0, y: 0)
        #expect(buffer[0, 0].symbol == "\u{1F468}\u{1F469}\u{1F467}")
        #expect(buffer[0, 0].grapheme.columns == 2 && buffer[1, 0].isContinuation)
        #expect(Cell("한").grapheme.utf8.count == 3 && Cell("").isContinuation && Cell.blank.symbol == " ")
    }

    private static func applyRandomOperation(
        to buffer: inout Buffer, and reference: inout ReferenceBuffer, size: Size, random: inout SeededGenerator
    ) {
        let style = randomStyle(&random)
        switch Int.random(in: 0..<14, using: &random) {
        case 0..<6:
            let text = texts[Int.random(in: 0..<texts.count, using: &random)]
            let start = Int.random(in: 0..<max(1, text.count), using: &random)
            let piece = String(text.dropFirst(start).prefix(1 + Int.random(in: 0..<60, using: &random)))
            let x = Int.random(in: 0..<size.width + 6, using: &random) - 3
            let y = Int.random(in: 0..<size.height + 2, using: &random) - 1
            let limit = Int.random(in: 0..<4, using: &random) == 0 ? Int.max : Int.random(in: 0..<size.width + 1, using: &random)
            #expect(buffer.write(piece, x: x, y: y, limit: limit, style: style) == reference.write(piece, x: x, y: y, limit: limit, style: style))
        case 6, 7:
            let rect = Rect(
                x: Int.random(in: 0..<size.width + 2, using: &random) - 1, y: Int.random(in: 0..<size.height + 2, using: &random) - 1,
                width: Int.random(in: 0..<size.width + 1, using: &random), height: Int.random(in: 0..<size.height + 1, using: &random))
            let symbol = [" ", "·", "가", "─"][Int.random(in: 0..<4, using: &random)]
            buffer.fill(rect, with: symbol, style: style)
            reference.fill(rect, with: symbol, style: style)
        case 8:
            let rect = Rect(
                x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random),
                width: 1 + Int.random(in: 0..<30, using: &random),
                height: 1 + Int.random(in: 0..<3, using: &random))
            buffer.updateStyles(in: rect) { $0.isReversed.toggle() }
            reference.updateStyles(in: rect) { $0.isReversed.toggle() }
        case 9, 10:
            let from = (x: Int.random(in: -1..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
            let count = Int.random(in: 0...size.width, using: &random)
            // Mostly within the row (copied as memory when no wide character is under it),
            // sometimes past its ends.
            let to =
                Int.random(in: 0..<4, using: &random) == 0
                ? (x: Int.random(in: -2..<size.width + 1, using: &random), y: Int.random(in: -1...size.height, using: &random))
                : (x: Int.random(in: 0...size.width - count, using: &random), y: Int.random(in: 0..<size.height, using: &random))
            buffer.paste(buffer.cells(inRow: from.y, from: from.x, count: count), x: to.x, y: to.y)
            reference.paste((from.x..<from.x + count).map { reference[$0, from.y] }, x: to.x, y: to.y)
        case 11:
            if Int.random(in: 0..<8, using: &random) == 0 {
                buffer.replaceNonASCII { _ in "#" }
                reference.replaceNonASCII { _ in "#" }
            }
        case 12:
            // A table's cell: the text padded to a width, left or right, within a limit.
            let text = texts[Int.random(in: 0..<texts.count, using: &random)]
            let start = Int.random(in: 0..<max(1, text.count), using: &random)
            let piece = String(text.dropFirst(start).prefix(Int.random(in: 0..<16, using: &random)))
            let x = Int.random(in: 0..<size.width + 6, using: &random) - 3
            let y = Int.random(in: 0..<size.height + 2, using: &random) - 1
            let width = Int.random(in: 0..<16, using: &random)
            let limit = Int.random(in: 0..<3, using: &random) == 0 ? Int.max : Int.random(in: -2..<18, using: &random)
            let alignment: Buffer.Alignment = Int.random(in: 0..<2, using: &random) == 0 ? .left : .right
            let padded = alignment == .left ? piece.padded(toColumns: width) : piece.rightAligned(toColumns: width)
            let taken = buffer.write(piece, x: x, y: y, width: width, alignment: alignment, limit: limit, style: style)
            reference.write(padded, x: x, y: y, limit: max(0, min(width, limit)), style: style)
            #expect(taken == max(0, min(width, limit)))
        default:
            // Cleared in name only: what is drawn next must read as drawn on blank rows.
            if Int.random(in: 0..<4, using: &random) == 0 {
                buffer.clear()
                reference = ReferenceBuffer(size: size)
            }
        }
    }

    private static func randomStyle(_ random: inout SeededGenerator) -> Style {
        Style(
            foreground: Color.allCases[Int.random(in: 0..<Color.allCases.count, using: &random)],
            background: Color.allCases[Int.random(in: 0..<Color.allCases.count, using: &random)], isBold: Int.random(in: 0..<2, using: &random) == 0,
            isReversed: Int.random(in: 0..<5, using: &random) == 0, isDim: Int.random(in: 0..<5, using: &random) == 0,
            isUnderlined: Int.random(in: 0..<7, using: &random) == 0)
    }

    /// A reference cell's text as the buffer keeps it: the leading scalars that fit.
    static func kept(_ text: String) -> String {
        var bytes = 0
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= Grapheme.capacity else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    private static func expectSameCells(_ buffer: Buffer, _ reference: ReferenceBuffer, step: Int) -> Bool {
        for y in -1...buffer.size.height {
            for x in -1...buffer.size.width {
                let cell = buffer[x, y]
                let expected = reference[x, y]
                guard cell.symbol == kept(expected.symbol), cell.style == expected.style, cell.isContinuation == expected.isContinuation else {
                    Issue.record("step \(step), cell (\(x), \(y)): \(cell) against \(expected)")
                    return false
                }
            }
        }
        return true
    }

    private static func expectSameDiffs(
        _ changes: [CellChange], _ expected: [(x: Int, y: Int, cell: ReferenceCell)], step: Int
    ) {
        let same =
            changes.count == expected.count
            && zip(changes, expected).allSatisfy { change, wanted in
                change.x == wanted.x && change.y == wanted.y && change.cell.symbol == kept(wanted.cell.symbol)
                    && change.cell.style == wanted.cell.style
            }
        #expect(same, "step \(step): \(changes.count) changes against \(expected.count)")
    }
}
