import SafeText
import TerminalKit

// The buffer as it was before cells became plain bits (a `String` per cell), kept verbatim as
// the reference the buffer is tested against. Only the names differ.

/// A cell of ``ReferenceBuffer``: the character as a `String`.
struct ReferenceCell: Hashable {
    var symbol: String
    var style: Style

    init(_ symbol: String, style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    static let blank = ReferenceCell(" ")

    var isContinuation: Bool { symbol.isEmpty }
}

/// The buffer before plain-bits cells.
struct ReferenceBuffer: Hashable {
    /// The buffer's size.
    let size: Size
    /// Cells row by row.
    private var cells: [ReferenceCell]

    /// Creates a buffer of blank cells.
    init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
    }

    /// The whole area.
    var area: Rect { Rect(size: size) }

    /// The cell at a position; a blank cell outside the buffer.
    subscript(x: Int, y: Int) -> ReferenceCell {
        guard contains(x: x, y: y) else { return .blank }
        return cells[y * size.width + x]
    }

    /// Writes text on one row from column `x`, clipped to `limit` columns (and the buffer),
    /// one cell per column; a wide character that does not fit whole becomes a space.
    /// Characters with no width are skipped, and scalars unsafe to show (controls, bidi
    /// overrides, tag characters…, see `SafeText`) never reach a cell.
    /// - Returns: the columns written.
    @discardableResult
    mutating func write(_ text: some StringProtocol, x: Int, y: Int, limit: Int = .max, style: Style = .plain) -> Int {
        guard y >= 0, y < size.height else { return 0 }
        let (reach, overflow) = x.addingReportingOverflow(max(0, limit))
        let end = overflow ? size.width : min(size.width, reach)
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return writeASCII(text.utf8, x: x, y: y, end: end, style: style) }
        var column = x
        for character in text {
            let width = character.terminalColumns
            guard width > 0 else { continue }
            let symbol =
                character.unicodeScalars.contains { $0.isUnsafeToShow }
                ? String(character).strippingUnsafeCharacters : String(character)
            guard !symbol.isEmpty else { continue }
            guard column + width <= end else {
                if column < end, column >= 0 { put(ReferenceCell(" ", style: style), x: column, y: y) }
                column = end
                break
            }
            if column >= 0 {
                put(ReferenceCell(symbol, style: style), x: column, y: y)
                if width == 2 { put(ReferenceCell("", style: style), x: column + 1, y: y) }
            }
            column += width
        }
        return max(0, column - x)
    }

    /// ``write(_:x:y:limit:style:)`` for printable ASCII, which most of a screen is (prices,
    /// figures, labels): a byte a column, no grapheme breaking and no width lookups.
    private mutating func writeASCII(_ bytes: some Sequence<UInt8>, x: Int, y: Int, end: Int, style: Style) -> Int {
        var column = x
        for byte in bytes {
            guard column < end else { break }
            if column >= 0 { put(ReferenceCell(String(Unicode.Scalar(byte)), style: style), x: column, y: y) }
            column += 1
        }
        return max(0, column - x)
    }

    /// Puts `cells` on row `y` from column `x`, one at a time: what ``Buffer/paste(_:x:y:)``
    /// must do (added to the reference; the rest is as it was).
    mutating func paste(_ row: [ReferenceCell], x: Int, y: Int) {
        for (offset, cell) in row.enumerated() { put(cell, x: x + offset, y: y) }
    }

    /// Fills a rectangle with a character (one column wide) in a style.
    mutating func fill(_ rect: Rect, with symbol: String = " ", style: Style = .plain) {
        let clipped = rect.intersection(area)
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { put(ReferenceCell(symbol, style: style), x: x, y: y) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    mutating func updateStyles(in rect: Rect, _ change: (inout Style) -> Void) {
        let clipped = rect.intersection(area)
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { change(&cells[y * size.width + x].style) }
        }
    }

    /// Replaces every non-ASCII character with `replacement(character)` (one column), and the
    /// right half of a wide character with `?`, for terminals that cannot show Unicode.
    mutating func replaceNonASCII(with replacement: (Character) -> Character) {
        for index in cells.indices {
            guard let character = cells[index].symbol.first else {
                cells[index].symbol = "?"
                continue
            }
            if !character.isASCII { cells[index].symbol = String(replacement(character)) }
        }
    }

    /// Each row as text (the right halves of wide characters left out), for tests and logs.
    var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width { line += cells[y * size.width + x].symbol }
            return line
        }
    }

    /// The cells that differ from `previous`, row by row; every cell when the sizes differ.
    func diff(from previous: ReferenceBuffer) -> [(x: Int, y: Int, cell: ReferenceCell)] {
        var changes: [(x: Int, y: Int, cell: ReferenceCell)] = []
        let sameSize = previous.size == size
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = y * size.width + x
                let cell = cells[index]
                if sameSize && previous.cells[index] == cell { continue }
                changes.append((x: x, y: y, cell: cell))
            }
        }
        return changes
    }

    private func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size.width && y < size.height
    }

    /// Sets one cell, blanking the other half of any wide character it cuts through.
    private mutating func put(_ cell: ReferenceCell, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation && !cell.isContinuation && x > 0 {
            cells[index - 1].symbol = " "
        }
        if !old.isContinuation && old.symbol.first?.terminalColumns == 2 && x + 1 < size.width
            && !(cell.symbol.first?.terminalColumns == 2)
        {
            cells[index + 1].symbol = " "
        }
        cells[index] = cell
    }
}
