import Testing

@testable import MarketCore

/// ``TradeActivity`` as plain bits against the array of buckets it replaced: the same rates
/// for any order of trades, gaps and queries.
@Suite struct TradeActivityTests {
    @Test func ratesMatchTheBucketsItReplaced() {
        var random = SeededGenerator(seed: 0x7A0E)
        let minute: Int64 = 60_000_000
        for _ in 0..<300 {
            var activity = TradeActivity()
            var previous = PreviousTradeActivity()
            var time = Int64.random(in: 1_700_000_000_000_000...1_800_000_000_000_000, using: &random)
            for _ in 0..<Int.random(in: 1...200, using: &random) {
                switch Int.random(in: 0..<20, using: &random) {
                case 0: time += Int64.random(in: 10...40, using: &random) * minute
                case 1...3: time -= Int64.random(in: 0...12, using: &random) * minute
                default: time += Int64.random(in: 0...20_000_000, using: &random)
                }
                activity.record(at: Timestamp(microseconds: time))
                previous.record(at: Timestamp(microseconds: time))
                let asked = Timestamp(microseconds: time + Int64.random(in: -15...15, using: &random) * minute)
                #expect(activity.tradesPerMinute(at: asked) == previous.tradesPerMinute(at: asked))
            }
        }
    }

    @Test func nothingCountedIsZero() {
        #expect(TradeActivity().tradesPerMinute(at: Timestamp(microseconds: 0)) == .zero)
        #expect(TradeActivity() == TradeActivity())
    }
}

/// The bucket array ``TradeActivity`` kept before (session 33), for the differential test.
struct PreviousTradeActivity {
    /// Minutes counted.
    static let minutes = 10
    private static let minute: Int64 = 60_000_000

    private struct Bucket: Sendable, Hashable {
        let minute: Int64
        var count: Int
    }

    /// Counts by minute since the epoch, oldest first, within ``minutes`` of the newest.
    private var buckets: [Bucket] = []

    /// An empty count.
    init() {}

    /// Counts one ticker that brought a trade at `time`.
    mutating func record(at time: Timestamp) {
        let minute = time.microseconds.floorDivided(by: Self.minute)
        if let index = buckets.lastIndex(where: { $0.minute == minute }) {
            buckets[index].count += 1
        } else if buckets.last.map({ $0.minute < minute }) ?? true {
            buckets.append(Bucket(minute: minute, count: 1))
            buckets.removeAll { $0.minute <= minute - Int64(Self.minutes) }
        }
    }

    /// Trades per minute over the ten minutes up to `time` (the current minute included).
    func tradesPerMinute(at time: Timestamp) -> ExactDecimal {
        let now = time.microseconds.floorDivided(by: Self.minute)
        let counted = buckets.filter { $0.minute > now - Int64(Self.minutes) && $0.minute <= now }.reduce(0) { $0 + $1.count }
        return ExactDecimal(counted).divided(by: ExactDecimal(Self.minutes)) ?? .zero
    }
}
