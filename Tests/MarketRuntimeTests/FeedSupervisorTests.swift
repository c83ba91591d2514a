import Logging
import MarketCore
import MarketRuntime
import RuntimeTestSupport
import Testing

@Suite struct FeedSupervisorTests {
    let xlm = MarketCode(code: "KRW-XLM")!

    var listing: FeedMessage { FeedMessage(events: [.markets([Market(code: xlm, koreanName: "스텔라루멘", englishName: "Lumens")])]) }

    func delta(_ time: Int64, _ side: BookSide, _ price: Int, _ quantity: Int) -> FeedMessage {
        FeedMessage(events: [
            .orderBookDelta(
                OrderBookDelta(
                    market: xlm, changes: [BookChange(side: side, price: ExactDecimal(price), quantity: ExactDecimal(quantity))],
                    timestamp: Timestamp(microseconds: time)))
        ])
    }

    /// A feed of whole books whose connection n follows `scripts[n]`, with the listing answered.
    func wholeBookFeed(_ scripts: ScriptedTransport.Script...) -> (ScriptedFetcher, ScriptedTransport) {
        let fetcher = ScriptedFetcher(answers: [.markets: listing])
        return (fetcher, ScriptedTransport(bookUpdates: .wholeBooks, scripts: scripts, fetcher: fetcher))
    }

    /// The first snapshot meeting `condition`, or the last one looked at (see ``eventually(looks:pause:_:)``).
    func waitFor(_ store: MarketStore, _ condition: (MarketSnapshot) -> Bool) async throws -> MarketSnapshot {
        var snapshot = await store.snapshot().primary
        _ = try await eventually {
            snapshot = await store.snapshot().primary
            return condition(snapshot)
        }
        return snapshot
    }

    /// Heartbeats, acknowledgements and undecodable frames are counted, but only market data
    /// makes the feed live: a server answering `PING` with `UP` and nothing else is not live.
    @Test func heartbeatsAloneNeverMakeTheFeedLive() async throws {
        let heartbeat = FeedMessage(events: [.notice(.heartbeat)])
        let subscribed = FeedMessage(events: [.notice(.subscribed(message: "ok"))])
        let (fetcher, transport) = wholeBookFeed(
            .init(
                messages: [subscribed, heartbeat, heartbeat, FeedMessage(events: [], decodeErrors: ["invalidJSON"])],
                closesAfterwards: false))
        let store = MarketStore()
        // The manual clock stands still, so the silence window cannot pass during the test.
        let supervisor = FeedSupervisor(transport: transport, fetcher: fetcher, store: store, clock: ManualClock())
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        let counted = try await waitFor(store) { $0.feed.messages == 4 }
        #expect(counted.feed.state == .connecting)
        #expect(counted.feed.lastMarketDataAt == nil)
        #expect(counted.feed.decodeErrors == 1)
    }

    @Test func legacyDeltasAreKeptAgainstTheRESTBookAndBadMessagesCounted() async throws {
        let book = OrderBook(
            market: xlm, bids: [BookLevel(price: 399, quantity: 10)], asks: [BookLevel(price: 401, quantity: 10)],
            timestamp: Timestamp(microseconds: 200))
        let store = MarketStore()
        let fetcher = ScriptedFetcher(answers: [.markets: listing, .orderBook(xlm): FeedMessage(events: [.orderBook(book)])]) {
            _ = try? await eventually { await store.snapshot().primary.feed.messages >= 2 }
        }
        let transport = ScriptedTransport(
            bookUpdates: .deltas(snapshotDepth: 30),
            scripts: [
                .init(
                    messages: [delta(100, .bid, 398, 5), delta(300, .ask, 402, 7)], closesAfterwards: false,
                    afterBook: [FeedMessage(events: [], decodeErrors: ["invalidJSON"]), delta(400, .ask, 401, 0)])
            ],
            fetcher: fetcher)
        // The manual clock stands still: no second keepalive, however slowly a loaded machine runs this.
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(focus: [xlm]), clock: ManualClock())
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        let snapshot = try await waitFor(store) { $0.feed.messages == 4 && $0.orderBooks[xlm]?.asks.count == 1 }
        #expect(snapshot.orderBooks[xlm]?.bids.map(\.price) == [399], "the delta older than the snapshot is dropped")
        #expect(snapshot.orderBooks[xlm]?.asks.map(\.price) == [402])
        #expect(snapshot.feed.decodeErrors == 1)
        #expect(snapshot.feed.lastProblem == "undecodable message: invalidJSON")
        #expect(snapshot.feed.state == .live)
        #expect(transport.subscriptions == [FeedSubscription(tickers: [xlm], orderBooks: [xlm], trades: [xlm])])
        #expect(transport.keepalives == 1)
        #expect(fetcher.bookFetches == 1, "the book asked for by the first delta comes with the one already on its way")
        #expect(snapshot.feed.resyncingBooks.isEmpty, "synced against the REST book")
        #expect(snapshot.bookState(of: xlm) == .live)
    }

    var tick: FeedMessage {
        FeedMessage(events: [
            .ticker(
                Ticker(
                    market: xlm, price: 400, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h),
                    timestamp: Timestamp(microseconds: 1_790_121_600_000_000)))
        ])
    }

    @Test func aClosedConnectionIsMadeAgainAndCounted() async throws {
        let (fetcher, transport) = wholeBookFeed(
            .init(messages: [tick], closesAfterwards: true), .init(messages: [tick, tick], closesAfterwards: false))
        let store = MarketStore()
        let configuration = FeedConfiguration(backoff: Backoff(initial: .milliseconds(10), maximum: .milliseconds(20)))
        let supervisor = FeedSupervisor(transport: transport, fetcher: fetcher, store: store, configuration: configuration)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        let snapshot = try await waitFor(store) { $0.feed.messages == 3 && $0.feed.state == .live }
        #expect(snapshot.feed.reconnects == 1)
        #expect(transport.connections == 2)
        #expect(snapshot.feed.state == .live)
        #expect(snapshot.markets.map(\.code) == [xlm])
    }
}

