import MarketCore
import MarketRuntime
import RuntimeTestSupport
import Testing

@Suite struct MarketStoreTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!

    func ticker(_ market: MarketCode, _ price: ExactDecimal) -> MarketEvent {
        .ticker(
            Ticker(
                market: market, price: price, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightKST),
                timestamp: Timestamp(microseconds: 1)))
    }

    @Test func aSnapshotCarriesEveryChangeSinceTheLastOneAndTheFeed() async throws {
        let clock = SteppedClock()
        let store = MarketStore(clock: clock)
        let feed = FeedStatus(state: .live, messages: 3)
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: feed)
        await store.apply([ticker(eth, 10)], from: .bithumb, feed: feed)
        await store.apply([ticker(btc, 101)], from: .bithumb, feed: feed)
        let snapshot = try #require(await store.nextSnapshot()?.primary)
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
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: FeedStatus())
        _ = await store.nextSnapshot()?.primary
        clock.stepWallClock(by: .seconds(-3600))
        await store.apply([ticker(btc, 101)], from: .bithumb, feed: FeedStatus())
        let next = try #require(await store.nextSnapshot()?.primary)
        #expect(next.tickers[btc]?.price == 101)
        #expect(clock.sleeps.allSatisfy { $0 <= .milliseconds(50) }, "\(clock.sleeps)")
    }

    @Test func snapshotsComeAtMostAtTheConfiguredRate() async throws {
        let clock = SteppedClock()
        let store = MarketStore(maxSnapshotsPerSecond: 20, clock: clock)
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: FeedStatus())
        _ = await store.nextSnapshot()?.primary
        clock.advance(by: .milliseconds(20))
        await store.apply([ticker(btc, 101)], from: .bithumb, feed: FeedStatus())
        let second = try #require(await store.nextSnapshot()?.primary)
        #expect(clock.sleeps == [.milliseconds(30)], "the second waits out the rest of its 50 ms")
        #expect(second.diff.priceMoves == [btc: .up])
    }

    /// Feeds hold their reads until just before the next snapshot may be taken: nothing to
    /// wait for before the first, then what is left of the interval, never less than nothing.
    @Test func theTimeToTheNextSnapshotIsWhatIsLeftOfTheInterval() async throws {
        let clock = ManualClock()
        let store = MarketStore(maxSnapshotsPerSecond: 20, clock: clock)
        #expect(await store.timeToNextSnapshot() == .zero)
        _ = await store.snapshot()
        #expect(await store.timeToNextSnapshot() == .milliseconds(50))
        clock.advance(by: .milliseconds(30))
        #expect(await store.timeToNextSnapshot() == .milliseconds(20))
        clock.advance(by: .milliseconds(30))
        #expect(await store.timeToNextSnapshot() == .zero)
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: FeedStatus())
        #expect(await store.timeToNextSnapshot() == .milliseconds(50), "the due snapshot takes this; the next is a whole interval off")
    }

    /// Snapshots taken late (by the held read's grace, a timer's slack) keep to the interval:
    /// the next is due an interval after the last was due, so lateness does not add up; one
    /// taken half an interval late or more, after a pause, or early counts from the taking.
    @Test func snapshotsTakenLateKeepToTheInterval() async {
        let clock = ManualClock()
        let store = MarketStore(maxSnapshotsPerSecond: 20, clock: clock)
        _ = await store.snapshot()
        // Each snapshot taken this long after the one before, and how long until the next.
        let steps: [(after: Duration, next: Duration, why: String)] = [
            (.microseconds(50_700), .microseconds(49_300), "due at 100 ms"),
            (.microseconds(49_900), .microseconds(49_400), "due at 150 ms"),
            (.microseconds(74_399), .microseconds(25_001), "late by a microsecond under half an interval"),
            (.microseconds(50_001), .milliseconds(50), "late by half an interval"),
            (.milliseconds(200), .milliseconds(50), "after a pause"),
            (.milliseconds(20), .milliseconds(50), "taken early"),
        ]
        for step in steps {
            clock.advance(by: step.after)
            _ = await store.snapshot()
            #expect(await store.timeToNextSnapshot() == step.next, "\(step.why)")
        }
    }

    /// A store publishing 20 snapshots a second with a 300 µs grace, one snapshot taken.
    static func storeWithAGraceAfterASnapshot() async -> (SteppedClock, MarketStore) {
        let clock = SteppedClock()
        let store = MarketStore(maxSnapshotsPerSecond: 20, heldReadGrace: .microseconds(300), clock: clock)
        _ = await store.snapshot()
        return (clock, store)
    }

    /// Feeds on the reader's thread hold their reads until the snapshot is due: the read wakes
    /// the reader, which takes the snapshot then, with no timer of its own.
    @Test func withAGraceAReadWhenTheSnapshotIsDueIsTakenAtOnce() async throws {
        let (clock, store) = await Self.storeWithAGraceAfterASnapshot()
        let reader = Task { await store.nextSnapshot()?.primary }
        clock.advance(by: .milliseconds(50))
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: FeedStatus())
        #expect(await reader.value?.tickers[btc]?.price == 100)
        #expect(clock.sleeps == [])
    }

    @Test func withAGraceAReadEarlyByLessThanTheGraceIsOnTime() async throws {
        let (clock, store) = await Self.storeWithAGraceAfterASnapshot()
        clock.advance(by: .microseconds(49_700))
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: FeedStatus())
        #expect(await store.nextSnapshot()?.primary.tickers[btc]?.price == 100)
        #expect(clock.sleeps == [])
    }

    /// A change between reads (a REST answer) waits for the snapshot's time and the grace
    /// after it, so that the read held until then is applied first.
    @Test func withAGraceAChangeBetweenReadsWaitsPastTheSnapshotsTime() async throws {
        let (clock, store) = await Self.storeWithAGraceAfterASnapshot()
        clock.advance(by: .microseconds(49_600))
        await store.apply([ticker(btc, 100)], from: .bithumb, feed: FeedStatus())
        #expect(await store.nextSnapshot()?.primary.tickers[btc]?.price == 100)
        #expect(clock.sleeps == [.microseconds(700)])
    }

    @Test func aFeedChangeAloneIsPublished() async throws {
        let store = MarketStore(clock: SteppedClock())
        await store.update(feed: FeedStatus(state: .stale, lastProblem: "nothing received for 20 s"), of: .bithumb)
        let snapshot = try #require(await store.nextSnapshot()?.primary)
        #expect(snapshot.feed.state == .stale)
        #expect(snapshot.diff.isEmpty)
    }

    @Test func aWaitingReaderIsWokenByChangesAndReleasedByCancellation() async throws {
        let store = MarketStore(clock: SteppedClock())
        let reader = Task { await store.nextSnapshot()?.primary }
        try await Task.sleep(for: .milliseconds(20))
        await store.apply([ticker(eth, 5)], from: .bithumb, feed: FeedStatus())
        #expect(await reader.value?.tickers[eth]?.price == 5)
        let idle = Task { await store.nextSnapshot()?.primary }
        try await Task.sleep(for: .milliseconds(20))
        idle.cancel()
        #expect(await idle.value == nil)
    }
}

