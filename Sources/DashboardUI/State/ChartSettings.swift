public import MarketCore

extension CandleInterval {
    /// The interval a digit key picks: `1`–`9` are the first nine in order (1m … 6h).
    public static func forDigit(_ digit: Int) -> CandleInterval? {
        let all = allCases.sorted()
        guard (1...9).contains(digit), digit <= all.count else { return nil }
        return all[digit - 1]
    }

    /// The neighbouring interval, `step` places on in order (clamped to 1m and 24h).
    public func stepped(by step: Int) -> CandleInterval {
        let all = Self.allCases.sorted()
        let index = all.firstIndex(of: self) ?? 0
        return all[min(max(0, index + step), all.count - 1)]
    }
}

/// How the chart is zoomed and scrolled.
public struct ChartView: Sendable, Hashable {
    /// The interval shown.
    public var interval: CandleInterval
    /// Columns per candle: 1 packs them, more leaves gaps (zoomed in).
    public var columnsPerCandle: Int
    /// Candles hidden to the right, counting back from the newest (0 shows the newest).
    public var scrollBack: Int
    /// The start of the candle the cursor is on, while the cursor is shown; ``newestCandle``
    /// when it was asked for before any candle came (it stands on the newest one shown).
    public var cursor: Timestamp?
    /// The start of the oldest candle held when the page before it was asked for: while the
    /// series still starts there, that page is loading.
    public var loadingBefore: Timestamp?

    /// The cursor of a chart that had no candle yet when it was asked for.
    public static let newestCandle = Timestamp(microseconds: .max)

    /// The zoom range.
    public static let columnsPerCandleRange = 1...4
    /// Candles a scroll key moves.
    public static let scrollStep = 5

    /// Creates a view at the newest candle.
    public init(interval: CandleInterval, columnsPerCandle: Int = 2, scrollBack: Int = 0, cursor: Timestamp? = nil) {
        self.interval = interval
        self.columnsPerCandle = Self.clampedColumns(columnsPerCandle)
        self.scrollBack = max(0, scrollBack)
        self.cursor = cursor
    }

    /// The view zoomed in (`step` > 0) or out by `step` columns per candle, scrolled and
    /// with the cursor as before.
    public func zoomed(by step: Int) -> ChartView {
        var zoomed = self
        zoomed.columnsPerCandle = Self.clampedColumns(columnsPerCandle + step)
        return zoomed
    }

    /// `columns` within ``columnsPerCandleRange``.
    private static func clampedColumns(_ columns: Int) -> Int {
        min(max(columns, columnsPerCandleRange.lowerBound), columnsPerCandleRange.upperBound)
    }

    /// The view scrolled `step` candles back (negative: towards the newest), kept within the
    /// `count` candles held.
    public func scrolled(by step: Int, of count: Int) -> ChartView {
        var scrolled = self
        scrolled.scrollBack = min(max(0, scrollBack + step), max(0, count - 1))
        return scrolled
    }

    /// The start of the oldest candle of `series` when the view shown in `columns` plot columns
    /// is within a screen of it and the exchange may hold earlier ones: the page before it is
    /// then wanted, so scrolling on finds it there.
    public func wantsEarlierPage(of series: CandleSeries?, columns: Int) -> Timestamp? {
        guard let series, series.canPageBack, let oldest = series.candles.first else { return nil }
        let shown = visibleRange(of: series.candles.count, columns: columns)
        return shown.lowerBound < fittingCandles(columns: columns) ? oldest.start : nil
    }

    /// Whether the page before the oldest candle of `series` was asked for and has not come.
    public func isLoadingEarlier(_ series: CandleSeries?) -> Bool {
        guard let series, let loadingBefore, series.canPageBack else { return false }
        return series.candles.first?.start == loadingBefore
    }

    /// How many candles fit `columns` plot columns.
    public func fittingCandles(columns: Int) -> Int {
        max(1, columns / columnsPerCandle)
    }

    /// The range of `count` candles shown in `columns` plot columns.
    public func visibleRange(of count: Int, columns: Int) -> Range<Int> {
        let end = max(0, count - scrollBack)
        return max(0, end - fittingCandles(columns: columns))..<end
    }

    /// The view with the cursor `step` candles on in `candles` (or on the newest shown when
    /// it had none), scrolled so the cursor stays in view of `columns` plot columns; with no
    /// candles yet, the cursor waits on ``newestCandle``.
    public func movingCursor(by step: Int, in candles: [Candle], columns: Int) -> ChartView {
        guard !candles.isEmpty else {
            var waiting = self
            waiting.cursor = cursor ?? Self.newestCandle
            return waiting
        }
        let shown = visibleRange(of: candles.count, columns: columns)
        let current = cursor.flatMap { start in candles.firstIndex { $0.start == start } } ?? max(0, shown.upperBound - 1)
        let index = min(max(0, current + step), candles.count - 1)
        var moved = self
        moved.cursor = candles[index].start
        if index >= shown.upperBound {
            moved.scrollBack = max(0, candles.count - 1 - index)
        } else if index < shown.lowerBound {
            moved.scrollBack = min(candles.count - 1, scrollBack + shown.lowerBound - index)
        }
        return moved
    }
}
