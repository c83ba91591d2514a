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

    /// The zoom range.
    public static let columnsPerCandleRange = 1...4
    /// Candles a scroll key moves.
    public static let scrollStep = 5

    /// Creates a view at the newest candle.
    public init(interval: CandleInterval, columnsPerCandle: Int = 2, scrollBack: Int = 0) {
        self.interval = interval
        self.columnsPerCandle = min(
            max(columnsPerCandle, Self.columnsPerCandleRange.lowerBound),
            Self.columnsPerCandleRange.upperBound)
        self.scrollBack = max(0, scrollBack)
    }
}
