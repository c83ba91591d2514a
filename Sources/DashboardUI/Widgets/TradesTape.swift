import MarketCore
import TerminalKit

/// The latest trades, newest first: KST time, price and quantity, coloured by side.
///
/// A trade's row is drawn from its ``RowInputs`` alone, so as trades come in and the rows
/// move down, each row already shown is copied from the previous frame (``Cache``).
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

    /// What a frame keeps for the next: the rows it drew, by trade.
    typealias Cache = RowCache<Trade, RowInputs>

    /// Everything a row shows besides its trade.
    struct RowInputs: Equatable, Sendable {
        var priceWidth: Int
        var theme: Theme
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        var cache = Cache()
        render(in: area, into: &buffer, cache: &cache)
    }

    func render(in area: Rect, into buffer: inout Buffer, cache: inout Cache) {
        guard area.height >= 2 else { return }
        let body = theme.drawTitle(source.map { "\(labels.trades) · \($0)" } ?? labels.trades, in: area, into: &buffer)
        guard let tape, !tape.isEmpty else {
            buffer.write(" " + labels.noTrades, x: body.x, y: body.y, limit: body.width, style: theme.muted)
            return
        }
        let priceWidth = max(Self.priceWidths.lowerBound, min(Self.priceWidths.upperBound, body.width - Self.timeWidth - Self.quantityWidth + 2))
        let inputs = RowInputs(priceWidth: priceWidth, theme: theme)
        for (index, trade) in tape.newestFirst.prefix(body.height).enumerated() {
            let y = body.y + index
            cache.draw(trade, inputs: inputs, in: Rect(x: body.x, y: y, width: body.width, height: 1), into: &buffer) { buffer in
                draw(trade, priceWidth: priceWidth, y: y, in: body, into: &buffer)
            }
        }
    }

    private func draw(_ trade: Trade, priceWidth: Int, y: Int, in body: Rect, into buffer: inout Buffer) {
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
