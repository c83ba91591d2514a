import MarketCore
import TerminalKit

/// Both exchanges' books of one coin around the same prices: one price column, Bithumb's
/// quantity to its left and Upbit's to its right (asks in the fall colour, bids in the rise
/// colour, each best level bold), and the cross — one exchange's bid above the other's ask —
/// lit, with its edge in the title.
struct TwinBookPanel: Widget {
    let comparison: BookComparison
    let labels: Labels
    let theme: Theme

    static let quantityWidth = 14
    static let priceWidth = 15

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 3 else { return }
        let body = theme.drawTitle(title, in: area, into: &buffer)
        let (names, rows) = body.splitTop(1)
        let width = Self.quantityWidth * 2 + Self.priceWidth + 2
        let left = rows.x + max(0, (rows.width - width) / 2)
        drawCells(
            (labels.exchangeName(.bithumb), theme.header), ("", .plain), (labels.exchangeName(.upbit), theme.header), x: left, y: names.y,
            in: names, into: &buffer)
        guard !comparison.rows.isEmpty else {
            buffer.write(" " + labels.noBook, x: rows.x, y: rows.y + rows.height / 2, limit: rows.width, style: theme.muted)
            return
        }
        let first = max(0, min(comparison.middleIndex - rows.height / 2, comparison.rows.count - rows.height))
        for (offset, row) in comparison.rows.dropFirst(first).prefix(rows.height).enumerated() {
            let price = DisplayFormat.price(row.price)
            let priceStyle = row.isCrossed ? theme.selected.bold : .plain
            drawCells(
                cell(row.bithumb, isBest: comparison.isBest(row, on: .bithumb)), (price, priceStyle),
                cell(row.upbit, isBest: comparison.isBest(row, on: .upbit)), x: left, y: rows.y + offset, in: rows, into: &buffer)
        }
    }

    /// The title, with the cross when the books cross: `교차: 업비트 매수 → 빗썸 매도 +1,000 (0.01%)`.
    private var title: String {
        guard let cross = comparison.cross else { return labels.twinBooks }
        let percent = cross.edge.shifted(byPowerOfTen: 2).divided(by: cross.ask, roundedToFractionDigits: 3)
        let share = percent.map { " (\($0.formatted(fractionDigits: 3))%)" } ?? ""
        return "\(labels.twinBooks)  \(labels.cross(cross))  +\(DisplayFormat.price(cross.edge))\(share)"
    }

    private func cell(_ resting: BookComparison.Resting?, isBest: Bool) -> (String, Style) {
        guard let resting else { return ("", .plain) }
        let style = theme.style(for: resting.side)
        return ((isBest ? "▶ " : "") + DisplayFormat.quantity(resting.quantity), isBest ? style.bold : style)
    }

    private func drawCells(
        _ bithumb: (String, Style), _ price: (String, Style), _ upbit: (String, Style), x: Int, y: Int, in area: Rect,
        into buffer: inout Buffer
    ) {
        var x = x
        for (text, style, width, isRight) in [
            (bithumb.0, bithumb.1, Self.quantityWidth, true), (price.0, price.1, Self.priceWidth, true),
            (upbit.0, upbit.1, Self.quantityWidth, false),
        ] {
            let fitted = DisplayFormat.fitted(text, toColumns: width)
            let aligned = isRight ? fitted.rightAligned(toColumns: width) : " " + fitted.padded(toColumns: width - 1)
            buffer.write(aligned, x: x, y: y, limit: max(0, min(width, area.maxX - x)), style: style)
            x += width + 1
        }
    }
}
