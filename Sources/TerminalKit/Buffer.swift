import SafeText

/// A screen's worth of cells that widgets paint into; the only thing that reaches a
/// terminal, and only through ``diff(from:)``.
///
/// Each row keeps what it is known to hold without reading it (``RowHistory``): blank, or
/// blank and pasted over by tagged rows only. A row whose history is the same in two buffers
/// holds the same cells, so ``diff(from:)`` passes it by.
///
/// ``clear()`` blanks rows in name only: a cleared row keeps its cells, and the history that
/// says what they are, until something draws on it; until then it reads as blank. A paste that
/// would make the row it held again (the same tag at the same column) copies nothing, so a
/// frame drawn into a buffer cleared this way writes only the rows that changed. Two buffers are
/// equal when the cells they read as are; the histories are only what is known.
public struct Buffer: Sendable, Hashable {
    /// The buffer's size.
    public let size: Size
    /// Cells row by row; a cleared row's still as they were (see `cleared`).
    private(set) var cells: [Cell]
    /// What each row is known to hold, as it reads.
    private(set) var histories: [RowHistory]
    /// For each row cleared in name only, the history of the cells it still holds; blank for a
    /// row whose cells are what it reads as.
    private(set) var cleared: [RowHistory]
    /// A row of blank cells: what a row cleared in name only reads as, and is copied from when
    /// it is blanked.
    let blankRow: [Cell]

