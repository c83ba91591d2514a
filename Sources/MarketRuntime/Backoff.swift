import MarketCore

/// Exponential backoff with jitter between reconnect attempts.
///
/// The n-th consecutive failure waits `initial × multiplierⁿ⁻¹`, capped at `maximum`, and then
/// a random part of it: between half and all of it, so many clients losing the same server do
/// not come back in step.
public struct Backoff: Sendable, Hashable {
    /// The delay after the first failure, before jitter.
    public var initial: Duration
    /// The longest delay.
    public var maximum: Duration
    /// How much longer each further failure waits.
    public var multiplier: Double

    /// Creates a backoff.
    public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(30), multiplier: Double = 2) {
        self.initial = initial
        self.maximum = max(initial, maximum)
        self.multiplier = max(1, multiplier)
    }

    /// The delay after `failures` consecutive failures (at least one), jittered with `generator`.
    public func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let ceiling = maximum.inSeconds
        var base = initial.inSeconds
        for _ in 1..<max(1, min(failures, 64)) where base < ceiling {
            base *= multiplier
        }
        let capped = min(base, ceiling)
        let jittered = capped * Double.random(in: 0.5...1, using: &generator)
        return .microseconds(Int64(jittered * 1_000_000))
    }
}
