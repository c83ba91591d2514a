import Logging
import MarketCore
import MarketRuntime
import Testing

/// The feed session as a machine: each test feeds events at moments it chooses and checks the
/// exact actions and status that come out, with no connection, clock or task.
@Suite struct FeedSessionTests {
    typealias Action = FeedSession.Action
    typealias LogEntry = FeedSession.LogEntry

    static let xlm = MarketCode(code: "KRW-XLM")!
    static let ada = MarketCode(code: "KRW-ADA")!
    static let btcUSDT = MarketCode(code: "USDT-BTC")!
    static let start = FeedSession.Moment(
        wall: Timestamp(microseconds: 1_790_121_600_000_000), monotonic: MonotonicInstant(sinceOrigin: .seconds(1000)))
    static let xlmMarket = Market(code: xlm, koreanName: "스텔라루멘", englishName: "Lumens")
    static let adaMarket = Market(code: ada, koreanName: "에이다", englishName: "Cardano")

    /// A session and the moment it is at, moved on by the test.
    struct Harness {
        var session: FeedSession
        var now = FeedSessionTests.start

        init(_ configuration: FeedConfiguration = FeedConfiguration(), bookUpdates: BookUpdates = .wholeBooks) {
            session = FeedSession(configuration: configuration, bookUpdates: bookUpdates, endpoint: "ws://test", seed: 7)
        }

        mutating func send(_ event: FeedSession.Event) -> [Action] {
            session.handle(event, at: now)
        }

        mutating func advance(by duration: Duration) {
            now = FeedSession.Moment(
                wall: now.wall.advanced(byMicroseconds: duration.inMicroseconds), monotonic: now.monotonic.advanced(by: duration))
        }

        /// Connected and streaming with `markets` listed; the actions of the listing returned.
        mutating func stream(_ markets: [Market] = [FeedSessionTests.xlmMarket]) -> [Action] {
            _ = send(.connected)
            return send(.listingFetched(FeedMessage(events: [.markets(markets)])))
        }
    }

