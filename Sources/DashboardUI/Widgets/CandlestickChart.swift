import MarketCore
import TerminalKit

/// Candlesticks at half-cell vertical resolution with a price axis scaled to the visible
/// candles, time labels, volume bars and a last-price line.
struct CandlestickChart: Widget {
    let series: CandleSeries?
    let view: ChartView
    let lastPrice: ExactDecimal?
    let labels: Labels
    let theme: Theme
    /// Whose candles they are, in the title, when not the exchange's own (`바이낸스 USDT`).
    var source: String?

    /// The smallest area a chart is drawn in.
    static let minimumSize = Size(width: 20, height: 4)
    /// From this height a sixth of the rows (at least two) show volume bars.
    static let volumeBarsFromHeight = 12

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= Self.minimumSize.height, area.width >= Self.minimumSize.width else { return }
        let (title, body) = area.splitTop(1)
        renderTitle(in: title, into: &buffer)
        let candles = visibleCandles(columns: body.width - ChartScale.labelWidth)
        guard !candles.isEmpty else {
            buffer.write(" " + labels.noCandles, x: body.x, y: body.y + body.height / 2, limit: body.width, style: theme.muted)
            return
        }
        let volumeRows = body.height >= Self.volumeBarsFromHeight ? max(2, body.height / 6) : 0
        let (chartArea, timeAxis) = body.splitBottom(1)
        let (priceArea, volumeArea) = chartArea.splitBottom(volumeRows)
        let (plot, axis) = priceArea.splitLeft(priceArea.width - ChartScale.labelWidth)
        let showsLast = view.scrollBack == 0 ? lastPrice : nil
        let scale = ChartScale(candles: candles, including: showsLast, rows: plot.height)
        let firstX = plot.maxX - candles.count * view.columnsPerCandle
        renderAxis(scale, last: showsLast, in: axis, into: &buffer)
        if let showsLast { renderLastPriceLine(at: scale.row(of: showsLast), in: plot, into: &buffer) }
        for (index, candle) in candles.enumerated() {
            let x = firstX + index * view.columnsPerCandle
            renderCandle(candle, x: x, scale: scale, in: plot, into: &buffer)
        }
        renderVolumes(
            candles, firstX: firstX,
            in: Rect(
                x: volumeArea.x, y: volumeArea.y, width: plot.width,
                height: volumeArea.height), into: &buffer)
        renderTimes(candles, firstX: firstX, in: timeAxis, into: &buffer)
        let cursorIndex = view.cursor.flatMap { cursor in
            cursor == ChartView.newestCandle ? candles.indices.last : candles.firstIndex { $0.start == cursor }
        }
        if let index = cursorIndex {
            let x = firstX + (index - candles.startIndex) * view.columnsPerCandle
            renderCursor(at: x, in: Rect(x: plot.x, y: plot.y, width: plot.width, height: chartArea.height), into: &buffer)
            let previous = index > (series?.candles.startIndex ?? 0) ? series?.candles[index - 1].close : nil
            CandleInfoBox(candle: candles[index], previousClose: previous, interval: view.interval, labels: labels, theme: theme)
                .render(in: plot, cursorX: x, into: &buffer)
        }
    }

    /// The cursor's column: a rule through its empty cells, its candle's cells reversed.
    private func renderCursor(at x: Int, in area: Rect, into buffer: inout Buffer) {
        guard x >= area.x, x < area.maxX else { return }
        for y in area.y..<area.maxY {
            if buffer[x, y].grapheme == .space {
                buffer.write(theme.isUnicode ? "┊" : ":", x: x, y: y, limit: 1, style: theme.muted)
            } else {
                buffer.updateStyles(in: Rect(x: x, y: y, width: 1, height: 1)) { $0 = $0.reversed }
            }
        }
    }

    /// The candles that fit, ending `scrollBack` candles before the newest.
    func visibleCandles(columns: Int) -> ArraySlice<Candle> {
        guard let candles = series?.candles, columns > 0 else { return [] }
        return candles[view.visibleRange(of: candles.count, columns: columns)]
    }

    private func renderTitle(in area: Rect, into buffer: inout Buffer) {
        var x = area.x
        let title = source.map { "\(labels.chart) · \($0)" } ?? labels.chart
        x += buffer.write(" \(title) ", x: x, y: area.y, limit: area.width, style: theme.header.underlined)
        for interval in CandleInterval.allCases.sorted() {
            let selected = interval == view.interval
            x += buffer.write(
                " \(interval.rawValue)", x: x, y: area.y, limit: area.maxX - x,
                style: selected ? theme.selected.bold : theme.muted)
        }
        if view.scrollBack > 0 {
            x += buffer.write("  -\(view.scrollBack)", x: x, y: area.y, limit: area.maxX - x, style: theme.muted)
        }
        if let edge = historyEdge(columns: area.width - ChartScale.labelWidth) {
            buffer.write("  " + edge, x: x, y: area.y, limit: area.maxX - x, style: theme.selected)
        }
    }

    /// What the title says of the series' oldest end: the page before it loading, or, with the
    /// oldest candle in view, the start of the exchange's history or the series' limit.
    private func historyEdge(columns: Int) -> String? {
        guard let series else { return nil }
        let arrow = theme.isUnicode ? "◀" : "<"
        if view.isLoadingEarlier(series) { return "\(arrow) " + labels.loadingEarlierCandles }
        guard !series.candles.isEmpty, view.visibleRange(of: series.candles.count, columns: columns).lowerBound == 0 else { return nil }
        if series.reachedStart { return "|\(arrow) " + labels.startOfHistory }
        return series.canPageBack ? nil : "|\(arrow) " + labels.pagedCandleLimit
    }

    private func renderCandle(_ candle: Candle, x: Int, scale: ChartScale, in plot: Rect, into buffer: inout Buffer) {
        let style = candle.close >= candle.open ? theme.rise : theme.fall
        let wick = (scale.halfRow(of: candle.high), scale.halfRow(of: candle.low))
        let body = (scale.halfRow(of: max(candle.open, candle.close)), scale.halfRow(of: min(candle.open, candle.close)))
        // Only the rows between the candle's ends hold any of it.
        let top = min(wick.0, wick.1, body.0, body.1) / 2
        let bottom = min(max(wick.0, wick.1, body.0, body.1) / 2, plot.height - 1)
        guard top <= bottom else { return }
        for row in top...bottom {
            let top = CandlePart(halfRow: 2 * row, wick: wick, body: body)
            let bottom = CandlePart(halfRow: 2 * row + 1, wick: wick, body: body)
            guard let glyph = CandlePart.glyph(top: top, bottom: bottom, unicode: theme.isUnicode) else { continue }
            buffer.put(glyph, x: x, y: plot.y + row, style: style)
        }
    }

    private func renderAxis(_ scale: ChartScale, last: ExactDecimal?, in axis: Rect, into buffer: inout Buffer) {
        let step = max(2, axis.height / 4)
        for row in stride(from: 0, to: axis.height, by: step) {
            buffer.write(
                " " + DisplayFormat.fitted(DisplayFormat.axisPrice(scale.price(atRow: row)), toColumns: axis.width - 1), x: axis.x, y: axis.y + row,
                limit: axis.width,
                style: theme.muted)
        }
        if let last {
            let row = scale.row(of: last)
            buffer.write(
                (" " + DisplayFormat.fitted(DisplayFormat.axisPrice(last), toColumns: axis.width - 1)).padded(toColumns: axis.width), x: axis.x,
                y: axis.y + row,
                limit: axis.width, style: theme.selected.bold)
        }
    }

    private func renderLastPriceLine(at row: Int, in plot: Rect, into buffer: inout Buffer) {
        let dash = theme.isUnicode ? "┈" : "-"
        buffer.fill(Rect(x: plot.x, y: plot.y + row, width: max(0, plot.width), height: 1), with: dash, style: theme.muted)
    }

    private func renderVolumes(_ candles: ArraySlice<Candle>, firstX: Int, in area: Rect, into buffer: inout Buffer) {
        guard area.height > 0, let largest = candles.map(\.volume).max(), largest > .zero else { return }
        let levels = theme.isUnicode ? Self.volumeLevels : Self.asciiVolumeLevels
        let largestValue = largest.doubleValue
        for (index, candle) in candles.enumerated() {
            let eighths = Int(
                clampingRounded: candle.volume.doubleValue / largestValue * Double(area.height * 8),
                to: 0...(area.height * 8))
            let style = (candle.close >= candle.open ? theme.rise : theme.fall).dim
            let x = firstX + index * view.columnsPerCandle
            for row in 0..<area.height {
                let filled = eighths - 8 * (area.height - 1 - row)
                guard filled > 0 else { continue }
                buffer.put(levels[min(filled, 8) - 1], x: x, y: area.y + row, style: style)
            }
        }
    }

    /// A volume bar's top cell by eighths filled, made once.
    private static let volumeLevels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"].map(Grapheme.init)
    private static let asciiVolumeLevels = [".", ".", ".", "#", "#", "#", "#", "#"].map(Grapheme.init)

    /// Time labels under the candles (KST): dates for daily candles; times otherwise, with
    /// the date instead at the first label of each day when the candles shown span days.
    private func renderTimes(_ candles: ArraySlice<Candle>, firstX: Int, in area: Rect, into buffer: inout Buffer) {
        let daily = view.interval >= .oneDay
        let spansDays =
            !daily && candles.first.map { $0.start.civilTime(in: .kst).day } != candles.last.map { $0.start.civilTime(in: .kst).day }
        var nextFree = area.x
        var labelledDay: Int?
        for (index, candle) in candles.enumerated() {
            let x = firstX + index * view.columnsPerCandle
            guard x >= nextFree else { continue }
            let civil = candle.start.civilTime(in: .kst)
            let showsDate = daily || (spansDays && civil.day != labelledDay)
            let text = String(showsDate ? civil.dateText(separator: "/").dropFirst(5) : civil.timeText().prefix(5))
            guard x + text.count <= area.maxX - ChartScale.labelWidth + 1 else { continue }
            buffer.write("\(theme.isUnicode ? "╵" : "|")" + text, x: x, y: area.y, limit: area.maxX - x, style: theme.muted)
            labelledDay = civil.day
            nextFree = x + text.count + 4
        }
    }
}
