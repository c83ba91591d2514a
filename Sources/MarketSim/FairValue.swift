import MarketCore

/// The value a coin is drawn to, and how wild it is now: one world's, so every exchange that
/// lists the coin follows the same path.
///
/// It starts where the coin's ``FairPath`` stands and moves on in whole seconds drawn from the
/// coin's own generator, so two copies made alike read the same value at the same time however
/// often, and by which exchange's orders, they are asked.
struct FairValue: Sendable {
    /// Natural log of the value.
    private(set) var log: Double
    /// Log multiplier of the volatility: it wanders, so calm and wild spells alternate.
    private(set) var regime: Double
    /// The second the path stands at.
    private(set) var time: Timestamp
    /// Standard deviation of the log return over one second, in a calm spell.
    let volatilityPerSecond: Double
    private var generator: SeededGenerator

    /// The step the value moves in.
    static let step: Int64 = 1_000_000

    /// A value that goes on from where `path` stands at `start`, drawn from `seed`.
    init(path: FairPath, start: Timestamp, seed: UInt64) {
        log = path.log(at: start)
        regime = path.regime(hour: FairPath.hourIndex(of: start))
        time = start
        volatilityPerSecond = path.volatilityPerSecond
        generator = SeededGenerator(seed: seed)
    }

    /// Standard deviation of the log return over one second now.
    var currentVolatility: Double { volatilityPerSecond * SimMath.exp(regime) }

    /// Moves the value forward by every whole second up to `target`.
    mutating func advance(to target: Timestamp) {
        while true {
            let next = time.advanced(byMicroseconds: Self.step)
            guard next <= target else { return }
            move(seconds: Double(Self.step) / 1e6)
            time = next
        }
    }

    private mutating func move(seconds: Double) {
        // The spell is an Ornstein–Uhlenbeck process with a ten-minute memory.
        let memory = 600.0
        let decay = SimMath.exp(-seconds / memory)
        regime = regime * decay + 0.7 * (1 - decay * decay).squareRoot() * generator.normal()
        log += currentVolatility * seconds.squareRoot() * generator.normal()
        // Now and then news moves the price at once, by about an hour's typical move: one jump
        // per market every three hours on average.
        if generator.chance(seconds / 10_800) {
            log += volatilityPerSecond * 60 * generator.normal()
        }
    }
}

/// How far one exchange's price strays from the coin's fair value: a standing premium (or
/// discount) and a wander about it that reverts within minutes, so the gap between two
/// exchanges stays small, moves, and now and then changes sign.
struct VenuePremium: Sendable {
    /// The log premium now.
    private(set) var log: Double
    /// The level the premium reverts to.
    let bias: Double
    /// The wander's standard deviation about `bias`.
    let spread: Double
    private var generator: SeededGenerator

    /// Minutes-scale memory: a gap opened by a burst of orders closes within about this long.
    static let memorySeconds = 300.0

    private let seed: UInt64

    /// A premium drawn from `seed`: a bias within about ±0.3 % and a wander of 0.15–0.6 %,
    /// wider for quieter coins (`rank` 0 is the most traded), standing at `start` where its
    /// past (``log(hour:)``) left it.
    init(seed: UInt64, rank: Int, start: Timestamp) {
        self.seed = seed
        generator = SeededGenerator(seed: seed)
        let quietness = min(1, Double(rank) / 200)
        bias = 0.0015 * generator.normal()
        spread = 0.0015 + 0.0045 * quietness
        log = 0
        log = log(hour: FairPath.hourIndex(of: start))
    }

    /// The log premium through hour `index` of the past: drawn for the hour alone (the
    /// wander forgets within minutes), a pure function of the hour.
    func log(hour index: Int64) -> Double {
        var hourly = SeededGenerator(seed: SeededGenerator.streamSeed(seed, 1, Int(truncatingIfNeeded: index)))
        return bias + spread * hourly.normal()
    }

    /// Moves the premium `seconds` on.
    mutating func advance(seconds: Double) {
        guard seconds > 0 else { return }
        let decay = SimMath.exp(-seconds / Self.memorySeconds)
        log = bias + (log - bias) * decay + spread * (1 - decay * decay).squareRoot() * generator.normal()
    }
}

extension SeededGenerator {
    /// A seed for one stream of a simulation (a coin's fair value, an exchange's order flow),
    /// mixed from the simulation's seed so neighbouring streams share nothing.
    static func streamSeed(_ seed: UInt64, _ stream: UInt64, _ index: Int) -> UInt64 {
        var mixer = SeededGenerator(seed: seed ^ (stream &* 0x1000_0000_01B3) ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9))
        return mixer.next()
    }
}
