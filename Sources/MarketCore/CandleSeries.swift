/// A bounded, time-ordered series of candles for one interval, seeded from REST history and
/// extended by live trades.
///
/// Buckets keep the phase of the history they were seeded with (so the series agrees with
/// the exchange's own candles); without history, day-long buckets start at midnight of the
/// series' wall clock (00:00 KST unless said).
public struct CandleSeries: Sendable, Hashable {
    /// The interval of every candle.
    public let interval: CandleInterval
    /// The most candles kept; the oldest are dropped beyond it.
    public let capacity: Int
    /// Candles, oldest first, without gaps filled: an interval with no trade has no candle.
    public private(set) var candles: [Candle] = []
    /// Trades at or before this time are already counted in the history and are ignored.
    public private(set) var coveredUntil: Timestamp?
    /// Whether a history fetched from the exchange is in the series (not only candles kept
    /// from an earlier run, or built from live trades).
    public var hasFetchedHistory = false
    /// The start of the oldest candle that came in answer to this run's requests (a history or
    /// page fetched from the exchange, or an earlier page read from the store in its stead):
    /// the candles from it on are the ones asked for, where those before it were only recalled
    /// from an earlier run. `nil` until an answer has come.
    public var answeredSince: Timestamp?
    /// Whether the exchange answered a page asked for before the oldest candle held with
    /// nothing earlier: the series starts where the exchange's history does.
    public var reachedStart = false
    /// Offset of bucket boundaries from multiples of the interval since the epoch, in µs.
    private var phase: Int64

    /// The default number of candles kept.
    public static let defaultCapacity = 1500
    /// The most candles kept once a chart has paged back through earlier candles: a week of
    /// one-minute candles.
    public static let pagedCapacity = 10_080

    /// Whether a page before the oldest candle held could still add to the series: the
    /// exchange's history goes further back, and the series is under ``pagedCapacity``.
    public var canPageBack: Bool {
        !reachedStart && candles.count < Self.pagedCapacity
    }

    /// The wall clock whose midnight starts day-long buckets when no history set the phase.
    private let dayClock: WallClock

    /// Creates an empty series whose day-long buckets start at midnight on `dayClock` (the
    /// Korean exchanges' KST unless said; Binance's days are UTC).
    public init(interval: CandleInterval, capacity: Int = CandleSeries.defaultCapacity, daysStartIn dayClock: WallClock = .kst) {
        self.interval = interval
        self.capacity = Swift.max(1, capacity)
        self.dayClock = dayClock
        self.phase = Self.midnightPhase(for: interval, in: dayClock)
    }

    /// Replaces the series with history in any order (REST sends newest first).
    /// - Parameter coveredUntil: the time up to which the history already counts trades.
    public mutating func replace(with history: [Candle], coveredUntil: Timestamp?) {
        var sorted = history.sorted { $0.start < $1.start }
        sorted.removeAll { candle in candle.high < candle.low }
        var deduplicated: [Candle] = []
        deduplicated.reserveCapacity(sorted.count)
        for candle in sorted {
            if let last = deduplicated.last, last.start == candle.start {
                deduplicated[deduplicated.count - 1] = candle
            } else {
                deduplicated.append(candle)
            }
        }
        candles = Array(deduplicated.suffix(capacity))
        // Room for the full capacity now, so that live candles never make the array double.
        candles.reserveCapacity(capacity)
        self.coveredUntil = coveredUntil
        phase = candles.last.map(phase(of:)) ?? Self.midnightPhase(for: interval, in: dayClock)
    }

    /// Adds `candle` after the last one, a candle made elsewhere (the part of a minute before
    /// a simulation goes live), reserving no room beyond what it holds: `false`, the series
    /// unchanged, unless it starts after the last candle. The first candle sets the buckets'
    /// phase, as a history does.
    @discardableResult
    public mutating func append(_ candle: Candle) -> Bool {
        guard candles.last.map({ candle.start > $0.start }) ?? true else { return false }
        if candles.isEmpty { phase = phase(of: candle) }
        candles.append(candle)
        if candles.count > capacity { candles.removeFirst(candles.count - capacity) }
        return true
    }

