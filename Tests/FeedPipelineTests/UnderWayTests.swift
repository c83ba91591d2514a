import FeedPipeline
import MarketCore
import Testing

/// What `snapshot` and `record` wait for before collecting: every feed live or failed, the
/// premium's reference among them, and the won–dollar rate read, failed or off.
@Suite struct UnderWayTests {
    static let at = Timestamp(microseconds: 1_790_121_600_000_000)

    static func snapshot(_ state: ConnectionState) -> MarketSnapshot {
        var market = MarketState()
        return market.snapshot(at: at, feed: FeedStatus(state: state))
    }

    static let rate = WonDollarRate(rate: 1400, source: .dunamu, at: at)

    @Test func theBoardIsUnderWayOnceEveryFeedAndTheRateHaveComeInOrGivenUp() {
        func board(_ exchange: ConnectionState, reference: ConnectionState?, _ premium: PremiumReference) -> BoardSnapshot {
            var premium = premium
            premium.snapshot = reference.map(Self.snapshot)
            return BoardSnapshot([.bithumb: Self.snapshot(exchange)], premiumReference: premium)
        }
        #expect(board(.live, reference: .live, PremiumReference(forex: Self.rate)).isUnderWay)
        #expect(!board(.live, reference: .connecting, PremiumReference(forex: Self.rate)).isUnderWay, "the reference not yet in")
        #expect(!board(.connecting, reference: .live, PremiumReference(forex: Self.rate)).isUnderWay, "the exchange not yet in")
        #expect(!board(.live, reference: .live, PremiumReference()).isUnderWay, "the rate not yet read")
        #expect(board(.live, reference: .failed, PremiumReference(forexProblem: "connection refused")).isUnderWay, "both given up")
        #expect(board(.failed, reference: nil, PremiumReference(offReason: "reference = none", forexProblem: "off")).isUnderWay)
        #expect(!board(.reconnecting, reference: nil, PremiumReference(offReason: "reference = none", forexProblem: "off")).isUnderWay)
    }
}
