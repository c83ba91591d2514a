import MarketCore
import Testing

@testable import DashboardRuntime

@Suite struct FeedToScreenLatencyTests {
    @Test func percentilesCountWholeMilliseconds() {
        var latency = FeedToScreenLatency()
        let shown = Timestamp(milliseconds: 1_000_000)
        for milliseconds in 1...100 { latency.record(sent: Timestamp(milliseconds: 1_000_000 - Int64(milliseconds)), shown: shown) }
        #expect(latency.count == 100)
        #expect(latency.percentile(0.5) == 50)
        #expect(latency.percentile(0.99) == 99)
        #expect(latency.summary == "samples=100 p50_ms=50 p99_ms=99 max_ms=100")
    }

    @Test func clocksThatDisagreeAndVeryOldTimesStayInRange() {
        var latency = FeedToScreenLatency()
        let shown = Timestamp(milliseconds: 1_000_000)
        latency.record(sent: Timestamp(milliseconds: 1_000_005), shown: shown)
        latency.record(sent: Timestamp(milliseconds: 0), shown: shown)
        #expect(latency.percentile(0.5) == 0)
        #expect(latency.percentile(1) == 10_000)
        #expect(latency.summary.hasSuffix("max_ms=1000000"))
        latency.reset()
        #expect(latency.count == 0)
    }
}
