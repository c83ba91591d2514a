/// How busy a market is: streamed tickers that brought a trade, counted in one-minute buckets
/// over the last ten minutes (the exchanges push a ticker when a market trades, so this is the
/// rate of trades, or of trade batches).
public struct TradeActivity: Sendable, Hashable {
    /// Minutes counted.
    public static let minutes = 10
    private static let minute: Int64 = 60_000_000

    private struct Bucket: Sendable, Hashable {
        let minute: Int64
        var count: Int
    }

    /// Counts by minute since the epoch, oldest first, within ``minutes`` of the newest.
    private var buckets: [Bucket] = []

    /// An empty count.
    public init() {}

    /// Counts one ticker that brought a trade at `time`.
    public mutating func record(at time: Timestamp) {
        let minute = time.microseconds.floorDivided(by: Self.minute)
        if let index = buckets.lastIndex(where: { $0.minute == minute }) {
            buckets[index].count += 1
        } else if buckets.last.map({ $0.minute < minute }) ?? true {
            buckets.append(Bucket(minute: minute, count: 1))
            buckets.removeAll { $0.minute <= minute - Int64(Self.minutes) }
        }
    }

    /// Trades per minute over the ten minutes up to `time` (the current minute included).
    public func tradesPerMinute(at time: Timestamp) -> ExactDecimal {
        let now = time.microseconds.floorDivided(by: Self.minute)
        let counted = buckets.filter { $0.minute > now - Int64(Self.minutes) && $0.minute <= now }.reduce(0) { $0 + $1.count }
        return ExactDecimal(counted).divided(by: ExactDecimal(Self.minutes)) ?? .zero
    }
}
