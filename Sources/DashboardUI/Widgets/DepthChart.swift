import MarketCore
import TerminalKit

/// The cumulative depth chart: bids left of the mid and asks right of it, each column as high
/// as the size resting from the best price out to the column's price, at half-cell vertical
/// resolution (`█` and `▄`; `#` and `.` in ASCII). The mid is a vertical rule; the spread is
/// the gap around it. Prices run over the held book, the mid centred; display maths in
/// `Double`.
struct DepthChart: Widget {
    let book: OrderBook
    let labels: Labels
    let theme: Theme

    /// The glyphs for a full and a bottom-half cell and the mid rule.
    private var glyphs: (full: String, half: String, rule: String) {
        theme.isUnicode ? ("█", "▄", "│") : ("#", ".", "|")
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 5, area.width >= 20, let bestBid = book.bestBid?.price, let bestAsk = book.bestAsk?.price,
            let deepestBid = book.bids.last?.price, let deepestAsk = book.asks.last?.price
        else { return }
        let (title, rest) = area.splitTop(1)
        let (plot, axis) = rest.splitBottom(1)
        let mid = (bestBid.doubleValue + bestAsk.doubleValue) / 2
        let reach = max(mid - deepestBid.doubleValue, deepestAsk.doubleValue - mid, mid * 1e-9)
        let low = mid - reach
        let step = 2 * reach / Double(plot.width)
        let heights = (0..<plot.width).map { column in cumulative(at: low + (Double(column) + 0.5) * step) }
        let tallest = heights.compactMap { $0?.size }.max() ?? 0
        drawTitle(largest: tallest, in: title, into: &buffer)
        let midColumn = Int(clampingRounded: (mid - low) / step - 0.5, to: 0...(plot.width - 1))
        for (column, height) in heights.enumerated() {
            let x = plot.x + column
            guard let height, tallest > 0 else {
                if column == midColumn { drawRule(x: x, in: plot, into: &buffer) }
                continue
            }
            let halves = max(1, Int(clampingRounded: height.size / tallest * Double(plot.height * 2), to: 0...(plot.height * 2)))
            let style = theme.style(for: height.side)
            for row in 0..<plot.height {
                let fromBottom = plot.height - 1 - row
                let filled = halves - 2 * fromBottom
                guard filled > 0 else { continue }
                buffer.write(filled >= 2 ? glyphs.full : glyphs.half, x: x, y: plot.y + row, limit: 1, style: style)
            }
        }
        let exactMid = (bestBid + bestAsk).divided(by: 2) ?? bestBid
        drawAxis(low: low, high: mid + reach, mid: exactMid, midColumn: midColumn, in: axis, into: &buffer)
    }

    /// The size resting from the best price of the side `price` is on out to `price`; `nil`
    /// inside the spread and beyond the held book.
    private func cumulative(at price: Double) -> (side: BookSide, size: Double)? {
        if let best = book.bestBid?.price.doubleValue, price <= best, let deepest = book.bids.last?.price.doubleValue, price >= deepest {
            return (.bid, book.bids.prefix { $0.price.doubleValue >= price }.reduce(0) { $0 + $1.quantity.doubleValue })
        }
        if let best = book.bestAsk?.price.doubleValue, price >= best, let deepest = book.asks.last?.price.doubleValue, price <= deepest {
            return (.ask, book.asks.prefix { $0.price.doubleValue <= price }.reduce(0) { $0 + $1.quantity.doubleValue })
        }
        return nil
    }

    private func drawTitle(largest: Double, in area: Rect, into buffer: inout Buffer) {
        var x = area.x
        x += buffer.write(" \(labels.depthChart) ", x: x, y: area.y, limit: area.width, style: theme.header.underlined)
        x += buffer.write(" \(glyphs.full) \(labels.bids)", x: x, y: area.y, limit: area.maxX - x, style: theme.style(for: BookSide.bid))
        x += buffer.write(" \(glyphs.full) \(labels.asks)", x: x, y: area.y, limit: area.maxX - x, style: theme.style(for: BookSide.ask))
        let top = "  max \(DisplayFormat.quantity(ExactDecimal(approximating: largest)))"
        buffer.write(top, x: x, y: area.y, limit: area.maxX - x, style: theme.muted)
    }

    private func drawRule(x: Int, in plot: Rect, into buffer: inout Buffer) {
        for row in 0..<plot.height { buffer.write(glyphs.rule, x: x, y: plot.y + row, limit: 1, style: theme.muted) }
    }

    private func drawAxis(low: Double, high: Double, mid: ExactDecimal, midColumn: Int, in axis: Rect, into buffer: inout Buffer) {
        let left = DisplayFormat.axisPrice(ExactDecimal(approximating: low))
        let right = DisplayFormat.axisPrice(ExactDecimal(approximating: high))
        let centre = "\(labels.mid) \(DisplayFormat.price(mid))"
        buffer.write(left, x: axis.x, y: axis.y, limit: axis.width, style: theme.muted)
        buffer.write(right, x: axis.maxX - right.terminalColumns, y: axis.y, limit: right.terminalColumns, style: theme.muted)
        let centreX = max(axis.x + left.terminalColumns + 1, axis.x + midColumn - centre.terminalColumns / 2)
        if centreX + centre.terminalColumns < axis.maxX - right.terminalColumns {
            buffer.write(centre, x: centreX, y: axis.y, limit: centre.terminalColumns, style: theme.header)
        }
    }
}
