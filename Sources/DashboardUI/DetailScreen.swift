import MarketCore
import TerminalKit

/// One market: the ticker header; the depth panel beside the trades tape; the chart below.
/// Narrow terminals drop the tape, short ones the chart.
struct DetailScreen: Widget {
    let market: MarketCode
    let state: UIState
    let theme: Theme

    func render(in area: Rect, into buffer: inout Buffer) {
        let labels = Labels(language: state.nameLanguage)
        let snapshot = state.snapshot
        let (header, body) = area.splitTop(2)
        TickerHeader(market: market, state: state, theme: theme).render(in: header, into: &buffer)
        let ticker = snapshot.tickers[market]
        let tape = snapshot.trades[market]
        let showsChart = body.height >= 20
        let (top, bottom) = body.splitTop(showsChart ? max(9, body.height * 9 / 20) : body.height)
        let showsTape = top.width >= 80
        let (depthArea, tapeArea) = top.splitLeft(showsTape ? min(top.width - 36, 72) : top.width)
        DepthPanel(
            book: snapshot.orderBooks[market], bookState: snapshot.bookState(of: market), ticker: ticker,
            lastTrade: tape?.newest, labels: labels, theme: theme
        )
        .render(in: depthArea, into: &buffer)
        if showsTape {
            TradesTape(tape: tape, labels: labels, theme: theme).render(in: tapeArea.splitLeft(1).rest, into: &buffer)
        }
        if showsChart {
            CandlestickChart(
                series: snapshot.candles[market]?[state.chart.interval], view: state.chart,
                lastPrice: ticker?.price ?? tape?.newest?.price, labels: labels, theme: theme
            )
            .render(in: bottom, into: &buffer)
        }
    }
}