    /// The phase of the buckets `candle` starts one of.
    private func phase(of candle: Candle) -> Int64 {
        candle.start.microseconds - candle.start.microseconds.floorDivided(by: interval.microseconds) * interval.microseconds
    }

    /// Counts a live trade into its candle.
    /// - Returns: whether the series changed.
    @discardableResult
    public mutating func apply(_ trade: Trade) -> Bool {
        if let covered = coveredUntil, trade.timestamp <= covered { return false }
        let start = bucketStart(for: trade.timestamp)
        guard let last = candles.last else {
            candles.append(Candle(start: start, trade: trade))
            return true
        }
        if start > last.start {
            candles.append(Candle(start: start, trade: trade))
            if candles.count > capacity { candles.removeFirst(candles.count - capacity) }
            return true
        }
        if start == last.start {
            candles[candles.count - 1].include(trade, isLatest: true)
            return true
        }
        guard let first = candles.first, start >= first.start else { return false }
        let index = candles.partitioningIndex { $0.start >= start }
        if index < candles.count, candles[index].start == start {
            candles[index].include(trade, isLatest: false)
        } else {
            candles.insert(Candle(start: start, trade: trade), at: index)
            if candles.count > capacity { candles.removeFirst(candles.count - capacity) }
        }
        return true
    }

    /// The start of the bucket holding `time`.
    public func bucketStart(for time: Timestamp) -> Timestamp {
        time.floored(toMultipleOf: interval.microseconds, phase: phase)
    }

    /// Candles of a coarser interval built from finer ones (e.g. 4 h from 1 h, for an exchange
    /// that serves no 4 h history). Buckets start on the phase that starts day-long ones at
    /// midnight on `dayClock`.
    public static func aggregate(_ candles: [Candle], into interval: CandleInterval, daysStartIn dayClock: WallClock = .kst) -> [Candle] {
        let series = CandleSeries(interval: interval, daysStartIn: dayClock)
        var result: [Candle] = []
        for candle in candles.sorted(by: { $0.start < $1.start }) {
            let start = series.bucketStart(for: candle.start)
            if let last = result.last, last.start == start {
                result[result.count - 1].merge(later: candle)
            } else {
                var opened = candle
                opened.start = start
                result.append(opened)
            }
        }
        return result
    }

    /// `candles` (oldest first, on `interval`'s buckets) with every bucket from `first` through
    /// `last` that has none filled as an exchange that sends continuous candles fills it
    /// (Binance): at the close before it, with no volume. Buckets before the first candle are
    /// filled only from `previousClose`, the close before `first`, when there is one.
    public static func filled(
        _ candles: [Candle], interval: CandleInterval, from first: Timestamp, through last: Timestamp, previousClose: ExactDecimal?
    ) -> [Candle] {
        var result: [Candle] = []
        var close = previousClose
        var start = first
        func fill(until end: Timestamp) {
            while start < end {
                if let close {
                    result.append(Candle(start: start, open: close, high: close, low: close, close: close, volume: .zero, tradeValue: .zero))
                }
                start = start.advanced(byMicroseconds: interval.microseconds)
            }
        }
        for candle in candles where candle.start >= first && candle.start <= last {
            fill(until: candle.start)
            result.append(candle)
            close = candle.close
            start = candle.start.advanced(byMicroseconds: interval.microseconds)
        }
        fill(until: last.advanced(byMicroseconds: 1))
        return result
    }

    /// The phase that starts day-long buckets at midnight on `clock` (00:00 KST is 15:00 UTC);
    /// for intervals that divide an hour this phase is zero.
    private static func midnightPhase(for interval: CandleInterval, in clock: WallClock) -> Int64 {
        let length = interval.microseconds
        let offset = -clock.offsetMicroseconds
        return offset - offset.floorDivided(by: length) * length
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false
    /// and then true along the array (binary search).
    public func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
