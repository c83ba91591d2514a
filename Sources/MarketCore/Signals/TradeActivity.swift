/// How busy a market is: streamed tickers that brought a trade, counted in one-minute buckets
/// over the last ten minutes (the exchanges push a ticker when a market trades, so this is the
/// rate of trades, or of trade batches).
///
/// Plain bits, no storage of its own: the market state's table of counts is copied whenever a
/// snapshot shares it, and copying it must not touch 200 reference counts.
public struct TradeActivity: Sendable, Hashable {
    /// Minutes counted.
    public static let minutes = 10
    private static let minute: Int64 = 60_000_000
    private static let slots = 16

    /// The newest minute counted (since the epoch); `Int64.min` before the first.
    private var newest = Int64.min
    /// The count of each minute within ``minutes`` of `newest`, at the minute modulo 16 (a
    /// slot of an older minute is zero); counts stop at `UInt32.max`.
    private var counts = SIMD16<UInt32>()

    /// An empty count.
    public init() {}

    /// Counts one ticker that brought a trade at `time`: in a new minute, or in one of the last
    /// ten that has counted a trade already (an older or empty one is not counted).
    public mutating func record(at time: Timestamp) {
        let minute = time.microseconds.floorDivided(by: Self.minute)
        if minute > newest {
            if newest == .min || minute - newest >= Int64(Self.slots) {
                counts = SIMD16()
            } else {
                var cleared = newest &+ 1
                while cleared <= minute {
                    counts[Self.slot(cleared)] = 0
                    cleared &+= 1
                }
            }
            newest = minute
            counts[Self.slot(minute)] = 1
        } else if minute > newest - Int64(Self.minutes), case let slot = Self.slot(minute), counts[slot] > 0, counts[slot] < .max {
            counts[slot] += 1
        }
    }

    /// Trades per minute over the ten minutes up to `time` (the current minute included).
    public func tradesPerMinute(at time: Timestamp) -> ExactDecimal {
        guard newest != .min else { return .zero }
        let now = time.microseconds.floorDivided(by: Self.minute)
        let first = Swift.max(now - Int64(Self.minutes), newest - Int64(Self.minutes)) + 1
        let last = Swift.min(now, newest)
        var counted = 0
        if first <= last {
            for minute in first...last { counted += Int(counts[Self.slot(minute)]) }
        }
        return ExactDecimal(counted).divided(by: ExactDecimal(Self.minutes)) ?? .zero
    }

    private static func slot(_ minute: Int64) -> Int {
        Int(truncatingIfNeeded: minute & Int64(slots - 1))
    }
}