/// The store keyed by exchange: each exchange's feed fills its own part, one board carries all.
@Suite struct MarketStoreExchangesTests {
    let btc = MarketCode(code: "KRW-BTC")!

    func ticker(_ price: ExactDecimal) -> MarketEvent {
        .ticker(
            Ticker(
                market: btc, price: price, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightKST),
                timestamp: Timestamp(microseconds: 1)))
    }

    @Test func eachExchangeKeepsItsOwnMarketsAndFeedInOneBoard() async throws {
        let store = MarketStore(exchanges: [.upbit, .bithumb], clock: SteppedClock())
        #expect(store.exchanges == [.bithumb, .upbit])
        await store.apply(
            [.markets([Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin")]), ticker(100)], from: .bithumb, feed: FeedStatus(state: .live))
        await store.apply([ticker(101)], from: .upbit, feed: FeedStatus(state: .reconnecting, reconnects: 1))
        let board = try #require(await store.nextSnapshot())
        #expect(board.exchanges == [.bithumb, .upbit])
        #expect(board[.bithumb].tickers[btc]?.price == 100)
        #expect(board[.upbit].tickers[btc]?.price == 101)
        #expect(board[.bithumb].feed.state == .live)
        #expect(board[.upbit].feed.state == .reconnecting)
        #expect(board.gaps.isEmpty, "Upbit has listed nothing yet")
    }

    @Test func oneExchangesNewConnectionLeavesTheOthersBooksAlone() async throws {
        let store = MarketStore(exchanges: [.bithumb, .upbit], clock: SteppedClock())
        let listing = MarketEvent.markets([Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin")])
        let book = MarketEvent.orderBook(
            OrderBook(
                market: btc, bids: [BookLevel(price: 99, quantity: 1)], asks: [BookLevel(price: 101, quantity: 1)],
                timestamp: Timestamp(microseconds: 1)))
        for exchange in [Exchange.bithumb, .upbit] {
            await store.apply([listing, book, ticker(exchange == .bithumb ? 100 : 102)], from: exchange, feed: FeedStatus(state: .live))
        }
        await store.connectionBegan(on: .upbit, feed: FeedStatus(state: .connecting, reconnects: 1))
        let board = await store.snapshot()
        #expect(board[.upbit].bookState(of: btc) == .stale)
        #expect(board[.bithumb].bookState(of: btc) == .live)
        #expect(board.gaps == [PriceGap(code: btc, bithumb: 100, upbit: 102)])
        #expect(await store.arrivalMark(of: .upbit) > .origin)
    }

    @Test func anExchangeTheStoreDoesNotKeepIsIgnored() async throws {
        let store = MarketStore(exchanges: [.bithumb], clock: SteppedClock())
        await store.apply([ticker(100)], from: .upbit, feed: FeedStatus(state: .live))
        await store.update(feed: FeedStatus(state: .failed), of: .upbit)
        let board = await store.snapshot()
        #expect(board.exchanges == [.bithumb])
        #expect(!board.isComparing)
        #expect(board[.upbit] == .empty)
        #expect(await store.arrivalMark(of: .upbit) == .origin)
    }
}
