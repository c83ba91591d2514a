public import MarketCore

/// A chart interval the dashboard offers (every interval the exchanges' candles come in).
public struct ChartIntervalChoice: Sendable, Hashable {
    /// The interval.
    public let interval: CandleInterval

    /// Creates a choice.
    public init(_ interval: CandleInterval) {
        self.interval = interval
    }

    /// One minute.
    public static let `default` = ChartIntervalChoice(.oneMinute)

    /// Every interval in order; `1`–`9` pick the first nine, `[` `]` step through all.
    public static let all = CandleInterval.allCases.sorted()

    /// The interval a digit key picks, if any.
    public static func forDigit(_ digit: Int) -> ChartIntervalChoice? {
        guard (1...9).contains(digit), digit <= all.count else { return nil }
        return ChartIntervalChoice(all[digit - 1])
    }

    /// The neighbouring interval, `step` places on (clamped to the ends).
    public func stepped(by step: Int) -> ChartIntervalChoice {
        let index = Self.all.firstIndex(of: interval) ?? 0
        return ChartIntervalChoice(Self.all[min(max(0, index + step), Self.all.count - 1)])
    }
}

/// How the chart is zoomed and scrolled.
public struct ChartView: Sendable, Hashable {
    /// The interval shown.
    public var interval: ChartIntervalChoice
    /// Columns per candle: 1 packs them, more leaves gaps (zoomed in).
    public var columnsPerCandle: Int
    /// Candles hidden to the right, counting back from the newest (0 shows the newest).
    public var scrollBack: Int

    /// The zoom range.
    public static let columnsPerCandleRange = 1...4
    /// Candles a scroll key moves.
    public static let scrollStep = 5

    /// Creates a view at the newest candle.
    public init(interval: ChartIntervalChoice, columnsPerCandle: Int = 2, scrollBack: Int = 0) {
        self.interval = interval
        self.columnsPerCandle = min(max(columnsPerCandle, Self.columnsPerCandleRange.lowerBound),
                                    Self.columnsPerCandleRange.upperBound)
        self.scrollBack = max(0, scrollBack)
    }
}
