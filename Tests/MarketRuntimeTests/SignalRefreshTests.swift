import MarketCore
import MarketRuntime
import RuntimeTestSupport
import Synchronization
import Testing

/// Answers the listing (a market more from the second read on), the alert list, and the
/// deposit/withdrawal list (which fails the first time), counting the reads.
final class SignalFetcher: SnapshotFetcher {
    struct Unavailable: Error {}

    let first: [Market]
    let later: [Market]
    let warnings: [MarketCode: MarketWarning]
    let transfers: [String: TransferStatus]
    private let reads = Mutex<[SnapshotResource: Int]>([:])

    init(first: [Market], later: [Market], warnings: [MarketCode: MarketWarning], transfers: [String: TransferStatus]) {
        self.first = first
        self.later = later
        self.warnings = warnings
        self.transfers = transfers
    }

    func readCount(_ resource: SnapshotResource) -> Int { reads.withLock { $0[resource] ?? 0 } }

    func fetch(_ resource: SnapshotResource) async throws -> FeedMessage {
        let count = reads.withLock { reads in
            reads[resource, default: 0] += 1
            return reads[resource] ?? 0
        }
        switch resource {
        case .markets: return FeedMessage(events: [.markets(count == 1 ? first : later)])
        case .warnings: return FeedMessage(events: [.warnings(warnings)])
        case .transfers:
            if count == 1 { throw Unavailable() }
            return FeedMessage(events: [.transfers(transfers)])
        default: return FeedMessage(events: [])
        }
    }
}

extension FeedSupervisorTests {
    /// The alert and deposit/withdrawal lists are read when a session starts; every
    /// `signalRefresh` the listing and both lists are read again. A market that appears is
    /// announced and subscribed to on the same connection, and a failed read is reported
    /// without ending the session.
    @Test func theListingAndTheSignalListsAreReadAgainOnTheirBeat() async throws {
        let ada = MarketCode(code: "KRW-ADA")!
        let xlmMarket = Market(code: xlm, koreanName: "스텔라루멘", englishName: "Lumens")
        let caution = MarketWarning(step: .caution, reasons: ["PRICE_SUDDEN_FLUCTUATION"])
        let fetcher = SignalFetcher(
            first: [xlmMarket], later: [xlmMarket, Market(code: ada, koreanName: "에이다", englishName: "Cardano")],
            warnings: [xlm: caution], transfers: ["XLM": TransferStatus(deposit: .suspended, withdrawal: .normal)])
        let (_, transport) = wholeBookFeed(.init(messages: [tick], closesAfterwards: false))
        let clock = ManualClock()
        let store = MarketStore(clock: clock)
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(keepaliveInterval: .seconds(600), signalRefresh: .seconds(60)), clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }

        let started = try await waitFor(store) { !$0.alerts.isEmpty && $0.feed.lastProblem != nil }
        #expect(started.alerts == [xlm: caution])
        #expect(started.feed.lastProblem?.hasPrefix("could not read the deposit/withdrawal list") == true)
        #expect(started.transfers.isEmpty)
        #expect(fetcher.readCount(.markets) == 1)

        _ = try await eventually(looks: 60_000, pause: .milliseconds(1)) {
            guard clock.pendingSleeps.contains(.seconds(60)) else { return false }
            clock.advance(by: .seconds(60))
            return true
        }
        let refreshed = try await waitFor(store) { $0.markets.count == 2 && !$0.transfers.isEmpty }
        #expect(refreshed.listedAt[ada] != nil)
        #expect(refreshed.transfers == ["XLM": TransferStatus(deposit: .suspended, withdrawal: .normal)])
        _ = try await eventually { transport.subscriptions.last?.tickers.contains(ada) == true }
        #expect(transport.subscriptions.last?.tickers == [xlm, ada])
        #expect(transport.connections == 1, "read again on the same connection")
        #expect(fetcher.readCount(.markets) == 2)
        #expect(fetcher.readCount(.warnings) == 2)
    }
}
