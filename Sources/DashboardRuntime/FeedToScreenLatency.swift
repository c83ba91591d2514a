import MarketCore

/// Feed-to-screen latency: from the exchange's time on each ticker a snapshot brought to the
/// moment the first frame drawn from that snapshot was written to the terminal, counted in
/// 1 ms buckets up to 10 s (later ones share the last bucket).
struct FeedToScreenLatency {
    private var buckets = [Int](repeating: 0, count: FeedToScreenLatency.bucketCount)
    /// Samples recorded since the last reset.
    private(set) var count = 0
    private var maximum: Int64 = 0

    private static let bucketCount = 10_001

    /// Records one sample; a time ahead of `shown` (clocks disagree) counts as 0 ms.
    mutating func record(sent: Timestamp, shown: Timestamp) {
        let milliseconds = max(0, shown.microseconds(since: sent) / 1000)
        buckets[Int(min(milliseconds, Int64(Self.bucketCount - 1)))] += 1
        count += 1
        maximum = max(maximum, milliseconds)
    }

    /// The smallest latency in ms at or below which `fraction` of the samples fall.
    func percentile(_ fraction: Double) -> Int {
        let wanted = max(1, Int((Double(count) * fraction).rounded(.up)))
        var seen = 0
        for (milliseconds, samples) in buckets.enumerated() {
            seen += samples
            if seen >= wanted { return milliseconds }
        }
        return Self.bucketCount - 1
    }

    /// `samples=N p50_ms=… p99_ms=… max_ms=…`, the line the load test reads from the log.
    var summary: String {
        "samples=\(count) p50_ms=\(percentile(0.5)) p99_ms=\(percentile(0.99)) max_ms=\(maximum)"
    }

    /// Forgets every sample.
    mutating func reset() {
        self = FeedToScreenLatency()
    }
}
