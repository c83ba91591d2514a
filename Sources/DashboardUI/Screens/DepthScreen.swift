import MarketCore
import TerminalKit

/// One market's whole book: the ticker header, the book's statistics, the market-impact
/// panel while it is used, and the ladder and/or the cumulative depth chart.
struct DepthScreen: Widget {
    let market: MarketCode
    let state: UIState
    let theme: Theme

    func render(in area: Rect, into buffer: inout Buffer) {
        let view = state.detail.depth
        let layout = DepthLayout(area: area, view: view)
        let labels = Labels(language: state.nameLanguage)
        TickerHeader(market: market, state: state, theme: theme).render(in: layout.header, into: &buffer)
        let snapshot = state.snapshot
        let title = theme.drawTitle(labels.orderBook(snapshot.bookState(of: market)), in: layout.statistics, into: &buffer)
        guard let book = snapshot.orderBooks[market], !(book.asks.isEmpty && book.bids.isEmpty) else {
            buffer.write(" " + labels.noBook, x: title.x, y: title.y, limit: title.width, style: theme.muted)
            return
        }
        let ladder = DepthLadder(book: book, grouping: view.grouping)
        let statistics = BookStatistics(book)
        DepthStatisticsLine(
            statistics: statistics, ladder: ladder, grouping: view.grouping, title: labels.orderBook(snapshot.bookState(of: market)),
            labels: labels, theme: theme
        )
        .render(in: layout.statistics, into: &buffer)
        if let panel = layout.impact {
            ImpactPanel(prompt: view.impact, book: book, labels: labels, theme: theme).render(in: panel, into: &buffer)
        }
        if let area = layout.ladder {
            DepthLadderTable(
                ladder: ladder, scroll: view.scroll, reference: snapshot.tickers[market]?.referencePrice,
                lastTrade: snapshot.trades[market]?.newest?.price, labels: labels, theme: theme
            )
            .render(in: area, into: &buffer)
        }
        if let area = layout.chart {
            DepthChart(book: book, labels: labels, theme: theme).render(in: area, into: &buffer)
        }
    }
}

/// The book's statistics in two rows: spread, mid, imbalance and grouping above the sizes
/// held in all and near the mid (the first row also carries the panel's title).
struct DepthStatisticsLine: Widget {
    let statistics: BookStatistics
    let ladder: DepthLadder
    let grouping: BookGrouping
    /// The panel's title drawn on the first row, which the figures follow.
    let title: String
    let labels: Labels
    let theme: Theme

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 2 else { return }
        var first: [String] = []
        if let spread = statistics.spread, let mid = statistics.mid {
            let ticks = statistics.spreadTicks.map { labels.spreadTicks($0) } ?? "-"
            let points = statistics.spreadBasisPoints.map { "\($0.formatted(fractionDigits: 2))bp" } ?? "-"
            first.append("\(labels.spread) \(DisplayFormat.price(spread)) (\(ticks) · \(points))")
            first.append("\(labels.mid) \(DisplayFormat.price(mid))")
        }
        if let imbalance = statistics.imbalance {
            first.append("\(labels.imbalance) \(DisplayFormat.signedPercent(imbalance))")
        }
        first.append(labels.grouping(ticks: grouping.ticks, bucket: DisplayFormat.price(ladder.bucket)))
        let x = area.x + min(area.width, title.terminalColumns + 3)
        buffer.write(first.joined(separator: "  "), x: x, y: area.y, limit: area.maxX - x, style: theme.header.underlined)
        let second = [
            "\(labels.bids) \(DisplayFormat.quantity(statistics.bidTotal)) (\(labels.nearMid) \(DisplayFormat.quantity(statistics.bidNearMid)))",
            "\(labels.asks) \(DisplayFormat.quantity(statistics.askTotal)) (\(labels.nearMid) \(DisplayFormat.quantity(statistics.askNearMid)))",
        ]
        var column = area.x + 1
        for (text, side) in zip(second, [BookSide.bid, .ask]) {
            column += buffer.write(text + "   ", x: column, y: area.y + 1, limit: area.maxX - column, style: theme.style(for: side))
        }
        if column < area.maxX - labels.impactKey.terminalColumns {
            buffer.write(labels.impactKey, x: column, y: area.y + 1, limit: area.maxX - column, style: theme.muted)
        }
    }
}

