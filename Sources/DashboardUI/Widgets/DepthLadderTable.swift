import MarketCore
import TerminalKit

/// The ladder on screen: a heading, then the rows in view, each level with price, size, KRW
/// value, cumulative size and value from the best price, and % from the previous close; a bar
/// scaled to size fills any width left. Columns drop, least needed first, on narrow terminals.
struct DepthLadderTable: Widget {
    let ladder: DepthLadder
    let scroll: Int
    /// The price the change column is measured from.
    let reference: ExactDecimal?
    /// The last trade's price, marked where a level has it.
    let lastTrade: ExactDecimal?
    let labels: Labels
    let theme: Theme

    /// A column: what it shows and how wide it is.
    enum Column: CaseIterable {
        case price, size, value, cumulativeSize, cumulativeValue, change

        var width: Int {
            switch self {
            case .price: 14
            case .size: 13
            case .value: 15
            case .cumulativeSize: 13
            case .cumulativeValue: 16
            case .change: 9
            }
        }

        /// The order columns are given room in: the change before the totals (the original
        /// app's % column), the values last.
        static let priority: [Column] = [.price, .size, .change, .cumulativeSize, .value, .cumulativeValue]
    }

    /// The marker column's width.
    static let markWidth = 2

    /// The columns that fit `width`, in screen order.
    static func columns(fitting width: Int) -> [Column] {
        var room = width - markWidth
        var chosen: Set<Column> = []
        for column in Column.priority where column.width <= room {
            chosen.insert(column)
            room -= column.width
        }
        return Column.allCases.filter(chosen.contains)
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 2 else { return }
        let columns = Self.columns(fitting: area.width)
        let barWidth = area.width - Self.markWidth - columns.reduce(0) { $0 + $1.width } - 1
        drawHeading(columns, in: area, into: &buffer)
        let visible = area.height - 1
        let first = ladder.firstRow(visible: visible, scroll: scroll)
        let shown = (0..<visible).compactMap { row in ladder.rows.indices.contains(first + row) ? ladder.rows[first + row] : nil }
        let largest =
            shown.compactMap { row -> ExactDecimal? in
                if case .level(let level) = row { return level.quantity }
                return nil
            }.max() ?? .zero
        for offset in 0..<visible {
            let index = first + offset
            guard ladder.rows.indices.contains(index) else { continue }
            let y = area.y + 1 + offset
            switch ladder.rows[index] {
            case .spread:
                drawSpread(y: y, in: area, into: &buffer)
            case .level(let level):
                draw(level, columns: columns, bar: (barWidth, largest), y: y, in: area, into: &buffer)
            }
        }
    }

    private func title(of column: Column) -> String {
        switch column {
        case .price: labels.priceColumn
        case .size: labels.sizeColumn
        case .value: labels.valueColumn
        case .cumulativeSize: labels.cumulativeSizeColumn
        case .cumulativeValue: labels.cumulativeValueColumn
        case .change: labels.changeColumn
        }
    }

    private func drawHeading(_ columns: [Column], in area: Rect, into buffer: inout Buffer) {
        var x = area.x + Self.markWidth
        for column in columns {
            x += buffer.write(
                title(of: column).rightAligned(toColumns: column.width - 1) + " ", x: x, y: area.y, limit: area.maxX - x, style: theme.muted)
        }
    }

    private func draw(
        _ level: DepthLadder.Level, columns: [Column], bar: (width: Int, largest: ExactDecimal), y: Int, in area: Rect,
        into buffer: inout Buffer
    ) {
        let style = theme.style(for: level.side)
        let isLast = lastTrade == level.price
        let mark = level.isLarge ? theme.largeLevelMark : (isLast ? theme.lastTradeMark : " ")
        var x = area.x + buffer.write(mark, x: area.x, y: y, limit: Self.markWidth, style: style.bold)
        x = area.x + Self.markWidth
        for column in columns {
            let (text, cellStyle) = cell(column, of: level, style: style, isLast: isLast)
            buffer.write(DisplayFormat.fitted(text, toColumns: column.width - 1), x: x, y: y, rightAlignedIn: column.width - 1, style: cellStyle)
            x += column.width
        }
        guard bar.width > 0, bar.largest > .zero else { return }
        let share = level.quantity.doubleValue / bar.largest.doubleValue
        let length = Int(clampingRounded: share * Double(bar.width), to: 1...bar.width)
        buffer.fill(Rect(x: x, y: y, width: min(length, bar.width), height: 1), with: theme.bar, style: style.dim)
    }

    private func cell(_ column: Column, of level: DepthLadder.Level, style: Style, isLast: Bool) -> (String, Style) {
        switch column {
        case .price: return (DisplayFormat.price(level.price), isLast ? style.bold.underlined : style)
        case .size: return (DisplayFormat.quantity(level.quantity), level.isLarge ? Style.plain.bold.reversed : .plain)
        case .value: return (DisplayFormat.price(level.value.rounded(toFractionDigits: 0)), theme.muted)
        case .cumulativeSize: return (DisplayFormat.quantity(level.cumulativeQuantity), theme.muted)
        case .cumulativeValue: return (DisplayFormat.price(level.cumulativeValue.rounded(toFractionDigits: 0)), theme.muted)
        case .change:
            guard let reference, let change = (level.price - reference).divided(by: reference) else { return ("", .plain) }
            return (DisplayFormat.signedPercent(change), theme.style(for: change.isZero ? .even : (change.isNegative ? .fall : .rise)))
        }
    }

    private func drawSpread(y: Int, in area: Rect, into buffer: inout Buffer) {
        buffer.fill(Rect(x: area.x, y: y, width: max(0, area.width), height: 1), with: theme.horizontalRule, style: theme.muted)
        buffer.write(" \(labels.spread) ", x: area.x + 2, y: y, limit: area.width - 2, style: theme.header)
    }
}
