import MarketCore

/// A simulated market's one-minute candles as its tickers and endpoints read them: before
/// ``heldFrom`` the history, made on demand; from it on, candles held in memory (the live
/// minutes, or a stretch of history made once to be read several times).
struct MinuteCandles {
    /// The past before ``heldFrom``, if there is one.
    let history: MinuteHistory?
    /// Where the held candles take over from the history.
    let heldFrom: Timestamp
    /// Candles from ``heldFrom`` on, oldest first.
    let held: [Candle]

    /// Candles held from `heldFrom` on, after `history`.
    init(history: MinuteHistory?, heldFrom: Timestamp, held: [Candle]) {
        self.history = history
        self.heldFrom = heldFrom
        self.held = held
    }

    /// Only the candles `held`, oldest first.
    init(held: [Candle]) {
        self.init(history: nil, heldFrom: Timestamp(microseconds: .min), held: held)
    }

    /// The end of time, as the open end of a window.
    static let endOfTime = Timestamp(microseconds: .max)

    /// The candles that start in `window`, oldest first.
    func candles(in window: Range<Timestamp>) -> [Candle] {
        var candles: [Candle] = []
        if let history, window.lowerBound < heldFrom {
            candles = history.candles(in: window.lowerBound..<min(window.upperBound, heldFrom))
        }
        let first = held.partitioningIndex { $0.start >= window.lowerBound }
        let end = held.partitioningIndex { $0.start >= window.upperBound }
        if first < end { candles += held[first..<end] }
        return candles
    }

    /// The candles that start at or after `start`, oldest first.
    func candles(from start: Timestamp) -> [Candle] {
        candles(in: start..<Self.endOfTime)
    }

    /// The last candle that starts before `time`.
    func last(before time: Timestamp) -> Candle? {
        let index = held.partitioningIndex { $0.start >= time }
        if index > 0 { return held[index - 1] }
        return history?.last(before: min(time, heldFrom))
    }

    /// The first candle that starts at or after `time`.
    func first(from time: Timestamp) -> Candle? {
        if time < heldFrom, let candle = history?.first(from: time), candle.start < heldFrom { return candle }
        let index = held.partitioningIndex { $0.start >= time }
        return index < held.count ? held[index] : nil
    }
}