    /// Creates a buffer of blank cells.
    public init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
        histories = Array(repeating: .blank, count: size.height)
        cleared = histories
        blankRow = Array(repeating: .blank, count: size.width)
    }

    public static func == (lhs: Buffer, rhs: Buffer) -> Bool {
        lhs.size == rhs.size && (0..<lhs.size.height).allSatisfy { lhs.row($0) == rhs.row($0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        for y in 0..<size.height {
            for cell in row(y) { hasher.combine(cell) }
        }
    }

    /// The whole area.
    public var area: Rect { Rect(size: size) }

    /// Makes every cell blank, keeping the buffer's memory: a buffer as ``init(size:)`` makes
    /// it, for drawing the next frame into without a new allocation.
    ///
    /// Nothing is written: each row drawn on reads as blank from now on and is blanked when
    /// something draws on it, unless that is a paste that makes it what it still holds.
    public mutating func clear() {
        for y in histories.indices where !histories[y].isBlank {
            cleared[y] = histories[y]
            histories[y] = .blank
        }
    }

    /// The cell at a position; a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        guard contains(x: x, y: y), cleared[y].isBlank else { return .blank }
        return cells[y * size.width + x]
    }

    /// Row `y`'s cells as it reads.
    func row(_ y: Int) -> ArraySlice<Cell> {
        guard cleared[y].isBlank else { return blankRow[...] }
        return cells[(y * size.width)..<((y + 1) * size.width)]
    }

    /// Writes text on one row from column `x`, clipped to `limit` columns (and the buffer),
    /// one cell per column; a wide character that does not fit whole becomes a space.
    /// Characters with no width are skipped, and scalars unsafe to show (controls, bidi
    /// overrides, tag characters…, see `SafeText`) never reach a cell.
    /// - Returns: the columns written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, limit: Int = .max, style: Style = .plain) -> Int {
        guard y >= 0, y < size.height else { return 0 }
        forget(row: y)
        let (reach, overflow) = x.addingReportingOverflow(max(0, limit))
        let end = overflow ? size.width : min(size.width, reach)
        var text = text
        let asASCII = text.withUTF8 { bytes -> Int? in
            guard bytes.isPrintableASCII else { return nil }
            let room = max(0, min(bytes.count, end - x))
            writePadded(bytes, x: x, y: y, width: bytes.count, alignment: .left, room: room, style: style)
            return room
        }
        if let columns = asASCII { return columns }
        var column = x
        /// Puts one character taking `width` columns; false once the row is full.
        func place(_ grapheme: Grapheme, width: Int) -> Bool {
            guard column + width <= end else {
                if column < end, column >= 0 { put(Cell(.space, style: style), x: column, y: y) }
                column = end
                return false
            }
            if column >= 0 {
                put(Cell(grapheme, style: style), x: column, y: y)
                if width == 2 { put(Cell(.empty, style: style), x: column + 1, y: y) }
            }
            column += width
            return true
        }
        if text.unicodeScalars.allSatisfy(\.isCharacterOfItsOwn) {
            // Each scalar is a character (Korean names, arrows, labels): no grapheme breaking.
            for scalar in text.unicodeScalars {
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    guard place(Grapheme(ascii: UInt8(scalar.value)), width: 1) else { break }
                    continue
                }
                let width = scalar.terminalColumns
                guard width > 0 else { continue }
                guard place(Grapheme(scalar: scalar, columns: width), width: width) else { break }
            }
            return max(0, column - x)
        }
        for character in text {
            let width = character.terminalColumns
            guard width > 0 else { continue }
            let grapheme: Grapheme
            if character.unicodeScalars.contains(where: \.isUnsafeToShow) {
                let symbol = String(character).strippingUnsafeCharacters
                guard let first = symbol.first else { continue }
                grapheme = Grapheme(scalars: symbol.unicodeScalars, columns: first.terminalColumns)
            } else {
                grapheme = Grapheme(scalars: character.unicodeScalars, columns: width)
            }
            guard place(grapheme, width: width) else { break }
        }
        return max(0, column - x)
    }

    /// Puts one character made beforehand (a chart's glyph) at a position: what
    /// ``write(_:x:y:limit:style:)`` does with its text, without reading the text again when
    /// it is one column wide.
    public mutating func put(_ grapheme: Grapheme, x: Int, y: Int, style: Style = .plain) {
        guard grapheme.columns == 1, grapheme.isSafeToShow else {
            write(grapheme.text, x: x, y: y, limit: grapheme.columns, style: style)
            return
        }
        guard contains(x: x, y: y) else { return }
        forget(row: y)
        put(Cell(grapheme, style: style), x: x, y: y)
    }

    /// Writes `text` right-aligned in the `width` columns from `x`, spaces before it in the
    /// same style: ``write(_:x:y:width:alignment:limit:style:)`` aligned right.
    /// - Returns: the columns taken, `width`.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, rightAlignedIn width: Int, style: Style = .plain) -> Int {
        write(text, x: x, y: y, width: width, alignment: .right, style: style)
    }

    /// Where text sits in columns wider than it.
    public enum Alignment: Sendable {
        case left, right
    }

    /// Writes `text` in the `width` columns from `x`, padded with spaces in `style` after it
    /// (``Alignment/left``) or before it (``Alignment/right``), cut with an ellipsis when
    /// wider, and clipped to `limit` columns: ``write(_:x:y:limit:style:)`` of
    /// `text.padded(toColumns: width)` or `text.rightAligned(toColumns: width)` without
    /// building that string. Printable ASCII that fits (most of a table's cells) is written
    /// in one pass.
    /// - Returns: the columns taken: `width`, or `limit` when less.
    @discardableResult
    public mutating func write(
        _ text: String, x: Int, y: Int, width: Int, alignment: Alignment, limit: Int = .max, style: Style = .plain
    ) -> Int {
        let room = max(0, min(width, limit))
        var text = text
        let fitsAsASCII = text.withUTF8 { bytes in
            guard bytes.count <= width, bytes.isPrintableASCII else { return false }
            writePadded(bytes, x: x, y: y, width: width, alignment: alignment, room: room, style: style)
            return true
        }
        guard !fitsAsASCII else { return room }
        let columns = text.terminalColumns
        guard columns <= width else {
            let fitted = alignment == .left ? text.padded(toColumns: width) : text.rightAligned(toColumns: width)
            write(fitted, x: x, y: y, limit: room, style: style)
            return room
        }
        let space = Cell(.space, style: style)
        let padding = width - columns
        if alignment == .right {
            fill(Rect(x: x, y: y, width: min(padding, room), height: 1), with: space)
            write(text, x: x + padding, y: y, limit: room - padding, style: style)
        } else {
            let written = write(text, x: x, y: y, limit: room, style: style)
            fill(Rect(x: x + written, y: y, width: room - written, height: 1), with: space)
        }
        return room
    }

    /// Printable ASCII `bytes`, no wider than `width`, aligned in it: each of the `room` columns
    /// from `x` is a byte or a space, stored directly over narrow cells (most of a screen:
    /// prices, figures, labels; a byte a column, no grapheme breaking, no width lookups).
    private mutating func writePadded(
        _ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, width: Int, alignment: Alignment, room: Int, style: Style
    ) {
        let first = max(x, 0)
        let stop = min(size.width, x + room)
        guard y >= 0, y < size.height, first < stop else { return }
        forget(row: y)
        let textStart = alignment == .right ? x + width - bytes.count : x
        let space = Cell(.space, style: style)
        let row = y * size.width
        if cells[(row + first)..<(row + stop)].allSatisfy(\.isNarrow) {
            cells.withUnsafeMutableBufferPointer { cells in
                for column in first..<stop {
                    let index = column &- textStart
                    cells[row + column] = UInt(bitPattern: index) < UInt(bytes.count) ? space.withASCII(bytes[index]) : space
                }
            }
        } else {
            for column in first..<stop {
                let index = column &- textStart
                put(UInt(bitPattern: index) < UInt(bytes.count) ? space.withASCII(bytes[index]) : space, x: column, y: y)
            }
        }
    }

    /// Fills a rectangle with a character (one column wide) in a style.
    public mutating func fill(_ rect: Rect, with symbol: String = " ", style: Style = .plain) {
        fill(rect, with: Cell(symbol, style: style))
    }

    /// Fills a rectangle with `cell`.
    private mutating func fill(_ rect: Rect, with cell: Cell) {
        let clipped = rect.intersection(area)
        for y in clipped.y..<clipped.maxY {
            forget(row: y)
            let row = (y * size.width + clipped.x)..<(y * size.width + clipped.maxX)
            // A narrow character over narrow ones touches nothing else: the row is overwritten
            // as memory. Over a wide character's half, cell by cell.
            if cell.isNarrow && cells[row].allSatisfy(\.isNarrow) {
                cells.withUnsafeMutableBufferPointer { cells in
                    cells.baseAddress!.advanced(by: row.lowerBound).update(repeating: cell, count: row.count)
                }
            } else {
                for x in clipped.x..<clipped.maxX { put(cell, x: x, y: y) }
            }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    /// `change` must make each style into the same one every time: it is called once for each
    /// run of cells in one style.
    public mutating func updateStyles(in rect: Rect, _ change: (inout Style) -> Void) {
        let clipped = rect.intersection(area)
        var last: (old: UInt16, new: UInt16)?
        for y in clipped.y..<clipped.maxY {
            forget(row: y)
            cells.withUnsafeMutableBufferPointer { cells in
                for index in (y * size.width + clipped.x)..<(y * size.width + clipped.maxX) {
                    let old = cells[index].packedStyle
                    if last?.old != old {
                        var new = Style(packed: old)
                        change(&new)
                        last = (old, new.packed)
                    }
                    cells[index].packedStyle = last.unsafelyUnwrapped.new
                }
            }
        }
    }

    /// Replaces every non-ASCII character with `replacement(character)` (one column), and the
    /// right half of a wide character with `?`, for terminals that cannot show Unicode.
    public mutating func replaceNonASCII(with replacement: (Character) -> Character) {
        for y in histories.indices { forget(row: y) }
        for index in cells.indices {
            guard let character = cells[index].grapheme.text.first else {
                cells[index].grapheme = Grapheme("?")
                continue
            }
            if !character.isASCII { cells[index].grapheme = Grapheme(String(replacement(character))) }
        }
    }

    /// `count` cells of row `y` from column `x`, as they are (blank outside the buffer).
    public func cells(inRow y: Int, from x: Int, count: Int) -> [Cell] {
        guard y >= 0, y < size.height, x >= 0, x + count <= size.width, cleared[y].isBlank else {
            return (x..<x + max(0, count)).map { self[$0, y] }
        }
        let start = y * size.width + x
        return Array(cells[start..<start + count])
    }

    /// Puts `cells` on row `y` from column `x`, one a column (clipped to the buffer), as
    /// drawing them would: a row drawn before, copied. With `tag`, which must come with the same
    /// cells at every paste, the row's history records the paste (see ``RowHistory``).
    public mutating func paste(_ row: [Cell], x: Int, y: Int, as tag: RowTag? = nil) {
        guard y >= 0, y < size.height else { return }
        let fits = x >= 0 && x + row.count <= size.width && !row.isEmpty
        let history = tag.map { histories[y].pasting($0, at: x) } ?? .unknown
        if !cleared[y].isBlank {
            if history.isKnown && history == cleared[y] {
                // The row still holds what this paste makes of a blank row.
                (histories[y], cleared[y]) = (history, .blank)
                return
            }
            blank(row: y, except: fits ? x..<(x + row.count) : 0..<0)
        }
        let wasBlank = histories[y].isBlank
        histories[y] = history
        if fits {
            let start = y * size.width + x
            // Over cells that are neither half of a wide character (a blank row's are not),
            // putting cell by cell changes nothing but the cells put: a copy.
            let copied = cells.withUnsafeMutableBufferPointer { cells in
                let target = UnsafeMutableBufferPointer(rebasing: cells[start..<start + row.count])
                guard wasBlank || target.allSatisfy(\.isNarrow) else { return false }
                _ = target.update(fromContentsOf: row)
                return true
            }
            if copied { return }
        }
        for (offset, cell) in row.enumerated() { put(cell, x: x + offset, y: y) }
    }

    /// Each row as text (the right halves of wide characters left out), for tests and logs.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line: [UInt8] = []
            for cell in row(y) { line += cell.grapheme.utf8 }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// Marks row `y` (within the buffer) as known only by reading it: something other than a
    /// tagged paste draws on it. Looked at first, so drawing cell by cell on a row already
    /// unknown writes nothing more. A row cleared in name only is blanked first.
    @inline(__always)
    private mutating func forget(row y: Int) {
        if !cleared[y].isBlank { blank(row: y) }
        if histories[y].isKnown { histories[y] = .unknown }
    }

    /// Blanks the cells of row `y`, cleared in name only, but those in `kept` (columns about to
    /// be overwritten): it now holds what it reads as.
    @inline(never)
    private mutating func blank(row y: Int, except kept: Range<Int> = 0..<0) {
        cleared[y] = .blank
        guard size.width > 0 else { return }
        let (start, width, stride) = (y * size.width, size.width, MemoryLayout<Cell>.stride)
        let (before, after) = kept.isEmpty ? (width, 0) : (kept.lowerBound, width - kept.upperBound)
        blankRow.withUnsafeBytes { blank in
            cells.withUnsafeMutableBytes { cells in
                let row = cells.baseAddress! + start * stride
                row.copyMemory(from: blank.baseAddress!, byteCount: before * stride)
                (row + (width - after) * stride).copyMemory(from: blank.baseAddress!, byteCount: after * stride)
            }
        }
    }

    private func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size.width && y < size.height
    }

    /// Sets one cell, blanking the other half of any wide character it cuts through.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation && !cell.isContinuation && x > 0 {
            cells[index - 1].grapheme = .space
        }
        if old.grapheme.columns == 2 && x + 1 < size.width && cell.grapheme.columns != 2 {
            cells[index + 1].grapheme = .space
        }
        cells[index] = cell
    }
}
