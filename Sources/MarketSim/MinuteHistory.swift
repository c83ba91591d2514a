import MarketCore

/// One market's one-minute candles before the live start, made on demand and never kept: each
/// hour's candles are a pure function of the seed, the market, the exchange and the hour, so
/// every run of the demo agrees on the past and a week of it costs no memory.
///
/// The minutes follow the coin's ``FairPath`` with this exchange's premium; each is drawn from
/// its own seed, so making one costs one: it trades a Poisson count of orders (none: no candle,
/// as on the exchanges), opens at the fair value and closes near where the path goes.
struct MinuteHistory: Sendable {
    /// One made-up minute: its candle and the part of its volume bought by takers.
    struct Minute: Sendable {
        let candle: Candle
        let bought: ExactDecimal
    }

    /// The minutes covered: from the first to the live start's minute, which is live.
    let range: Range<Timestamp>
    private let path: FairPath
    private let premium: VenuePremium?
    private let seed: UInt64
    private let tradesPerMinute: Double
    private let medianNotional: Double

    /// The history of `range` drawn from `seed` (this exchange's, for this market), along
    /// `path` with `premium`, at about `tradesPerMinute` trades of `medianNotional` KRW.
    init(
        range: Range<Timestamp>, path: FairPath, premium: VenuePremium?, seed: UInt64, tradesPerMinute: Double,
        medianNotional: Double
    ) {
        self.range = range
        self.path = path
        self.premium = premium
        self.seed = seed
        self.tradesPerMinute = tradesPerMinute
        self.medianNotional = medianNotional
    }

    /// The minutes with trades that start in `window`, oldest first.
    func minutes(in window: Range<Timestamp>) -> [Minute] {
        let lower = max(window.lowerBound, range.lowerBound)
        let upper = min(window.upperBound, range.upperBound)
        var start = lower.floored(toMultipleOf: FairPath.minute)
        if start < lower { start = start.advanced(byMicroseconds: FairPath.minute) }
        guard start < upper else { return [] }
        var minutes: [Minute] = []
        var draws = hour(of: start)
        while start < upper {
            if draws.index != FairPath.hourIndex(of: start) { draws = hour(of: start) }
            if let minute = minute(at: start, of: draws) { minutes.append(minute) }
            start = start.advanced(byMicroseconds: FairPath.minute)
        }
        return minutes
    }

    /// The candles that start in `window`, oldest first.
    func candles(in window: Range<Timestamp>) -> [Candle] {
        minutes(in: window).map(\.candle)
    }

    /// The part of the minute after ``range`` that comes before `end` (the live start, when
    /// it falls inside a minute), drawn as that minute is but over its part: the live trades
    /// of the rest of the minute join its candle, so a market that trades every minute has a
    /// candle in the live start's minute too, however late in it the start falls. `nil` when
    /// `end` starts a minute or the part trades nothing.
    func part(until end: Timestamp) -> Minute? {
        let start = range.upperBound
        guard start < end, end < start.advanced(byMicroseconds: FairPath.minute) else { return nil }
        return minute(at: start, of: hour(of: start), until: end)
    }

    /// The last candle that starts before `time`, looking back a minute, then an hour at a time
    /// (most minutes have a candle, and each minute looked at is one made).
    func last(before time: Timestamp) -> Candle? {
        var end = min(time, range.upperBound)
        var span = FairPath.minute
        while end > range.lowerBound {
            let from = max(end.advanced(byMicroseconds: -span), range.lowerBound)
            if let candle = candles(in: from..<end).last { return candle }
            end = from
            span = FairPath.hour
        }
        return nil
    }

    /// The first candle that starts at or after `time`, looking on a minute, then an hour at a
    /// time.
    func first(from time: Timestamp) -> Candle? {
        var start = max(time, range.lowerBound)
        var span = FairPath.minute
        while start < range.upperBound {
            let end = min(start.advanced(byMicroseconds: span), range.upperBound)
            if let candle = candles(in: start..<end).first { return candle }
            start = end
            span = FairPath.hour
        }
        return nil
    }

    /// What the minutes of one hour share: the fair value's path through it, its volatility
    /// spell and this exchange's premium.
    private struct Hour {
        let index: Int64
        let logs: [Double]
        let regime: Double
        let premiumLog: Double
    }

    private func hour(of time: Timestamp) -> Hour {
        let index = FairPath.hourIndex(of: time)
        return Hour(
            index: index, logs: path.minuteLogs(hour: index), regime: path.regime(hour: index),
            premiumLog: premium?.log(hour: index) ?? 0)
    }

    /// The minute that starts at `start`, made from its own draws, or `nil` when it trades
    /// nothing. It opens at the fair value where the minute starts and closes near where it
    /// ends, or near where the path stands at `end` for the part of it before `end`.
    private func minute(at start: Timestamp, of hour: Hour, until end: Timestamp? = nil) -> Minute? {
        let offset = Int(start.microseconds(since: Timestamp(microseconds: hour.index * FairPath.hour)) / FairPath.minute)
        let fraction = end.map { Double($0.microseconds(since: start)) / Double(FairPath.minute) } ?? 1
        var generator = SeededGenerator(
            seed: SeededGenerator.streamSeed(seed, 0, Int(truncatingIfNeeded: start.microseconds / FairPath.minute)))
        let count = generator.poisson(mean: tradesPerMinute * SimMath.exp(hour.regime) * fraction)
        guard count > 0 else { return nil }
        let volatility = path.volatilityPerSecond * SimMath.exp(hour.regime) * fraction.squareRoot()
        let from = hour.logs[offset] + hour.premiumLog
        let target = (end.map(path.log(at:)) ?? hour.logs[offset + 1]) + hour.premiumLog
        let openCount = KRWTickTable.nearestCount(to: SimMath.exp(from))
        var (high, low, closeCount) = (openCount, openCount, openCount)
        for step in 1...4 {
            let drift = from + (target - from) * Double(step) / 4
            closeCount = KRWTickTable.nearestCount(to: SimMath.exp(drift + volatility * 4 * generator.normal()))
            (high, low) = (max(high, closeCount), min(low, closeCount))
        }
        let open = ExactDecimal(count: openCount, fractionDigits: 8)
        let close = ExactDecimal(count: closeCount, fractionDigits: 8)
        let volume = SimulatedMarket.quantity(
            notional: medianNotional * Double(count) * (0.6 + 0.8 * generator.unit()), price: close)
        // Half of each price, exactly: a count of at most 10¹⁸ times five fits a word.
        let average =
            ExactDecimal(count: openCount * 5, fractionDigits: 9) + ExactDecimal(count: closeCount * 5, fractionDigits: 9)
        let bought = (volume * ExactDecimal(count: Int(300 + generator.unit() * 400), fractionDigits: 3))
            .rounded(toFractionDigits: SimulatedMarket.quantityDigits)
        let candle = Candle(
            start: start, open: open, high: ExactDecimal(count: high, fractionDigits: 8),
            low: ExactDecimal(count: low, fractionDigits: 8), close: close,
            volume: volume, tradeValue: (volume * average).rounded(toFractionDigits: 8))
        return Minute(candle: candle, bought: bought)
    }
}
