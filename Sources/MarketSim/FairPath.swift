import MarketCore

/// The path a coin's fair value takes through the past, as a pure function of time: nothing
/// is walked and nothing is kept, so any minute of any day is made alike on every call, on
/// every exchange and in every run of the same seed.
///
/// Each whole hour has an anchor: the coin's price moved by noise of several periods (one,
/// four, sixteen, sixty-four and 256 hours, each a lattice of draws interpolated between its
/// points), so hours move about as a random walk would over a day while a week stays near the
/// coin's price. The minutes of an hour are a bridge between its anchor and the next one,
/// drawn from the hour's own seed, and each hour has its own volatility spell.
struct FairPath: Sendable {
    /// Natural log of the coin's price, the level the path wanders about.
    let baseLog: Double
    /// Standard deviation of the log return over one second, in a calm spell.
    let volatilityPerSecond: Double
    /// Standard deviation of the log return over a calm day.
    let dailyVolatility: Double
    private let seed: UInt64

    static let hour: Int64 = 3_600_000_000
    static let minute: Int64 = 60_000_000
    /// The noise's periods, in hours.
    private static let periods: [Int64] = [1, 4, 16, 64, 256]
    /// Each period's share of a day's variance: about a day's volatility over a day, all told.
    private static let varianceShare = 0.4

    /// The path of a coin priced about `price`, with `dailyVolatility`, drawn from `seed`.
    init(price: Double, dailyVolatility: Double, seed: UInt64) {
        baseLog = SimMath.log(price)
        self.dailyVolatility = dailyVolatility
        volatilityPerSecond = dailyVolatility / 86_400.0.squareRoot()
        self.seed = seed
    }

    /// The hour `time` falls in, counted from the epoch.
    static func hourIndex(of time: Timestamp) -> Int64 {
        time.floored(toMultipleOf: hour).microseconds / hour
    }

    /// The log of the fair value at the start of hour `index`.
    func anchor(hour index: Int64) -> Double {
        var log = baseLog
        for (octave, period) in Self.periods.enumerated() {
            let (quotient, remainder) = index.quotientAndRemainder(dividingBy: period)
            let point = remainder < 0 ? quotient - 1 : quotient
            let weight = Double(index - point * period) / Double(period)
            let from = draw(octave: octave, at: point)
            let to = draw(octave: octave, at: point + 1)
            let amplitude = dailyVolatility * (Self.varianceShare * Double(period) / 24).squareRoot()
            log += amplitude * (from + (to - from) * weight)
        }
        return log
    }

    /// The volatility spell of hour `index`: a log multiplier of the volatility, as
    /// ``FairValue/regime`` is in the live simulation (whose spells last minutes, so hours are
    /// drawn apart).
    func regime(hour index: Int64) -> Double {
        var generator = SeededGenerator(seed: SeededGenerator.streamSeed(seed, Self.regimeStream, Int(truncatingIfNeeded: index)))
        return 0.7 * generator.normal()
    }

    /// The log of the fair value at each minute boundary of hour `index`: 61 values, the
    /// hour's anchor first and the next hour's last.
    func minuteLogs(hour index: Int64) -> [Double] {
        let from = anchor(hour: index)
        let to = anchor(hour: index + 1)
        let step = volatilityPerSecond * SimMath.exp(regime(hour: index)) * 60.0.squareRoot()
        var generator = SeededGenerator(seed: SeededGenerator.streamSeed(seed, Self.bridgeStream, Int(truncatingIfNeeded: index)))
        var walk = [0.0]
        walk.reserveCapacity(61)
        for _ in 1...60 { walk.append(walk[walk.count - 1] + step * generator.normal()) }
        let end = walk[60]
        return walk.indices.map { minute in
            let share = Double(minute) / 60
            return from + (to - from) * share + walk[minute] - end * share
        }
    }

    /// The log of the fair value at the start of `time`'s minute.
    func log(at time: Timestamp) -> Double {
        let index = Self.hourIndex(of: time)
        let minute = Int(time.microseconds(since: Timestamp(microseconds: index * Self.hour)) / Self.minute)
        return minute == 0 ? anchor(hour: index) : minuteLogs(hour: index)[minute]
    }

    /// The seed's streams: each hour's spell and bridge, then one lattice per period.
    private static let regimeStream: UInt64 = 1
    private static let bridgeStream: UInt64 = 2
    private static let latticeStream: UInt64 = 16

    /// The draw at lattice point `point` of period number `octave`.
    private func draw(octave: Int, at point: Int64) -> Double {
        var generator = SeededGenerator(
            seed: SeededGenerator.streamSeed(seed, Self.latticeStream + UInt64(octave), Int(truncatingIfNeeded: point)))
        return generator.normal()
    }
}