    static func ticker(_ market: MarketCode = xlm, at time: Timestamp = start.wall) -> MarketEvent {
        .ticker(
            Ticker(market: market, price: 400, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h), timestamp: time))
    }

    static func book(bid: Int, ask: Int, at microseconds: Int64) -> OrderBook {
        OrderBook(
            market: xlm, bids: [BookLevel(price: ExactDecimal(bid), quantity: 10)], asks: [BookLevel(price: ExactDecimal(ask), quantity: 10)],
            timestamp: Timestamp(microseconds: microseconds))
    }

    static func delta(_ side: BookSide, _ price: Int, _ quantity: Int, at microseconds: Int64) -> FeedMessage {
        FeedMessage(events: [
            .orderBookDelta(
                OrderBookDelta(
                    market: xlm, changes: [BookChange(side: side, price: ExactDecimal(price), quantity: ExactDecimal(quantity))],
                    timestamp: Timestamp(microseconds: microseconds)))
        ])
    }

    @Test("starting publishes the status; a startup warning is logged and shown free of control characters")
    func started() {
        var plain = Harness()
        #expect(plain.send(.started) == [.publishStatus(FeedStatus())])
        var warned = Harness(FeedConfiguration(startupWarning: "ws://x is not encrypted\u{1B}[2J"))
        #expect(
            warned.send(.started) == [
                .log(LogEntry(.warning, "ws://x is not encrypted\u{1B}[2J")),
                .publishStatus(FeedStatus(lastProblem: "ws://x is not encrypted[2J")),
            ])
    }

    @Test("a connection begins a session: the store is told, the listing read, then subscribed, kept alive and bootstrapped")
    func sessionStart() {
        var harness = Harness(FeedConfiguration(focus: [Self.xlm, MarketCode(code: "KRW-GONE")!], candleInterval: .oneMinute))
        #expect(
            harness.send(.connected) == [
                .connectionBegan(FeedStatus()), .log(LogEntry(.info, "connected", ["endpoint": "ws://test"])), .fetchListing,
            ])
        let listed = [Self.xlmMarket, Market(code: Self.btcUSDT, koreanName: "비트코인", englishName: "Bitcoin")]
        #expect(
            harness.send(.listingFetched(FeedMessage(events: [.markets(listed + [Self.xlmMarket])]))) == [
                .publish([.markets(listed)], FeedStatus(), requestedAt: nil),
                .subscribe(FeedSubscription(tickers: [Self.xlm], orderBooks: [Self.xlm], trades: [Self.xlm])),
                .sendKeepalive,
                .fetch(.book(Self.xlm)),
            ])
        #expect(harness.session.configuration.focus == [Self.xlm], "a market the listing lacks leaves the view")
        #expect(harness.session.followedMarkets == [Self.xlm])
        #expect(harness.session.resource(for: .trades(Self.xlm)) == .trades(Self.xlm, count: 20))
        #expect(harness.session.resource(for: .candles(Self.xlm, .oneMinute)) == .candles(Self.xlm, .oneMinute, count: 200))
    }

    @Test("a listing refused, or without a KRW market, ends the session; one past the limit is cut and says so")
    func badListings() {
        var refused = Harness()
        _ = refused.send(.connected)
        #expect(refused.send(.listingFetched(FeedMessage(events: [], decodeErrors: ["5500 bad"]))) == [.end(.rejected("5500 bad"))])
        var empty = Harness()
        _ = empty.send(.connected)
        let usdtOnly = [Market(code: Self.btcUSDT, koreanName: "비트코인", englishName: "Bitcoin")]
        #expect(empty.send(.listingFetched(FeedMessage(events: [.markets(usdtOnly)]))) == [.end(.noMarkets(quote: "KRW"))])
        let markets = (0..<5).map { Market(code: MarketCode(quote: "KRW", base: "C\($0)")!, koreanName: "코인\($0)", englishName: "Coin \($0)") }
        var long = Harness(FeedConfiguration(listingLimit: 3))
        _ = long.send(.connected)
        let cut = FeedStatus(lastProblem: "the listing holds 5 markets; following the first 3")
        #expect(
            long.send(.listingFetched(FeedMessage(events: [.markets(markets)]))) == [
                .publishStatus(cut), .publish([.markets(Array(markets.prefix(3)))], cut, requestedAt: nil),
                .subscribe(FeedSubscription(tickers: markets.prefix(3).map(\.code), orderBooks: [], trades: [])), .sendKeepalive,
            ])
    }

    @Test("the reference follows its USDT markets of the paired coins only, and a change of the pairing is subscribed at once")
    func theReferenceFollowsThePairedCoins() {
        let usdt = ["BTC", "ETH", "DOGE"].map { Market(code: MarketCode(quote: "USDT", base: $0)!, koreanName: $0, englishName: $0) }
        let listing = usdt + [Market(code: MarketCode(code: "BTC-ETH")!, koreanName: "ETH", englishName: "ETH")]
        var reference = Harness(FeedConfiguration(listingLimit: 5000).forReference(pairedBases: ["BTC", "DOGE", "XRP"]))
        #expect(reference.session.configuration.listingLimit == FeedConfiguration.referenceListingLimit)
        _ = reference.send(.connected)
        let listed = reference.send(.listingFetched(FeedMessage(events: [.markets(listing)])))
        let paired = [usdt[0].code, usdt[2].code]
        #expect(listed.contains(.subscribe(FeedSubscription(tickers: paired))))
        #expect(reference.session.followedMarkets == paired)
        #expect(reference.send(.pairingChanged(["BTC", "DOGE", "SHIB"])) == [], "a coin Binance does not list changes nothing")
        #expect(reference.send(.pairingChanged(["BTC", "ETH"])) == [.subscribe(FeedSubscription(tickers: [usdt[0].code, usdt[1].code]))])
        var unlisted = Harness(FeedConfiguration().forReference(pairedBases: []))
        _ = unlisted.send(.connected)
        #expect(
            unlisted.send(.listingFetched(FeedMessage(events: [.markets([Self.xlmMarket])]))) == [.end(.noMarkets(quote: "USDT"))],
            "a reference listing no USDT market ends the session as a Korean one without KRW does")
    }

    @Test("a server that says it is closing ends the session after what came with it is published")
    func aClosingServerEndsTheSession() {
        var harness = Harness()
        _ = harness.stream()
        let closing = harness.send(.received(FeedMessage(events: [.notice(.closing(message: "serverShutdown"))])))
        #expect(
            closing == [
                .log(LogEntry(.notice, "the exchange is closing the connection", ["message": "serverShutdown"])),
                .publish([], FeedStatus(messages: 1), requestedAt: nil), .end(.closedByExchange),
            ])
    }

    @Test("heartbeats, acknowledgements and undecodable frames are counted but never make the feed live; a read of several frames counts each")
    func onlyMarketDataIsLive() {
        var harness = Harness()
        _ = harness.stream()
        let heartbeat = harness.send(.received(FeedMessage(events: [.notice(.heartbeat)])))
        #expect(heartbeat == [.publish([.notice(.heartbeat)], FeedStatus(messages: 1), requestedAt: nil)])
        let undecodable = harness.send(.received(FeedMessage(events: [], decodeErrors: ["invalidJSON\u{7}"])))
        let counted = FeedStatus(messages: 2, decodeErrors: 1, lastProblem: "undecodable message: invalidJSON")
        #expect(undecodable == [.log(LogEntry(.debug, "decode error", ["error": "invalidJSON\u{7}"])), .publish([], counted, requestedAt: nil)])
        let refusal = harness.send(.received(FeedMessage(events: [.notice(.rejected(code: "E1", message: "no"))])))
        let refused = FeedStatus(messages: 3, decodeErrors: 1, lastProblem: "the exchange refused: E1 no")
        #expect(refusal == [.log(LogEntry(.warning, "request rejected", ["code": "E1", "message": "no"])), .publish([], refused, requestedAt: nil)])
        harness.advance(by: .milliseconds(300))
        let live = FeedStatus(state: .live, messages: 4, decodeErrors: 1, lastMarketDataAt: harness.now.wall, lastProblem: refused.lastProblem)
        #expect(harness.send(.received(FeedMessage(events: [Self.ticker()]))) == [.publish([Self.ticker()], live, requestedAt: nil)])
        var batch = live
        batch.messages += 3
        let threeFrames = FeedMessage(events: [Self.ticker(), Self.ticker()], decodeErrors: [], frames: 3)
        #expect(harness.send(.received(threeFrames)) == [.publish([Self.ticker(), Self.ticker()], batch, requestedAt: nil)])
    }

    @Test("fetches go out one at a time in the order asked for, each at most once, the next after each answer")
    func fetchQueue() {
        var harness = Harness(FeedConfiguration(focus: [Self.xlm], candleInterval: .oneMinute))
        #expect(harness.stream().last == .fetch(.book(Self.xlm)))
        #expect(harness.send(.viewChanged(focus: [Self.xlm], candleInterval: .oneMinute)) == [], "all asked for already")
        let mark = MarketState.ArrivalMark.origin
        let book = Self.book(bid: 399, ask: 401, at: 200)
        let answered = harness.send(.fetched(.book(Self.xlm), FeedMessage(events: [.orderBook(book)]), requestedAt: mark))
        let live = FeedStatus(state: .live, lastMarketDataAt: harness.now.wall)
        #expect(answered == [.publish([.orderBook(book)], live, requestedAt: mark), .fetch(.trades(Self.xlm))])
        #expect(
            harness.send(.viewChanged(focus: [Self.xlm], candleInterval: .oneMinute)) == [],
            "the trades running now and the candles waiting answer a request for them")
        #expect(harness.send(.fetched(.trades(Self.xlm), FeedMessage(events: []), requestedAt: nil)).last == .fetch(.candles(Self.xlm, .oneMinute)))
        #expect(
            harness.send(.fetched(.candles(Self.xlm, .oneMinute), FeedMessage(events: []), requestedAt: nil)) == [
                .publish([], live, requestedAt: nil)
            ])
        #expect(
            harness.send(.fetched(.book(Self.xlm), FeedMessage(events: [.orderBook(book)]), requestedAt: nil)) == [],
            "an answer to no fetch handed out is not taken")
        #expect(
            harness.send(.fetched(.book(Self.xlm), FeedMessage(events: [], decodeErrors: ["x"]), requestedAt: nil)) == [],
            "nor a refusal of one")
    }

    @Test("a refused REST answer ends the session")
    func refusedFetch() {
        var harness = Harness(FeedConfiguration(focus: [Self.xlm]))
        _ = harness.stream()
        #expect(
            harness.send(.fetched(.book(Self.xlm), FeedMessage(events: [], decodeErrors: ["429 too many"]), requestedAt: nil)) == [
                .end(.rejected("429 too many"))
            ])
        #expect(harness.send(.tickersFetched(FeedMessage(events: [], decodeErrors: ["no"]), requestedAt: .origin)) == [.end(.rejected("no"))])
    }

    @Test("delta books: deltas wait for the REST book; a crossed REST book is fetched again until healthy, then deltas apply")
    func deltaBooks() {
        var harness = Harness(FeedConfiguration(focus: [Self.xlm]), bookUpdates: .deltas(snapshotDepth: 30))
        let resyncing = FeedStatus(resyncingBooks: [Self.xlm])
        let started = harness.stream()
        #expect(started.first == .publish([.markets([Self.xlmMarket])], FeedStatus(), requestedAt: nil))
        #expect(harness.session.status == resyncing, "resyncing once bootstrapped")
        #expect(started.last == .fetch(.book(Self.xlm)))
        harness.advance(by: .milliseconds(10))
        var status = FeedStatus(state: .live, messages: 1, lastMarketDataAt: harness.now.wall, resyncingBooks: [Self.xlm])
        #expect(harness.send(.received(Self.delta(.bid, 398, 5, at: 100))) == [.publish([], status, requestedAt: nil)])
        status.messages = 2
        #expect(harness.send(.received(Self.delta(.ask, 402, 7, at: 300))) == [.publish([], status, requestedAt: nil)])
        let crossed = Self.book(bid: 402, ask: 401, at: 200)
        let resync = harness.send(.fetched(.book(Self.xlm), FeedMessage(events: [.orderBook(crossed)]), requestedAt: .origin))
        #expect(
            resync == [
                .log(LogEntry(.notice, "resyncing book", ["market": "KRW-XLM", "reason": "crossedBook"])),
                .publish([], status, requestedAt: nil),
                .fetch(.trades(Self.xlm)),
            ])
        #expect(
            harness.send(.fetched(.trades(Self.xlm), FeedMessage(events: []), requestedAt: nil)) == [
                .publish([], status, requestedAt: nil), .fetch(.book(Self.xlm)),
            ], "asked for again, behind the trades, because of the very answer in hand")
        let healthy = Self.book(bid: 399, ask: 401, at: 250)
        let synced = harness.send(.fetched(.book(Self.xlm), FeedMessage(events: [.orderBook(healthy)]), requestedAt: .origin))
        status.resyncingBooks = []
        guard case .publish(let events, let published, let requestedAt) = synced.first, synced.count == 1 else {
            Issue.record("\(synced)")
            return
        }
        #expect(published == status && requestedAt == nil, "a book kept from deltas holds what came since")
        let kept = events.compactMap { if case .orderBook(let book) = $0 { book } else { nil } }.first
        #expect(kept == healthy, "the deltas buffered before the crossed book went with it")
        let newer = harness.send(.received(Self.delta(.ask, 402, 7, at: 400)))
        guard case .publish(let streamed, _, _) = newer.first, newer.count == 1, case .orderBook(let book) = streamed.first else {
            Issue.record("\(newer)")
            return
        }
        #expect(book.asks.map(\.price) == [401, 402], "a delta after the snapshot is applied")
    }

    @Test("silence reads stale after the keepalive window, with a keepalive sent; half as long again ends the session")
    func silence() {
        var harness = Harness(FeedConfiguration(keepaliveInterval: .seconds(10)))
        _ = harness.stream()
        _ = harness.send(.received(FeedMessage(events: [Self.ticker()])))
        let wall = harness.now.wall
        harness.advance(by: .seconds(9))
        #expect(harness.send(.tick) == [])
        harness.advance(by: .seconds(1))
        #expect(
            harness.send(.tick) == [
                .sendKeepalive,
                .log(LogEntry(.warning, "connection stale", ["silence": "10.0 seconds"])),
                .publishStatus(FeedStatus(state: .stale, messages: 1, lastMarketDataAt: wall, lastProblem: "no market data for 10 s")),
            ])
        harness.advance(by: .seconds(5))
        #expect(harness.send(.tick) == [.end(.silent(seconds: 15))])
        #expect(harness.session.status.state == .stale)
    }

    @Test("a loss reports why, waits the backoff and forgets the session's fetches; the next connection counts a reconnect")
    func lossAndReconnect() {
        let configuration = FeedConfiguration(focus: [Self.xlm], backoff: Backoff(initial: .seconds(1), maximum: .seconds(8)))
        var harness = Harness(configuration)
        _ = harness.stream()
        _ = harness.send(.received(FeedMessage(events: [Self.ticker()])))
        var reference = ConnectionLifecycle(configuration: configuration, seed: 7)
        _ = reference.handle(.connected, at: Self.start.monotonic)
        let delay = reference.handle(.lost, at: Self.start.monotonic)
        let lost = harness.send(.lost("the exchange closed the connection"))
        let status = FeedStatus(
            state: .reconnecting, messages: 1, lastMarketDataAt: Self.start.wall, lastProblem: "the exchange closed the connection")
        #expect(
            lost == [
                .log(LogEntry(.warning, "connection lost", ["reason": "the exchange closed the connection", "failures": "1"])),
                .publishStatus(status),
            ] + delay.map { if case .reconnect(let after) = $0 { Action.reconnect(after: after) } else { Action.sendKeepalive } })
        #expect(harness.send(.viewChanged(focus: [Self.xlm, Self.ada], candleInterval: nil)) == [], "nothing fetched while disconnected")
        #expect(harness.send(.fetched(.book(Self.xlm), FeedMessage(events: []), requestedAt: nil)) == [], "nor an old session's answer taken")
        _ = harness.stream([Self.xlmMarket, Self.adaMarket])
        let back = harness.send(.received(FeedMessage(events: [Self.ticker()])))
        #expect(back.first == .log(LogEntry(.info, "reconnected", ["reconnects": "1"])))
        #expect(harness.session.status.reconnects == 1)
    }

    @Test("a new market in view is bootstrapped and subscribed; a new interval fetches the candles of every market in view")
    func viewChanges() {
        var harness = Harness(FeedConfiguration(focus: [Self.xlm]))
        _ = harness.stream([Self.xlmMarket, Self.adaMarket])
        #expect(
            harness.send(.viewChanged(focus: [Self.xlm, Self.ada], candleInterval: nil)) == [
                .subscribe(FeedSubscription(tickers: [Self.xlm, Self.ada], orderBooks: [Self.xlm, Self.ada], trades: [Self.xlm, Self.ada]))
            ], "queued behind the book in flight")
        #expect(harness.send(.viewChanged(focus: [Self.xlm, Self.ada], candleInterval: .oneHour)) == [])
        var fetched: [FeedSession.FetchRequest] = []
        var next = FeedSession.FetchRequest.book(Self.xlm)
        for _ in 0..<10 {
            fetched.append(next)
            guard case .fetch(let request) = harness.send(.fetched(next, FeedMessage(events: []), requestedAt: nil)).last else { break }
            next = request
        }
        #expect(
            fetched == [
                .book(Self.xlm), .trades(Self.xlm), .book(Self.ada), .trades(Self.ada), .candles(Self.xlm, .oneHour), .candles(Self.ada, .oneHour),
            ])
        #expect(harness.send(.subscriptionFailed("closed")) == [.publishStatus(FeedStatus(lastProblem: "could not change the subscription: closed"))])
    }

    @Test("the signal lists are published or their failure reported; the listing read again subscribes to a change only")
    func signalBeat() {
        var harness = Harness()
        _ = harness.stream()
        let caution = [Self.xlm: MarketWarning(step: .caution)]
        #expect(
            harness.send(.signalsFetched(.warnings, FeedMessage(events: [.warnings(caution)]))) == [
                .publish([.warnings(caution)], FeedStatus(), requestedAt: nil)
            ])
        let failed = FeedStatus(lastProblem: "could not read the deposit/withdrawal list: timed out")
        #expect(harness.send(.signalsFailed(.transfers, "timed out")) == [.publishStatus(failed)])
        let refused = FeedStatus(lastProblem: "could not read the alert list: the exchange refused: 500")
        #expect(harness.send(.signalsFetched(.warnings, FeedMessage(events: [], decodeErrors: ["500"]))) == [.publishStatus(refused)])
        let same = FeedMessage(events: [.markets([Self.xlmMarket])])
        #expect(harness.send(.listingFetched(same)) == [.publish([.markets([Self.xlmMarket])], refused, requestedAt: nil)])
        let grown = [Self.xlmMarket, Self.adaMarket]
        #expect(
            harness.send(.listingFetched(FeedMessage(events: [.markets(grown)]))) == [
                .publish([.markets(grown)], refused, requestedAt: nil),
                .subscribe(FeedSubscription(tickers: [Self.xlm, Self.ada], orderBooks: [], trades: [])),
            ])
        let lost = FeedStatus(lastProblem: "could not read the listing again: the exchange lists no KRW market")
        #expect(harness.send(.listingFetched(FeedMessage(events: [.markets([])]))) == [.publishStatus(lost)])
        let unreachable = FeedStatus(lastProblem: "could not read the listing again: timed out")
        #expect(harness.send(.listingFailed("timed out")) == [.publishStatus(unreachable)])
        #expect(harness.session.listing == grown, "a failed read keeps the listing")
    }

    @Test("the tickers read at the start are published with the moment they were asked for, and make the feed live")
    func tickers() {
        var harness = Harness()
        _ = harness.stream()
        let mark = MarketState.ArrivalMark.origin
        let live = FeedStatus(state: .live, lastMarketDataAt: Self.start.wall)
        #expect(
            harness.send(.tickersFetched(FeedMessage(events: [Self.ticker()]), requestedAt: mark)) == [
                .publish([Self.ticker()], live, requestedAt: mark)
            ])
    }

    @Test("a market's trades are read again after its first streamed trade, once a connection, even while the first read runs")
    func tradesReadAgainAfterTheFirstStreamedTrade() {
        var harness = Harness(FeedConfiguration(focus: [Self.xlm]))
        #expect(harness.stream().last == .fetch(.book(Self.xlm)))
        let book = FeedMessage(events: [.orderBook(Self.book(bid: 399, ask: 401, at: 1))])
        #expect(harness.send(.fetched(.book(Self.xlm), book, requestedAt: nil)).last == .fetch(.trades(Self.xlm)))
        let trade = Trade(market: Self.xlm, price: 400, quantity: 1, side: .buy, timestamp: Self.start.wall)
        let other = Trade(market: Self.ada, price: 500, quantity: 1, side: .sell, timestamp: Self.start.wall)
        let streamed = harness.send(.received(FeedMessage(events: [.trades([other, trade])])))
        #expect(!streamed.contains { if case .fetch = $0 { true } else { false } }, "queued behind the read running")
        let history = FeedMessage(events: [.trades([trade])])
        #expect(harness.send(.fetched(.trades(Self.xlm), history, requestedAt: nil)).last == .fetch(.trades(Self.xlm)))
        #expect(harness.send(.fetched(.trades(Self.xlm), history, requestedAt: nil)).last != .fetch(.trades(Self.xlm)))
        let later = harness.send(.received(FeedMessage(events: [.trades([trade])])))
        #expect(!later.contains { if case .fetch = $0 { true } else { false } }, "once a connection")

        _ = harness.send(.lost("closed"))
        harness.advance(by: .seconds(60))
        _ = harness.send(.connected)
        _ = harness.send(.listingFetched(FeedMessage(events: [.markets([Self.xlmMarket])])))
        _ = harness.send(.fetched(.book(Self.xlm), book, requestedAt: nil))
        _ = harness.send(.fetched(.trades(Self.xlm), history, requestedAt: nil))
        let again = harness.send(.received(FeedMessage(events: [.trades([trade])])))
        #expect(again.contains(.fetch(.trades(Self.xlm))), "a new connection reads them again after its first streamed trade")
    }
}
