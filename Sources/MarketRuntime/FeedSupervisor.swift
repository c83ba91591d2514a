public import Logging
public import MarketCore
import SafeText
public import SystemTime

/// Keeps one exchange feed flowing into the store: connect → fetch the listing → subscribe →
/// bootstrap over REST while streaming; on any failure or silence, reconnect with backoff and
/// resync.
///
/// When to go stale, reconnect, send a keepalive or wait is decided by a
/// ``ConnectionLifecycle``; the supervisor feeds it events and carries out its actions.
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
    /// The exchange whose feed this is: the part of the store it fills.
    public nonisolated let exchange: Exchange
    private let clock: any RuntimeClock
    let logger: Logger
    private(set) var configuration: FeedConfiguration
    var status = FeedStatus()
    private var lifecycle: ConnectionLifecycle
    private var listing: [Market] = []
    private var connection: (any FeedConnection)?
    private var fetches: AsyncStream<FetchRequest>.Continuation?
    /// Fetches queued and not yet started.
    private var queuedFetches: Set<FetchRequest> = []
    /// The fetch running now (the loop runs one at a time).
    private var fetchInFlight: FetchRequest?
    var bookSyncs: [MarketCode: BookSync] = [:]

    /// Creates a supervisor; nothing happens until ``run()``.
    public init(
        transport: any FeedTransport, fetcher: any SnapshotFetcher, store: MarketStore, exchange: Exchange = .bithumb,
        configuration: FeedConfiguration = FeedConfiguration(), clock: any RuntimeClock = SystemClock(),
        logger: Logger = Logger(label: "coinboard.feed")
    ) {
        self.transport = transport
        self.fetcher = fetcher
        self.store = store
        self.exchange = exchange
        self.configuration = configuration
        lifecycle = ConnectionLifecycle(configuration: configuration, seed: UInt64.random(in: .min ... .max))
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
        await store.update(feed: status, of: exchange)
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
            let delay = await endSession(problem: problem)
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
        self.connection = connection
        let (requests, continuation) = AsyncStream.makeStream(of: FetchRequest.self)
        fetches = continuation
        try await handle(.connected)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.fetchTickers() }
            group.addTask { try await self.serveFetches(requests) }
            group.addTask { try await self.keepWatch() }
            group.addTask { try await self.refreshSignals() }
            group.addTask {
                for try await message in messages { await self.receive(message) }
                throw MarketRuntimeError.closedByExchange
            }
            for try await _ in group {}
        }
    }

    /// Starts a session on the connection just made: the books held are from an earlier
    /// connection until replaced, the listing is fetched, the feed subscribed and the markets in
    /// view bootstrapped.
    private func beginSession() async throws {
        guard let connection else { return }
        status.resyncingBooks = []
        queuedFetches = []
        fetchInFlight = nil
        bookSyncs = [:]
        await store.connectionBegan(on: exchange, feed: status)
        logger.info("connected", metadata: ["endpoint": "\(transport.endpointDescription)"])
        try await loadListing()
        try await connection.subscribe(to: subscription())
        try await connection.sendKeepalive()
        for market in configuration.focus { bootstrap(market) }
    }

    /// Closes the session after `problem` and says how long to wait before the next attempt.
    private func endSession(problem: String) async -> Duration {
        connection = nil
        fetches?.finish()
        fetches = nil
        let delay = (try? await handle(.lost)) ?? configuration.backoff.maximum
        logger.warning("connection lost", metadata: ["reason": "\(problem)", "failures": "\(lifecycle.failuresInARow)"])
        await report(problem: problem)
        return delay
    }

    // MARK: Lifecycle

    /// Hands `event` to the lifecycle and carries out what it says; returns the delay before
    /// the next attempt when it says to reconnect, and throws when it says to drop the
    /// connection or an action fails.
    @discardableResult
    private func handle(_ event: ConnectionLifecycle.Event) async throws -> Duration? {
        let actions = lifecycle.handle(event, at: clock.monotonicNow())
        status.state = lifecycle.state
        status.reconnects = lifecycle.reconnects
        var retryDelay: Duration?
        for action in actions {
            switch action {
            case .beginSession:
                try await beginSession()
            case .sendKeepalive:
                try await connection?.sendKeepalive()
            case .live(.first):
                break
            case .live(.afterSilence):
                logger.info("data flowing again")
            case .live(.afterReconnect):
                logger.info("reconnected", metadata: ["reconnects": "\(lifecycle.reconnects)"])
            case .stale(let silence):
                logger.warning("connection stale", metadata: ["silence": "\(silence)"])
                await report(problem: "no market data for \(silence.components.seconds) s")
            case .dropConnection(let silence):
                throw MarketRuntimeError.silent(seconds: Double(silence.components.seconds))
            case .forgetFailures:
                logger.info("connection healthy", metadata: ["after": "\(configuration.healthyAfter)"])
            case .reconnect(let delay):
                retryDelay = delay
            }
        }
        return retryDelay
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
        await noteMarketData(in: message.events)
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
        await store.apply(events, from: exchange, feed: status)
    }

    /// Marks the feed fresh, and live, when `events` (streamed, or a REST answer of this
    /// session) hold market data.
    private func noteMarketData(in events: [MarketEvent]) async {
        guard events.contains(where: \.isMarketData) else { return }
        status.lastMarketDataAt = clock.wallNow()
        _ = try? await handle(.marketData)
    }

    private func report(problem: String) async {
        status.lastProblem = problem.strippingUnsafeCharacters
        await store.update(feed: status, of: exchange)
    }

    // MARK: Fetching

    private func loadListing() async throws {
        let message = try await fetcher.fetch(.markets)
        try Self.rejectIfRefused(message)
        var markets: [Market] = []
        for case .markets(let listed) in message.events { markets = listed.removingRepeats(by: \.code) }
        guard markets.contains(where: { $0.code.quote == "KRW" }) else { throw MarketRuntimeError.noKRWMarkets }
        if markets.count > configuration.listingLimit {
            await report(problem: "the listing holds \(markets.count) markets; following the first \(configuration.listingLimit)")
            markets = Array(markets.prefix(configuration.listingLimit))
        }
        listing = markets
        configuration.focus = configuration.focus.filter { focus in markets.contains { $0.code == focus } }
        await store.apply([.markets(markets)], from: exchange, feed: status)
    }

    private func fetchTickers() async throws {
        let krw = listing.map(\.code).filter { $0.quote == "KRW" }
        let requestedAt = await store.arrivalMark(of: exchange)
        let message = try await fetcher.fetch(.tickers(krw))
        try Self.rejectIfRefused(message)
        await noteMarketData(in: message.events)
        await store.apply(message.events, from: exchange, feed: status, requestedAt: requestedAt)
    }

    /// Reads the alert and deposit/withdrawal lists, then every ``FeedConfiguration/signalRefresh``
    /// the listing and both lists again: a market that appears is subscribed to. A failed read
    /// is reported and tried again next time; it never ends the session.
    private func refreshSignals() async throws {
        while true {
            for resource in [SnapshotResource.warnings, .transfers] {
                do {
                    let message = try await fetcher.fetch(resource)
                    try Self.rejectIfRefused(message)
                    await store.apply(message.events, from: exchange, feed: status)
                } catch let error as CancellationError {
                    throw error
                } catch {
                    await report(
                        problem: "could not read the \(resource == .warnings ? "alert" : "deposit/withdrawal") list: \(Self.describe(error))")
                }
            }
            try await clock.sleep(for: configuration.signalRefresh)
            let before = listing
            do {
                try await loadListing()
                if listing != before { try await connection?.subscribe(to: subscription()) }
            } catch let error as CancellationError {
                throw error
            } catch {
                await report(problem: "could not read the listing again: \(Self.describe(error))")
            }
        }
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
                let requestedAt = await store.arrivalMark(of: exchange)
                let message = try await fetcher.fetch(.orderBook(market))
                try Self.rejectIfRefused(message)
                var books: [MarketEvent] = []
                for case .orderBook(let book) in message.events {
                    if let kept = keep(snapshot: book) { books.append(.orderBook(kept)) }
                }
                await noteMarketData(in: books)
                // A whole-book feed's REST book gives way to stream books that came after it was
                // asked for; a book kept from deltas already holds everything that came since.
                await store.apply(books, from: exchange, feed: status, requestedAt: bookSyncs[market] == nil ? requestedAt : nil)
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
        await noteMarketData(in: message.events)
        await store.apply(message.events, from: exchange, feed: status)
    }

    /// Ticks the lifecycle, which sends keepalives, marks silence stale and drops a silent
    /// connection (by throwing).
    private func keepWatch() async throws {
        let tick = min(.seconds(1), configuration.keepaliveInterval / 10)
        while true {
            try await clock.sleep(for: tick)
            try await handle(.tick)
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
