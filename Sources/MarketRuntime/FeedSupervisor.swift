public import Logging
public import MarketCore
import SafeText

/// Keeps one exchange feed flowing into the store: connect → fetch the listing → subscribe →
/// bootstrap over REST while streaming; on any failure or silence, reconnect with backoff and
/// resync.
///
/// The connection's state and counters travel with every batch handed to the store, so each
/// snapshot tells how current it is. Books that arrive as deltas are kept by one ``BookSync``
/// per market against REST snapshots.
public actor FeedSupervisor {
    /// A REST fetch the session's fetch loop runs.
    enum FetchRequest: Sendable, Hashable {
        /// A book snapshot for a market in view.
        case book(MarketCode)
        /// Recent trades for a market in view.
        case trades(MarketCode)
        /// Candle history for a market in view.
        case candles(MarketCode, CandleInterval)
    }

    let transport: any FeedTransport
    private let fetcher: any SnapshotFetcher
    private let store: MarketStore
    private let clock: any RuntimeClock
    let logger: Logger
    private(set) var configuration: FeedConfiguration
    var status = FeedStatus()
    private var random = SystemRandomNumberGenerator()
    private var failuresInARow = 0
    private var hasBeenLive = false
    private var sessionStartedAt = Timestamp(microseconds: 0)
    /// When the current session's market data began to flow, until it has been healthy long
    /// enough to forget earlier failures.
    private var liveSince: Timestamp?
    private var listing: [Market] = []
    private var connection: (any FeedConnection)?
    private var fetches: AsyncStream<FetchRequest>.Continuation?
    /// Fetches queued and not yet started.
    private var queuedFetches: Set<FetchRequest> = []
    /// The fetch running now (the loop runs one at a time).
    private var fetchInFlight: FetchRequest?
    var bookSyncs: [MarketCode: BookSync] = [:]

    /// Creates a supervisor; nothing happens until ``run()``.
    public init(transport: any FeedTransport, fetcher: any SnapshotFetcher, store: MarketStore,
                configuration: FeedConfiguration = FeedConfiguration(), clock: any RuntimeClock = SystemRuntimeClock(),
                logger: Logger = Logger(label: "coinboard.feed")) {
        self.transport = transport
        self.fetcher = fetcher
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    /// The connection's state and counters now.
    public var currentStatus: FeedStatus { status }

    /// Connects and keeps the feed flowing until the task is cancelled.
    public func run() async {
        if let warning = configuration.startupWarning {
            status.lastProblem = warning.strippingUnsafeCharacters
            logger.warning("\(warning)")
        }
        await store.update(feed: status)
        while !Task.isCancelled {
            let problem: String
            do {
                try await transport.connect { messages, connection in
                    try await self.runSession(messages: messages, connection: connection)
                }
                problem = MarketRuntimeError.closedByExchange.description
            } catch {
                if Task.isCancelled { break }
                problem = Self.describe(error)
            }
            await endSession(problem: problem)
            let delay = configuration.backoff.delay(afterFailures: failuresInARow, using: &random)
            do { try await clock.sleep(for: delay) } catch { break }
        }
    }

    /// Changes the markets in view and the candle interval fetched for them: new markets are
    /// subscribed and bootstrapped, and a new interval's history is fetched for every market in view.
    public func setView(focus markets: [MarketCode], candleInterval: CandleInterval?) async {
        let added = markets.filter { !configuration.focus.contains($0) }
        let focusChanged = Set(markets) != Set(configuration.focus)
        let intervalChanged = candleInterval != configuration.candleInterval
        configuration.focus = markets
        configuration.candleInterval = candleInterval
        guard let connection else { return }
        for market in added { bootstrap(market) }
        if intervalChanged, let candleInterval {
            for market in markets where !added.contains(market) { enqueue(.candles(market, candleInterval)) }
        }
        guard focusChanged else { return }
        do {
            try await connection.subscribe(to: subscription())
        } catch {
            await report(problem: "could not change the subscription: \(Self.describe(error))")
        }
    }

    // MARK: Session

    private func runSession(messages: FeedMessages, connection: any FeedConnection) async throws {
        sessionStartedAt = clock.now()
        status.connectedAt = sessionStartedAt
        status.resyncingBooks = []
        self.connection = connection
        let (requests, continuation) = AsyncStream.makeStream(of: FetchRequest.self)
        fetches = continuation
        queuedFetches = []
        fetchInFlight = nil
        bookSyncs = [:]
        logger.info("connected", metadata: ["endpoint": "\(transport.endpointDescription)"])
        try await loadListing()
        try await connection.subscribe(to: subscription())
        try await connection.sendKeepalive()
        for market in configuration.focus { bootstrap(market) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.fetchTickers() }
            group.addTask { try await self.serveFetches(requests) }
            group.addTask { try await self.keepWatch(on: connection) }
            group.addTask {
                for try await message in messages { await self.receive(message) }
                throw MarketRuntimeError.closedByExchange
            }
            for try await _ in group {}
        }
    }

    private func endSession(problem: String) async {
        connection = nil
        liveSince = nil
        fetches?.finish()
        fetches = nil
        failuresInARow += 1
        status.state = failuresInARow >= configuration.failedAfterAttempts ? .failed : .reconnecting
        logger.warning("connection lost", metadata: ["reason": "\(problem)", "failures": "\(failuresInARow)"])
        await report(problem: problem)
    }

    /// What to stream: tickers for every KRW market, books and trades for the markets in view.
    private func subscription() -> FeedSubscription {
        let krw = listing.map(\.code).filter { $0.quote == "KRW" }
        let focus = configuration.focus.filter { krw.contains($0) }
        return FeedSubscription(tickers: krw, orderBooks: focus, trades: focus)
    }

    // MARK: Receiving

    /// Takes one message. Only market data (tickers, trades, books) makes the feed live and
    /// fresh; heartbeats, acknowledgements, rejections and undecodable frames are counted but
    /// say nothing about whether prices are current.
    private func receive(_ message: FeedMessage) async {
        status.messages += 1
        noteMarketData(in: message.events)
        if !message.decodeErrors.isEmpty {
            status.decodeErrors += message.decodeErrors.count
            status.lastProblem = "undecodable message: \(message.decodeErrors[0])".strippingUnsafeCharacters
            logger.debug("decode error", metadata: ["error": "\(message.decodeErrors[0])"])
        }
        var events: [MarketEvent] = []
        events.reserveCapacity(message.events.count)
        for event in message.events {
            switch event {
            case .orderBookDelta(let delta) where transport.bookUpdates != .wholeBooks:
                if let book = keep(delta) { events.append(.orderBook(book)) }
            case .notice(.rejected(let code, let text)):
                status.lastProblem = "the exchange refused: \(code) \(text)".strippingUnsafeCharacters
                logger.warning("request rejected", metadata: ["code": "\(code)", "message": "\(text)"])
            default:
                events.append(event)
            }
        }
        await store.apply(events, feed: status)
    }

    /// Marks the feed fresh, and live, when `events` (streamed, or a REST answer of this
    /// session) hold market data.
    private func noteMarketData(in events: [MarketEvent]) {
        guard events.contains(where: \.isMarketData) else { return }
        status.lastMarketDataAt = clock.now()
        if status.state != .live { becameLive() }
    }

    private func becameLive() {
        if status.state == .stale {
            logger.info("data flowing again")
        } else if hasBeenLive {
            status.reconnects += 1
            logger.info("reconnected", metadata: ["reconnects": "\(status.reconnects)"])
        }
        hasBeenLive = true
        liveSince = liveSince ?? clock.now()
        status.state = .live
    }

    /// Forgets earlier failures once the session has been live for `healthyAfter`, so that a
    /// server that accepts, sends a frame and drops meets a growing backoff, not a storm.
    private func noteHealth(at now: Timestamp) {
        guard failuresInARow > 0, let liveSince,
              Duration.microseconds(now.microseconds(since: liveSince)) >= configuration.healthyAfter else { return }
        failuresInARow = 0
        logger.info("connection healthy", metadata: ["after": "\(configuration.healthyAfter)"])
    }

    private func report(problem: String) async {
        status.lastProblem = problem.strippingUnsafeCharacters
        await store.update(feed: status)
    }

    // MARK: Fetching

    private func loadListing() async throws {
        let message = try await fetcher.fetch(.markets)
        try Self.rejectIfRefused(message)
        var markets: [Market] = []
        for case .markets(let listed) in message.events { markets = listed }
        guard markets.contains(where: { $0.code.quote == "KRW" }) else { throw MarketRuntimeError.noKRWMarkets }
        if markets.count > configuration.listingLimit {
            await report(problem: "the listing holds \(markets.count) markets; following the first \(configuration.listingLimit)")
            markets = Array(markets.prefix(configuration.listingLimit))
        }
        listing = markets
        configuration.focus = configuration.focus.filter { focus in markets.contains { $0.code == focus } }
        await store.apply([.markets(markets)], feed: status)
    }

    private func fetchTickers() async throws {
        let krw = listing.map(\.code).filter { $0.quote == "KRW" }
        let requestedAt = clock.now()
        let message = try await fetcher.fetch(.tickers(krw))
        try Self.rejectIfRefused(message)
        noteMarketData(in: message.events)
        await store.apply(message.events, feed: status, requestedAt: requestedAt)
    }

    /// Starts following a market in view: its book sync, then its book and history over REST.
    private func bootstrap(_ market: MarketCode) {
        startBookSync(for: market)
        enqueue(.book(market))
        enqueue(.trades(market))
        if let interval = configuration.candleInterval { enqueue(.candles(market, interval)) }
    }

    /// Queues a fetch unless it is queued already. One that is running now answers the request
    /// too, unless `evenIfInFlight` says its answer is not good enough (a resync asked for while
    /// or because that answer came in): then the fetch is made once more after it.
    func enqueue(_ request: FetchRequest, evenIfInFlight: Bool = false) {
        guard let fetches else { return }
        guard evenIfInFlight || request != fetchInFlight, queuedFetches.insert(request).inserted else { return }
        fetches.yield(request)
    }

    /// Runs the session's REST fetches one after another (the queue holds each request at
    /// most once, so it stays as small as the markets in view).
    private func serveFetches(_ requests: AsyncStream<FetchRequest>) async throws {
        for await request in requests {
            queuedFetches.remove(request)
            fetchInFlight = request
            defer { fetchInFlight = nil }
            switch request {
            case .book(let market):
                let requestedAt = clock.now()
                let message = try await fetcher.fetch(.orderBook(market))
                try Self.rejectIfRefused(message)
                var books: [MarketEvent] = []
                for case .orderBook(let book) in message.events {
                    if let kept = keep(snapshot: book) { books.append(.orderBook(kept)) }
                }
                noteMarketData(in: books)
                // A whole-book feed's REST book gives way to stream books that came after it was
                // asked for; a book kept from deltas already holds everything that came since.
                await store.apply(books, feed: status, requestedAt: bookSyncs[market] == nil ? requestedAt : nil)
            case .trades(let market):
                try await fetchAndApply(.trades(market, count: configuration.tradeHistory))
            case .candles(let market, let interval):
                try await fetchAndApply(.candles(market, interval, count: configuration.candleHistory))
            }
        }
    }

    private func fetchAndApply(_ resource: SnapshotResource) async throws {
        let message = try await fetcher.fetch(resource)
        try Self.rejectIfRefused(message)
        noteMarketData(in: message.events)
        await store.apply(message.events, feed: status)
    }

    /// Keeps the connection alive and watches for silence of market data: `stale` after the
    /// keepalive interval, a reconnect (by throwing) after one and a half.
    private func keepWatch(on connection: any FeedConnection) async throws {
        let keepalive = configuration.keepaliveInterval
        let tick = min(.seconds(1), keepalive / 10)
        var lastKeepalive = clock.now()
        while true {
            try await clock.sleep(for: tick)
            let now = clock.now()
            noteHealth(at: now)
            if Duration.microseconds(now.microseconds(since: lastKeepalive)) >= keepalive {
                try await connection.sendKeepalive()
                lastKeepalive = now
            }
            let lastHeard = status.lastMarketDataAt.map { max($0, sessionStartedAt) } ?? sessionStartedAt
            let silence = Duration.microseconds(now.microseconds(since: lastHeard))
            if silence >= configuration.reconnectAfterSilence {
                throw MarketRuntimeError.silent(seconds: Double(silence.components.seconds))
            }
            if silence >= configuration.staleAfter, status.state != .stale {
                status.state = .stale
                logger.warning("connection stale", metadata: ["silence": "\(silence)"])
                await report(problem: "no market data for \(silence.components.seconds) s")
            }
        }
    }

    static func rejectIfRefused(_ message: FeedMessage) throws {
        if message.events.isEmpty, let problem = message.decodeErrors.first {
            throw MarketRuntimeError.rejected(problem)
        }
    }

    static func describe(_ error: any Error) -> String {
        String(describing: error).strippingUnsafeCharacters
    }
}
