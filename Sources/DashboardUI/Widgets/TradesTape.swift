import MarketCore
import TerminalKit

/// The latest trades, newest first: KST time, price and quantity, coloured by side.
struct TradesTape: Widget {
    let tape: TradeTape?
    let labels: Labels
    let theme: Theme
    /// Whose trades they are, in the title, when not the exchange's own (`바이낸스 USDT`).
    var source: String?

    /// Columns of the time (` 14:03:22`), the quantity, and the price's narrowest and widest.
    static let timeWidth = 9
    static let quantityWidth = 13
    static let priceWidths = 6...14

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 2 else { return }
        let body = theme.drawTitle(source.map { "\(labels.trades) · \($0)" } ?? labels.trades, in: area, into: &buffer)
        guard let tape, !tape.isEmpty else {
            buffer.write(" " + labels.noTrades, x: body.x, y: body.y, limit: body.width, style: theme.muted)
            return
        }
        let priceWidth = max(Self.priceWidths.lowerBound, min(Self.priceWidths.upperBound, body.width - Self.timeWidth - Self.quantityWidth + 2))
        for (index, trade) in tape.newestFirst.prefix(body.height).enumerated() {
            let y = body.y + index
            let style = theme.style(for: trade.side)
            var x = body.x
            x += buffer.write(" " + DisplayFormat.kstTime(trade.timestamp), x: x, y: y, limit: body.maxX - x, style: theme.muted)
            x += buffer.write(
                DisplayFormat.fitted(DisplayFormat.price(trade.price), toColumns: priceWidth).rightAligned(toColumns: priceWidth + 1), x: x, y: y,
                limit: body.maxX - x, style: style)
            let room = min(Self.quantityWidth, body.maxX - x)
            buffer.write(
                DisplayFormat.fitted(DisplayFormat.quantity(trade.quantity), toColumns: room).rightAligned(toColumns: room), x: x, y: y, limit: room,
                style: style)
        }
    }
}