extension FeedSupervisorTests {
    /// A resync asked for because of the very answer the fetch loop is handling (a crossed book)
    /// is fetched again, and the book goes live; it used to be swallowed as "already pending".
    @Test func aCrossedBookFromRESTIsFetchedAgainUntilItIsHealthy() async throws {
        let time = Timestamp(microseconds: 1_790_121_600_000_000)
        let crossed = OrderBook(
            market: xlm, bids: [BookLevel(price: 402, quantity: 1)], asks: [BookLevel(price: 401, quantity: 1)],
            timestamp: time)
        let healthy = OrderBook(
            market: xlm, bids: [BookLevel(price: 399, quantity: 2)], asks: [BookLevel(price: 401, quantity: 3)],
            timestamp: time.advanced(byMicroseconds: 1))
        let fetcher = SequencedBookFetcher(
            listing: listing,
            books: [
                FeedMessage(events: [.orderBook(crossed)]),
                FeedMessage(events: [.orderBook(healthy)]),
            ])
        let transport = ScriptedTransport(
            bookUpdates: .deltas(snapshotDepth: 30),
            scripts: [.init(messages: [], closesAfterwards: false)],
            fetcher: ScriptedFetcher(answers: [:]))
        let store = MarketStore()
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(focus: [xlm]))
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        let book = try await waitFor(store) { $0.orderBooks[xlm] != nil }.orderBooks[xlm]
        #expect(book == healthy)
        #expect(fetcher.bookFetches == 2)
        let snapshot = await store.snapshot().primary
        #expect(snapshot.bookState(of: xlm) == .live, "resyncing until the healthy book came")
    }
}

extension FeedSupervisorTests {
    /// A listing longer than `listingLimit` is cut there, and says so: the subscription and the
    /// ticker requests it causes stay bounded however many markets a server lists.
    @Test func aListingBeyondTheLimitIsCutAndSaysSo() async throws {
        let markets = (0..<5).map { index in
            Market(code: MarketCode(quote: "KRW", base: "C\(index)")!, koreanName: "코인\(index)", englishName: "Coin \(index)")
        }
        let fetcher = ScriptedFetcher(answers: [.markets: FeedMessage(events: [.markets(markets)])])
        let transport = ScriptedTransport(
            bookUpdates: .wholeBooks, scripts: [.init(messages: [], closesAfterwards: false)],
            fetcher: fetcher)
        let store = MarketStore()
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(listingLimit: 3))
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        _ = try await eventually { !transport.subscriptions.isEmpty }
        #expect(transport.subscriptions.first?.tickers == markets.prefix(3).map(\.code))
        let snapshot = await store.snapshot().primary
        #expect(snapshot.markets.map(\.code) == markets.prefix(3).map(\.code))
        #expect(snapshot.feed.lastProblem == "the listing holds 5 markets; following the first 3")
    }
}

