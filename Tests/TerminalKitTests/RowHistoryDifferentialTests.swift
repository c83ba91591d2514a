import MarketCore
import TerminalKit
import Testing

/// Frames drawn as the dashboard draws them — into the buffer presented two frames ago,
/// cleared, mostly pasting rows kept from earlier frames — against ``ReferenceBuffer``, which
/// keeps no row history: the buffer must hold the same cells and give the same diffs, though it
/// passes by the rows whose history says they are unchanged.
@Suite struct RowHistoryDifferentialTests {
    /// What is drawn on one row of a frame.
    private enum Step {
        /// Pastes row `row` of the pool from column `x`.
        case paste(row: Int, x: Int)
        /// Writes text from column `x`.
        case write(String, x: Int, style: Style)
        /// Fills the row from column `x` for `width` columns.
        case fill(x: Int, width: Int)
        /// Reverses the style from column `x` for `width` columns.
        case reverse(x: Int, width: Int)
    }

    /// A row drawn once and pasted again, as a row cache keeps it.
    private struct KeptRow {
        let tag: RowTag
        let cells: [Cell]
        let reference: [ReferenceCell]
    }

    @Test func framesOfKeptRowsHoldAndDiffAsTheReference() {
        var random = SeededGenerator(seed: 0x0D1F_F5A7)
        for size in [Size(width: 140, height: 45), Size(width: 80, height: 24), Size(width: 20, height: 8)] {
            let pool = (0..<16).map { _ in Self.keptRow(width: size.width, random: &random) }
            // Each row's steps stay from frame to frame but for a few changed at random, as a
            // table's rows do.
            var plans = (0..<size.height).map { _ in Self.randomSteps(size: size, pool: pool, random: &random) }
            var presented = Buffer(size: size)
            var spare = Buffer(size: size)
            var presentedReference = ReferenceBuffer(size: size)
            for frame in 0..<150 {
                for y in plans.indices where Int.random(in: 0..<5, using: &random) == 0 {
                    plans[y] = Self.randomSteps(size: size, pool: pool, random: &random)
                }
                var buffer = spare
                buffer.clear()
                let cleared = buffer == Buffer(size: size)
                #expect(cleared, "frame \(frame): every cell blank after clearing")
                var reference = ReferenceBuffer(size: size)
                for (y, steps) in plans.enumerated() {
                    for step in steps { Self.draw(step, y: y, pool: pool, into: &buffer, and: &reference) }
                }
                for y in 0..<size.height {
                    for x in 0..<size.width
                    where buffer[x, y].symbol != BufferDifferentialTests.kept(reference[x, y].symbol) || buffer[x, y].style != reference[x, y].style {
                        Issue.record("frame \(frame), cell (\(x), \(y)): \(buffer[x, y]) against \(reference[x, y])")
                        return
                    }
                }
                let changes = buffer.diff(from: presented)
                let expected = reference.diff(from: presentedReference)
                let same =
                    changes.count == expected.count
                    && zip(changes, expected).allSatisfy { change, wanted in
                        change.x == wanted.x && change.y == wanted.y && change.cell.symbol == BufferDifferentialTests.kept(wanted.cell.symbol)
                            && change.cell.style == wanted.cell.style
                    }
                #expect(same, "frame \(frame) at \(size.width)x\(size.height): \(changes.count) changes against \(expected.count)")
                spare = presented
                presented = buffer
                presentedReference = reference
            }
        }
    }

    @Test func aRowPastedTheSameWayIsPassedByAndAnyOtherDrawingIsSeen() {
        let size = Size(width: 6, height: 2)
        var first = Buffer(size: size)
        first.write("가나", x: 0, y: 0)
        let row = first.cells(inRow: 0, from: 0, count: 4)
        let tag = RowTag.next()
        var before = Buffer(size: size)
        before.paste(row, x: 1, y: 0, as: tag)
        var after = Buffer(size: size)
        after.paste(row, x: 1, y: 0, as: tag)
        #expect(after.diff(from: before).isEmpty)
        after.updateStyles(in: Rect(x: 1, y: 0, width: 1, height: 1)) { $0.isReversed = true }
        #expect(after.diff(from: before).map(\.x) == [1])
        var moved = Buffer(size: size)
        moved.paste(row, x: 2, y: 0, as: tag)
        #expect(moved.diff(from: before).count == 5, "a different column is a different history")
    }

    private static func keptRow(width: Int, random: inout SeededGenerator) -> KeptRow {
        let texts = BufferDifferentialTests.texts
        // A quarter of them as wide as the buffer, as a table's rows are.
        let columns = Int.random(in: 0..<4, using: &random) == 0 ? width : Int.random(in: 1...width, using: &random)
        var buffer = Buffer(size: Size(width: columns, height: 1))
        var reference = ReferenceBuffer(size: Size(width: columns, height: 1))
        let text = texts[Int.random(in: 0..<texts.count, using: &random)]
        let style = Style(foreground: Color.allCases[Int.random(in: 0..<Color.allCases.count, using: &random)])
        buffer.write(text, x: 0, y: 0, style: style)
        reference.write(text, x: 0, y: 0, style: style)
        return KeptRow(
            tag: RowTag.next(), cells: buffer.cells(inRow: 0, from: 0, count: columns),
            reference: (0..<columns).map { reference[$0, 0] })
    }

    private static func randomSteps(size: Size, pool: [KeptRow], random: inout SeededGenerator) -> [Step] {
        let texts = BufferDifferentialTests.texts
        return (0..<Int.random(in: 0...4, using: &random)).map { _ in
            let x = Int.random(in: -2..<size.width, using: &random)
            let width = Int.random(in: 0...size.width, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let row = Int.random(in: 0..<pool.count, using: &random)
                let fits = Int.random(in: 0..<4, using: &random) > 0
                return .paste(row: row, x: fits ? Int.random(in: 0...(size.width - pool[row].cells.count), using: &random) : x)
            case 6, 7:
                let text = String(texts[Int.random(in: 0..<texts.count, using: &random)].prefix(Int.random(in: 1...40, using: &random)))
                return .write(text, x: x, style: Style(isBold: Int.random(in: 0..<2, using: &random) == 0))
            case 8:
                return .fill(x: x, width: width)
            default:
                return .reverse(x: x, width: width)
            }
        }
    }

    private static func draw(_ step: Step, y: Int, pool: [KeptRow], into buffer: inout Buffer, and reference: inout ReferenceBuffer) {
        switch step {
        case .paste(let row, let x):
            buffer.paste(pool[row].cells, x: x, y: y, as: pool[row].tag)
            reference.paste(pool[row].reference, x: x, y: y)
        case .write(let text, let x, let style):
            buffer.write(text, x: x, y: y, style: style)
            reference.write(text, x: x, y: y, style: style)
        case .fill(let x, let width):
            buffer.fill(Rect(x: x, y: y, width: width, height: 1), with: "·")
            reference.fill(Rect(x: x, y: y, width: width, height: 1), with: "·")
        case .reverse(let x, let width):
            buffer.updateStyles(in: Rect(x: x, y: y, width: width, height: 1)) { $0.isReversed.toggle() }
            reference.updateStyles(in: Rect(x: x, y: y, width: width, height: 1)) { $0.isReversed.toggle() }
        }
    }
}
