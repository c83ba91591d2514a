import MarketCore

/// The views of one market: the chart's interval, zoom, scroll and cursor, the depth view, the
/// pane shown on narrow terminals and whether both exchanges' books are shown.
public struct DetailState: Sendable, Equatable {
    /// The chart's interval, zoom and scroll.
    public internal(set) var chart: ChartView
    /// The depth view's scroll, grouping, chart and market-impact prompt.
    public internal(set) var depth = DepthView()
    /// The pane shown on terminals too narrow for every part at once.
    public internal(set) var pane = DetailPane.book
    /// Whether both exchanges' books are shown on one price axis.
    public internal(set) var showsBothBooks = false
    /// Whether the trades tape and the chart show the reference exchange's (Binance's) trades
    /// and candles of the coin in USDT, rather than the exchange's own.
    public internal(set) var showsReference = false

    /// The views at start, as `settings` say.
    init(settings: DashboardSettings) {
        chart = ChartView(interval: settings.chartInterval, columnsPerCandle: settings.columnsPerCandle)
    }
}
