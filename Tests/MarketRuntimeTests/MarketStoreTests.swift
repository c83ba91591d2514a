import MarketCore
import MarketRuntime
import Synchronization
import Testing

/// A clock whose time moves only when something sleeps: sleeping returns at once and
/// advances the time by the duration, so rate limits are tested without waiting.
final class SteppedClock: RuntimeClock {
    private struct State {
        var wall = Timestamp(microseconds: 1_700_000_000_000_000)
        var monotonic = MonotonicInstant(sinceOrigin: .zero)
        var sleeps: [Duration] = []
    }

    private let state = Mutex(State())

    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func wallNow() -> Timestamp { state.withLock { $0.wall } }

    func monotonicNow() -> MonotonicInstant { state.withLock { $0.monotonic } }

    func advance(by duration: Duration) {
        state.withLock { Self.advance(&$0, by: duration) }
    }

    /// Steps the wall clock alone, as an operator or NTP would.
    func stepWallClock(by duration: Duration) {
        state.withLock { $0.wall = $0.wall.advanced(byMicroseconds: Self.microseconds(duration)) }
    }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.sleeps.append(duration)
            Self.advance(&$0, by: duration)
        }
    }

    private static func advance(_ state: inout State, by duration: Duration) {
        state.wall = state.wall.advanced(byMicroseconds: microseconds(duration))
        state.monotonic = state.monotonic.advanced(by: duration)
    }

    static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}

@Suite struct MarketStoreTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!

    func ticker(_ market: MarketCode, _ price: ExactDecimal) -> MarketEvent {
        .ticker(Ticker(market: market, price: price, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightKST),
                       timestamp: Timestamp(microseconds: 1)))
    }

    @Test func aSnapshotCarriesEveryChangeSinceTheLastOneAndTheFeed() async throws {
        let clock = SteppedClock()
        let store = MarketStore(clock: clock)
        let feed = FeedStatus(state: .live, messages: 3)
        await store.apply([ticker(btc, 100)], feed: feed)
        await store.apply([ticker(eth, 10)], feed: feed)
        await store.apply([ticker(btc, 101)], feed: feed)
        let snapshot = try #require(await store.nextSnapshot())
        #expect(snapshot.version == 1)
        #expect(snapshot.diff.tickers == [btc, eth])
        #expect(snapshot.tickers[btc]?.price == 101)
        #expect(snapshot.feed == feed)
        #expect(snapshot.receivedAt[btc] == clock.wallNow())
    }

    /// The publishing interval counts on the monotonic clock: a wall clock stepped back an
    /// hour does not hold the next snapshot for an hour.
    @Test func aWallClockSteppedBackDoesNotHoldSnapshots() async throws {
        let clock = SteppedClock()
        let store = MarketStore(maxSnapshotsPerSecond: 20, clock: clock)
        await store.apply([ticker(btc, 100)], feed: FeedStatus())
        _ = await store.nextSnapshot()
        clock.stepWallClock(by: .seconds(-3600))
        await store.apply([ticker(btc, 101)], feed: FeedStatus())
        let next = try #require(await store.nextSnapshot())
        #expect(next.tickers[btc]?.price == 101)
        #expect(clock.sleeps.allSatisfy { $0 <= .milliseconds(50) }, "\(clock.sleeps)")
    }

    @Test func snapshotsComeAtMostAtTheConfiguredRate() async throws {
        let clock = SteppedClock()
        let store = MarketStore(maxSnapshotsPerSecond: 20, clock: clock)
        await store.apply([ticker(btc, 100)], feed: FeedStatus())
        _ = await store.nextSnapshot()
        clock.advance(by: .milliseconds(20))
        await store.apply([ticker(btc, 101)], feed: FeedStatus())
        let second = try #require(await store.nextSnapshot())
        #expect(clock.sleeps == [.milliseconds(30)], "the second waits out the rest of its 50 ms")
        #expect(second.diff.priceMoves == [btc: .up])
    }

    @Test func aFeedChangeAloneIsPublished() async throws {
        let store = MarketStore(clock: SteppedClock())
        await store.update(feed: FeedStatus(state: .stale, lastProblem: "nothing received for 20 s"))
        let snapshot = try #require(await store.nextSnapshot())
        #expect(snapshot.feed.state == .stale)
        #expect(snapshot.diff.isEmpty)
    }

    @Test func aWaitingReaderIsWokenByChangesAndReleasedByCancellation() async throws {
        let store = MarketStore(clock: SteppedClock())
        let reader = Task { await store.nextSnapshot() }
        try await Task.sleep(for: .milliseconds(20))
        await store.apply([ticker(eth, 5)], feed: FeedStatus())
        #expect(await reader.value?.tickers[eth]?.price == 5)
        let idle = Task { await store.nextSnapshot() }
        try await Task.sleep(for: .milliseconds(20))
        idle.cancel()
        #expect(await idle.value == nil)
    }
}
