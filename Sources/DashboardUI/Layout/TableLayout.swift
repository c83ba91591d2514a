import TerminalKit

/// A column of a table of markets: its width and alignment.
protocol TableColumn: Hashable {
    /// Columns at the least.
    var width: Int { get }
    /// Whether its text is right-aligned (figures).
    var isRightAligned: Bool { get }
}

/// Fitting a table's columns to the terminal's width and writing its rows.
enum TableLayout {
    /// `columns` that fit in `width`, dropping `droppedFirst` in that order until they do, with
    /// their widths; `flexible` takes what is left, up to `flexibleExtra` more.
    static func fit<Column: TableColumn>(
        _ columns: [Column], width: Int, droppedFirst: [Column], flexible: Column, flexibleExtra: Int = 10
    ) -> [(column: Column, width: Int)] {
        var shown = columns
        func needed(_ columns: [Column]) -> Int { columns.reduce(0) { $0 + $1.width } + columns.count - 1 }
        for column in droppedFirst where needed(shown) > width {
            shown.removeAll { $0 == column }
        }
        let spare = max(0, width - needed(shown))
        return shown.map { column in (column, column == flexible ? column.width + min(spare, flexibleExtra) : column.width) }
    }

    /// Writes one row at `y`: each column's text and style from `cell`, fitted to its width,
    /// a space between columns.
    static func draw<Column: TableColumn>(
        _ columns: [(column: Column, width: Int)], y: Int, in area: Rect, into buffer: inout Buffer,
        cell: (Column) -> (String, Style)
    ) {
        var x = area.x
        for (column, width) in columns {
            let (text, style) = cell(column)
            var shown = text
            // No text takes more columns than it has UTF-8 bytes: most cells are measured by neither.
            if text.utf8.count > width, text.terminalColumns > width {
                let fitted = column.isRightAligned ? DisplayFormat.fitted(text, toColumns: width) : text
                shown = fitted.terminalColumns <= width ? fitted : fitted.truncated(toColumns: width)
            }
            buffer.write(
                shown, x: x, y: y, width: width, alignment: column.isRightAligned ? .right : .left, limit: area.maxX - x,
                style: style)
            x += width + 1
        }
    }

    /// Centred muted lines in an empty table's body.
    static func drawEmpty(_ lines: [String], in area: Rect, into buffer: inout Buffer, style: Style) {
        for (index, line) in lines.enumerated() where index < area.height {
            let text = line.truncated(toColumns: area.width)
            buffer.write(
                text, x: area.x + max(0, (area.width - text.terminalColumns) / 2), y: area.y + 1 + index,
                limit: area.width, style: style)
        }
    }
}
