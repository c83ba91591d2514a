import MarketCore
import TerminalKit

/// The chart cursor's box: the candle's start (KST), open, high, low, close, volume and
/// change from the candle before (from its own open for the first), drawn in the plot's
/// corner away from the cursor; one line over the plot's top when the plot is too short.
struct CandleInfoBox {
    let candle: Candle
    let previousClose: ExactDecimal?
    let interval: CandleInterval
    let labels: Labels
    let theme: Theme

    /// The box's width, frame included.
    static let width = 26

    /// The lines of the box: the time, then label and figure pairs.
    var lines: [(label: String, value: String)] {
        let civil = candle.start.civilTime(in: .kst)
        let time = interval >= .oneDay ? civil.dateText() : "\(civil.dateText()) \(civil.timeText().prefix(5))"
        let base = previousClose ?? candle.open
        let change = (candle.close - base).divided(by: base).map(DisplayFormat.signedPercent) ?? "-"
        return [
            ("", "\(time) KST"),
            (labels.open, DisplayFormat.price(candle.open)),
            (labels.high, DisplayFormat.price(candle.high)),
            (labels.low, DisplayFormat.price(candle.low)),
            (labels.close, DisplayFormat.price(candle.close)),
            (labels.volume, DisplayFormat.quantity(candle.volume)),
            (labels.changeWord, change),
        ]
    }

    func render(in plot: Rect, cursorX: Int, into buffer: inout Buffer) {
        let lines = lines
        let height = lines.count + 2
        guard plot.height >= height, plot.width >= Self.width + 2 else {
            let text = " " + lines.map { $0.label.isEmpty ? $0.value : "\($0.label) \($0.value)" }.joined(separator: "  ") + " "
            buffer.write(text, x: plot.x, y: plot.y, limit: plot.width, style: theme.selected)
            return
        }
        let onRight = cursorX < plot.x + plot.width / 2
        let box = Rect(x: onRight ? plot.maxX - Self.width : plot.x, y: plot.y, width: Self.width, height: height)
        let frame = theme.isUnicode ? ("┌", "┐", "└", "┘", "─", "│") : ("+", "+", "+", "+", "-", "|")
        let inner = Self.width - 2
        buffer.fill(box)
        buffer.write(frame.0 + String(repeating: frame.4, count: inner) + frame.1, x: box.x, y: box.y, style: theme.muted)
        for (row, line) in lines.enumerated() {
            let text = line.label.isEmpty ? " " + line.value : " " + line.label.padded(toColumns: 7) + line.value.rightAligned(toColumns: inner - 9)
            buffer.write(frame.5, x: box.x, y: box.y + 1 + row, style: theme.muted)
            buffer.write(text, x: box.x + 1, y: box.y + 1 + row, limit: inner, style: row == 0 ? theme.header : .plain)
            buffer.write(frame.5, x: box.maxX - 1, y: box.y + 1 + row, style: theme.muted)
        }
        buffer.write(frame.2 + String(repeating: frame.4, count: inner) + frame.3, x: box.x, y: box.maxY - 1, style: theme.muted)
    }
}