/// The market-impact prompt, or what a market buy and sell of the amount entered would do.
struct ImpactPanel: Widget {
    let prompt: ImpactPrompt
    let book: OrderBook
    let labels: Labels
    let theme: Theme

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height >= 3 else { return }
        if prompt.isEditing {
            let x = area.x + 1 + buffer.write(labels.impactPrompt, x: area.x + 1, y: area.y, limit: area.width - 1, style: theme.header)
            let cursor = theme.isUnicode ? "▏" : "_"
            buffer.write(prompt.text + cursor, x: x, y: area.y, limit: area.maxX - x, style: theme.selected)
            buffer.write(labels.impactHint, x: area.x + 1, y: area.y + 1, limit: area.width - 1, style: theme.muted)
            return
        }
        if prompt.isInvalid {
            buffer.write(labels.notAnAmount(prompt.text), x: area.x + 1, y: area.y, limit: area.width - 1, style: theme.header)
            return
        }
        guard let amount = prompt.amount else { return }
        let amountText = labels.won(DisplayFormat.price(amount))
        let first = max(8, amountText.terminalColumns + 2)
        let headings = [labels.average, labels.worst, labels.quantityWord, labels.levelsColumn, labels.slippage]
        drawRow(" " + amountText, cells: headings, firstWidth: first, y: area.y, in: area, style: theme.header, into: &buffer)
        for (row, direction) in [MarketImpact.Direction.buy, .sell].enumerated() {
            let impact = MarketImpact(direction, amount: amount, in: book)
            drawRow(
                " " + labels.impactSide(direction), cells: cells(impact), firstWidth: first, y: area.y + 1 + row, in: area,
                style: theme.style(for: direction == .buy ? BookSide.bid : .ask), into: &buffer)
        }
    }

    /// Column widths after the first: average, worst, quantity, levels, slippage; whether the
    /// book was deep enough takes the rest.
    static let columnWidths = [17, 14, 12, 7, 10]

    private func drawRow(
        _ first: String, cells: [String], firstWidth: Int, y: Int, in area: Rect, style: Style, into buffer: inout Buffer
    ) {
        var x = area.x + buffer.write(first.padded(toColumns: firstWidth), x: area.x, y: y, limit: area.width, style: style)
        for (index, cell) in cells.enumerated() where x < area.maxX {
            guard index < Self.columnWidths.count else {
                let room = area.maxX - x - 2
                let status = cell.terminalColumns <= room ? cell : (cells.count > index + 1 ? cells[index + 1] : cell)
                buffer.write("  " + status, x: x, y: y, limit: area.maxX - x, style: style)
                return
            }
            let width = Self.columnWidths[index]
            buffer.write(
                DisplayFormat.fitted(cell, toColumns: width - 1).rightAligned(toColumns: width - 1), x: x, y: y,
                limit: min(width - 1, area.maxX - x), style: style)
            x += width
        }
    }

    /// One direction's figures, in the columns' order, then whether the book was deep enough,
    /// in full and in short (for narrow terminals).
    private func cells(_ impact: MarketImpact) -> [String] {
        guard let average = impact.averagePrice, let worst = impact.worstPrice else {
            return ["-", "-", "-", "0", "-", labels.nothingToFill, labels.nothingToFill]
        }
        let filled = labels.won(DisplayFormat.price(impact.filledAmount.rounded(toFractionDigits: 0)))
        return [
            DisplayFormat.grouped(average.formatted(fractionDigits: Self.priceDigits(worst))),
            DisplayFormat.price(worst),
            DisplayFormat.quantity(impact.quantity),
            "\(impact.levels)",
            impact.slippagePercent.map { "\($0.formatted(fractionDigits: 3))%" } ?? "-",
            impact.isComplete ? labels.filledWhole : labels.bookTooThin(filled: filled),
            impact.isComplete ? labels.filledShort : labels.tooThinShort,
        ]
    }

    /// Decimals an average is shown with: two more than the worst price has, at least two.
    static func priceDigits(_ price: ExactDecimal) -> Int {
        let text = price.description
        let decimals = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        return max(2, decimals + 2)
    }
}