extension FeedSupervisorTests {
    /// A server that accepts, sends one frame and drops meets a growing backoff: one message
    /// no longer forgets the failures before it (only a session live for `healthyAfter` does).
    @Test func aFlappingServerMeetsAGrowingBackoff() async throws {
        let (fetcher, transport) = wholeBookFeed(.init(messages: [tick], closesAfterwards: true))
        let clock = ManualClock()
        let configuration = FeedConfiguration(backoff: Backoff(initial: .milliseconds(250), maximum: .seconds(30)))
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: MarketStore(), configuration: configuration,
            clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        var delays: [Duration] = []
        _ = try await eventually(looks: 60_000, pause: .milliseconds(1)) {
            // Once the loss is handled the only sleep is the backoff's (the session's watch has
            // ended). A new session not yet live still shows the last loss's state while its
            // watch waits on a tick; its reconnect is not counted yet, which tells it apart.
            let status = await supervisor.currentStatus
            let pending = clock.pendingSleeps
            if status.state == .reconnecting || status.state == .failed, status.reconnects == delays.count,
                transport.connections == delays.count + 1, pending.count == 1, let delay = pending.first
            {
                delays.append(delay)
                clock.advance(by: delay)
            }
            return delays.count == 6
        }
        #expect(delays.count == 6)
        #expect(
            delays.last.map { $0 >= .seconds(4) } == true,
            "the sixth delay is at least half of 0.25 s doubled five times: \(delays)")
    }
}

extension FeedSupervisorTests {
    /// A warning known at start (a plaintext endpoint off this machine) is shown from the first
    /// snapshot, free of control characters.
    @Test func aStartupWarningIsShownFromTheStart() async throws {
        let (fetcher, transport) = wholeBookFeed(.init(messages: [], closesAfterwards: false))
        let store = MarketStore()
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(startupWarning: "ws://x is not encrypted\u{1B}[2J"),
            clock: ManualClock())
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        let snapshot = try await waitFor(store) { $0.feed.lastProblem != nil }
        #expect(snapshot.feed.lastProblem == "ws://x is not encrypted[2J")
    }
}

extension FeedSupervisorTests {
    /// The wall clock stepped back an hour while the feed is live freezes nothing: silence
    /// still reads `stale` after the keepalive window and the connection is still made again
    /// after one and a half, counted on the monotonic clock.
    @Test func aWallClockSteppedBackAnHourFreezesNoTimer() async throws {
        let (fetcher, transport) = wholeBookFeed(.init(messages: [tick], closesAfterwards: false))
        let clock = ManualClock()
        let store = MarketStore(clock: clock)
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(keepaliveInterval: .seconds(10)), clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        _ = try await waitFor(store) { $0.feed.state == .live }
        clock.stepWallClock(by: .seconds(-3600))
        var advanced = Duration.zero
        _ = try await eventually(looks: 60_000, pause: .milliseconds(1)) {
            // A sleep pending is the watch's tick (1 s) or, between connections, the backoff.
            if !clock.pendingSleeps.isEmpty {
                clock.advance(by: .seconds(1))
                advanced += .seconds(1)
                if advanced == .seconds(11) {
                    let status = await supervisor.currentStatus
                    #expect(status.state == .stale, "stale after the 10 s window although the wall clock went back an hour")
                    #expect(status.lastProblem == "no market data for 10 s")
                }
            }
            return transport.connections >= 2 || advanced >= .seconds(60)
        }
        #expect(transport.connections == 2, "connected again after 15 s of silence, not an hour later")
        #expect(advanced <= .seconds(20))
        #expect(transport.keepalives >= 2)
    }
}

extension FeedSupervisorTests {
    /// A connection as old as `renewAfter` is closed and made again at once, with no problem
    /// shown: the exchange (Binance, 24 h) would have closed it soon.
    @Test func anOldConnectionIsRenewedWithoutAProblem() async throws {
        let (fetcher, transport) = wholeBookFeed(.init(messages: [tick], closesAfterwards: false))
        let clock = ManualClock()
        let store = MarketStore(clock: clock)
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(keepaliveInterval: .seconds(600)).renewing(before: .seconds(630)), clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        _ = try await waitFor(store) { $0.feed.state == .live }
        var advanced = Duration.zero
        _ = try await eventually(looks: 60_000, pause: .milliseconds(1)) {
            // Time moves only while the session's watch waits on its tick: the renewal waits for no backoff.
            if transport.connections < 2, clock.pendingSleeps.contains(.seconds(1)) {
                clock.advance(by: .seconds(1))
                advanced += .seconds(1)
            }
            return transport.connections >= 2 || advanced >= .seconds(60)
        }
        #expect(transport.connections == 2, "renewed after 30 s")
        #expect(advanced == .seconds(30))
        let renewed = try await waitFor(store) { $0.feed.state == .live && $0.feed.messages == 2 }
        #expect(renewed.feed.state == .live)
        #expect(renewed.feed.lastProblem == nil, "a renewal is not a problem")
    }
}
