import MarketCore
import TerminalKit

/// One market: the ticker header, then the book, the trades tape and the chart where
/// ``DetailLayout`` puts them for the terminal's size.
struct DetailScreen: Widget {
    let market: MarketCode
    let state: UIState
    let theme: Theme

    /// What a frame keeps for the next: the book's runs and the tape's rows.
    struct Cache: Sendable {
        var book = DepthPanel.Cache()
        var tape = TradesTape.Cache()

        /// Ends a frame: see ``RowCache/endFrame()``.
        mutating func endFrame() {
            book.endFrame()
            tape.endFrame()
        }
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        var cache = Cache()
        render(in: area, into: &buffer, cache: &cache)
    }

    func render(in area: Rect, into buffer: inout Buffer, cache: inout Cache) {
        let labels = Labels(language: state.nameLanguage)
        let snapshot = state.snapshot
        let book = snapshot.orderBooks[market]
        let layout = DetailLayout(area: area, pane: state.detail.pane, bookRows: state.detailBookRows(of: market))
        TickerHeader(market: market, state: state, theme: theme).render(in: layout.header, into: &buffer)
        if let bar = layout.paneBar {
            PaneBar(selected: state.detail.pane, labels: labels, theme: theme).render(in: bar, into: &buffer)
        }
        let ticker = snapshot.tickers[market]
        let tape = snapshot.trades[market]
        // The trades and candles: the exchange's own, or the reference's of the coin in USDT.
        let (source, charted, isReference) = state.chartSource(of: market)
        let sourceName = isReference ? labels.referenceSource : nil
        let chartedTape = source.trades[charted]
        if let area = layout.book, state.detail.showsBothBooks, state.board.isComparing {
            let comparison = BookComparison(
                bithumb: state.board[.bithumb].orderBooks[market], upbit: state.board[.upbit].orderBooks[market])
            TwinBookPanel(comparison: comparison, labels: labels, theme: theme).render(in: area, into: &buffer)
        } else if let area = layout.book {
            DepthPanel(
                book: book, bookState: snapshot.bookState(of: market), ticker: ticker, lastTrade: tape?.newest, labels: labels,
                theme: theme
            )
            .render(in: area, into: &buffer, cache: &cache.book)
        }
        if let area = layout.tape {
            TradesTape(tape: chartedTape, labels: labels, theme: theme, source: sourceName).render(in: area, into: &buffer, cache: &cache.tape)
        }
        if let area = layout.chart {
            CandlestickChart(
                series: source.candles[charted]?[state.detail.chart.interval], view: state.detail.chart,
                lastPrice: source.tickers[charted]?.price ?? chartedTape?.newest?.price, labels: labels, theme: theme, source: sourceName
            )
            .render(in: area, into: &buffer)
        }
    }
}

/// The detail view's pane bar on narrow terminals: 호가 / 차트 / 체결, the one shown marked.
struct PaneBar: Widget {
    let selected: DetailPane
    let labels: Labels
    let theme: Theme

    /// The pane whose title covers column `x`, if any.
    static func pane(atColumn x: Int, labels: Labels) -> DetailPane? {
        var start = 0
        for pane in DetailPane.allCases {
            let end = start + " \(labels.pane(pane)) ".terminalColumns
            if (start..<end).contains(x) { return pane }
            start = end + 1
        }
        return nil
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        var x = area.x
        for pane in DetailPane.allCases {
            let style = pane == selected ? theme.selected.bold : theme.muted
            x += buffer.write(" \(labels.pane(pane)) ", x: x, y: area.y, limit: area.maxX - x, style: style) + 1
        }
        buffer.write(" Tab  d:\(labels.depth)", x: x + 1, y: area.y, limit: area.maxX - x - 1, style: theme.muted)
    }
}
