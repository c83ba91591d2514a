public import MarketCore

/// The world outside Korea the demo's Binance and forex quote stand for, as pure functions of
/// the seed and the time: a won–dollar rate that drifts slowly about 1,380, and, for about three
/// quarters of the coins (Bitcoin and Ether always), a premium of their own that wanders about
/// its mean and keeps coming back to it — most means within ±3 %, a few beyond 8 %, some below
/// zero. The demo's USDT prices are its won prices taken back through both, so every run of a
/// seed agrees, and a premium computed from the two is the one drawn here (to rounding).
public struct ReferenceWorld: Sendable {
    /// The seed; the demo's simulation seed.
    public let seed: UInt64

    /// The world of `seed`.
    public init(seed: UInt64) {
        self.seed = seed
    }

    private static let minute: Int64 = 60_000_000
    private static let rateStream: UInt64 = 40
    private static let premiumStream: UInt64 = 41
    private static let listingStream: UInt64 = 42

    /// Won per dollar at `time`, to the cent: 1,380 moved by a slow swell (up to ±12 over six
    /// hours) and a small ripple (up to ±3 over forty minutes).
    public func rate(at time: Timestamp) -> ExactDecimal {
        let won =
            1380 + 12 * noise(stream: Self.rateStream, key: 0, period: 360 * Self.minute, at: time)
            + 3 * noise(stream: Self.rateStream, key: 1, period: 40 * Self.minute, at: time)
        return ExactDecimal(Int((won * 100).rounded())).shifted(byPowerOfTen: -2)
    }

    /// Whether the reference exchange lists `coin` against USDT.
    public func lists(_ coin: String) -> Bool {
        if coin == "USDT" { return false }
        if coin == "BTC" || coin == "ETH" { return true }
        var draw = SeededGenerator(seed: SeededGenerator.streamSeed(seed, Self.listingStream, Self.key(of: coin)))
        return draw.unit() < 0.75
    }

    /// The coin's premium at `time`, in percent to four places, or `nil` where it is not listed:
    /// its mean plus a wander of up to ±1 point over half an hour.
    public func premiumPercent(of coin: String, at time: Timestamp) -> ExactDecimal? {
        guard lists(coin) else { return nil }
        let key = Self.key(of: coin)
        var draw = SeededGenerator(seed: SeededGenerator.streamSeed(seed, Self.premiumStream, key))
        let kind = draw.unit()
        let spread = draw.unit()
        let mean: Double
        if kind < 0.1 {
            mean = 8 + 3 * spread
        } else if kind < 0.3 {
            mean = -3 + 2.5 * spread
        } else {
            mean = -0.5 + 3.5 * spread
        }
        let percent = mean + noise(stream: Self.premiumStream + 1, key: key, period: 30 * Self.minute, at: time)
        return ExactDecimal(Int((percent * 10_000).rounded())).shifted(byPowerOfTen: -4)
    }

    /// The USDT price the reference exchange shows for a won price of `coin` at `time`: won ÷
    /// (rate × (1 + premium)), to the places of Binance's tick at that price
    /// (``fractionDigits(ofPriceNear:)``); `nil` where it is not listed.
    public func usdtPrice(ofWonPrice won: ExactDecimal, coin: String, at time: Timestamp) -> ExactDecimal? {
        conversion(of: coin, at: time)?.usdt(won)
    }

    /// How `coin`'s won prices turn into USDT ones at `time` (see ``usdtPrice(ofWonPrice:coin:at:)``),
    /// worked out once for all its prices of that time; `nil` where it is not listed.
    public func conversion(of coin: String, at time: Timestamp) -> Conversion? {
        guard let premium = premiumPercent(of: coin, at: time) else { return nil }
        return Conversion(wonPerUSDT: rate(at: time) * (1 + premium.shifted(byPowerOfTen: -2)))
    }

    /// Won prices of one coin at one time in USDT.
    public struct Conversion: Sendable {
        /// The won one USDT of the coin costs: the rate times one plus the premium.
        let wonPerUSDT: ExactDecimal

        /// `won` in USDT, to the places of Binance's tick at that price; `nil` past the range.
        public func usdt(_ won: ExactDecimal) -> ExactDecimal? {
            let digits = ReferenceWorld.fractionDigits(ofPriceNear: won.doubleValue / max(wonPerUSDT.doubleValue, 1))
            return won.divided(by: wonPerUSDT, roundedToFractionDigits: digits)
        }
    }

    /// The decimal places of a USDT price near `estimate`, as Binance's ticks give them: two
    /// from $100 (BTC 104,376.33), one more for each power of ten below, four for prices of a
    /// few dollars (XRP 2.3412), eight at most.
    static func fractionDigits(ofPriceNear estimate: Double) -> Int {
        var digits = 2
        var bound = 100.0
        while estimate < bound, digits < 8 {
            bound /= 10
            digits += 1
        }
        return digits
    }

    /// A value in [−1, 1] that moves linearly between draws at every `period` (one draw per
    /// lattice point of `stream` and `key`).
    private func noise(stream: UInt64, key: Int, period: Int64, at time: Timestamp) -> Double {
        let (quotient, remainder) = time.microseconds.quotientAndRemainder(dividingBy: period)
        let point = remainder < 0 ? quotient - 1 : quotient
        let fraction = Double(time.microseconds - point * period) / Double(period)
        func draw(_ point: Int64) -> Double {
            var generator = SeededGenerator(
                seed: SeededGenerator.streamSeed(seed, stream, key ^ Int(truncatingIfNeeded: point &* 0x9E37_79B9)))
            return 2 * generator.unit() - 1
        }
        return draw(point) * (1 - fraction) + draw(point + 1) * fraction
    }

    /// A coin's name as a number (FNV-1a), the same on every platform.
    private static func key(of coin: String) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in coin.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash)
    }
}
