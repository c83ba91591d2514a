public import Logging
public import MarketCore
import SafeText

/// The session logic of one exchange feed as a value without I/O: events go in with the moment
/// they happened, actions come out, and ``FeedSupervisor`` — which owns the connection, the
/// clock and the tasks — only carries them out and reports what came of them.
///
/// It holds what a session knows: the connection's ``ConnectionLifecycle`` and ``FeedStatus``,
/// the listing, the markets in view, one ``BookSync`` per market whose book arrives as deltas,
/// and the queue of REST fetches, which it hands out one at a time (``Action/fetch(_:)`` after
/// the answer to the one before), each at most once.
public struct FeedSession: Sendable {
    /// A REST fetch for a market in view.
    public enum FetchRequest: Sendable, Hashable {
        /// A book snapshot.
        case book(MarketCode)
        /// Recent trades.
        case trades(MarketCode)
        /// Candle history of an interval.
        case candles(MarketCode, CandleInterval)
        /// The page of candles before `before` (where the exchange pages), until the market
        /// holds ``FeedConfiguration/candleHistory`` of them.
        case earlierCandles(MarketCode, CandleInterval, before: Timestamp)
    }

    /// When an event happened, on both clocks: the wall for what is shown, the monotonic
    /// clock for every interval.
    public struct Moment: Sendable, Hashable {
        /// The wall-clock time.
        public var wall: Timestamp
        /// The monotonic time.
        public var monotonic: MonotonicInstant

        /// The moment read off `clock`.
        public init(_ clock: any RuntimeClock) {
            wall = clock.wallNow()
            monotonic = clock.monotonicNow()
        }

        /// The moment `wall` / `monotonic`.
        public init(wall: Timestamp, monotonic: MonotonicInstant) {
            self.wall = wall
            self.monotonic = monotonic
        }
    }

    /// What happened.
    public enum Event: Sendable {
        /// The supervisor started.
        case started
        /// A connection was made.
        case connected
        /// The listing was read (at the start of a session, or again on the signal beat).
        case listingFetched(FeedMessage)
        /// The listing could not be read again on the signal beat (the words say why); at the
        /// start of a session a failed read ends the session instead.
        case listingFailed(String)
        /// Every followed market's ticker was read, asked for at `requestedAt`.
        case tickersFetched(FeedMessage, requestedAt: MarketState.ArrivalMark)
        /// A message arrived on the connection.
        case received(FeedMessage)
        /// The fetch handed out last was answered; a book's was asked for at `requestedAt`.
        case fetched(FetchRequest, FeedMessage, requestedAt: MarketState.ArrivalMark?)
        /// The alert or deposit/withdrawal list was read.
        case signalsFetched(SnapshotResource, FeedMessage)
        /// The alert or deposit/withdrawal list could not be read.
        case signalsFailed(SnapshotResource, String)
        /// The subscription asked for by a change of view could not be sent.
        case subscriptionFailed(String)
        /// Time passed (the supervisor's watch ticks at least once a second).
        case tick
        /// The coins the reference follows changed (a followed exchange's listing did).
        case pairingChanged(Set<String>)
        /// The markets in view or the candle interval changed.
        case viewChanged(focus: [MarketCode], candleInterval: CandleInterval?)
        /// The chart of a market in view wants the page of candles before `before` (its oldest).
        case earlierCandlesWanted(MarketCode, CandleInterval, before: Timestamp)
        /// The candles kept between runs failed (the words say why) and were given up for the run.
        case candleArchiveFailed(String)
        /// The connection closed, or could not be made.
        case lost(String)
        /// The connection was closed to be renewed (``Action/end(_:)`` with
        /// ``MarketRuntimeError/renewing``).
        case renewed
    }

    /// What the supervisor should do, in order.
    public enum Action: Sendable, Hashable {
        /// Tell the store a connection began (its books are from an earlier one until replaced).
        case connectionBegan(FeedStatus)
        /// Apply `events` to the store with the status; `requestedAt` lets a REST answer give
        /// way to what streamed after it was asked for.
        case publish([MarketEvent], FeedStatus, requestedAt: MarketState.ArrivalMark?)
        /// Hand the store the status alone.
        case publishStatus(FeedStatus)
        /// Read the listing and report it (``Event/listingFetched(_:)``).
        case fetchListing
        /// Ask the exchange to stream this, replacing what was asked before.
        case subscribe(FeedSubscription)
        /// Send a keepalive.
        case sendKeepalive
        /// Run this REST fetch and report its answer (``Event/fetched(_:_:requestedAt:)``).
        case fetch(FetchRequest)
        /// Close the session for this reason.
        case end(MarketRuntimeError)
        /// Wait, then connect again.
        case reconnect(after: Duration)
        /// Write this to the feed's log.
        case log(LogEntry)
    }

    /// A line for the feed's log.
    public struct LogEntry: Sendable, Hashable {
        /// How much it matters.
        public var level: Logger.Level
        /// What happened.
        public var message: String
        /// The particulars.
        public var metadata: [String: String]

        /// A line `message` at `level` with `metadata`.
        public init(_ level: Logger.Level, _ message: String, _ metadata: [String: String] = [:]) {
            self.level = level
            self.message = message
            self.metadata = metadata
        }
    }

    /// Where a session stands.
    enum Phase: Sendable, Hashable {
        /// No connection.
        case disconnected
        /// Connected; the listing is being read.
        case readingListing
        /// Subscribed and streaming.
        case streaming
    }

    /// What the feed fetches and streams; the markets in view and the interval change with
    /// the view.
    public internal(set) var configuration: FeedConfiguration
    /// The connection's state and counters now.
    public internal(set) var status = FeedStatus()
    /// The markets listed, cut at the listing limit.
    public internal(set) var listing: [Market] = []
    /// How the feed delivers books.
    public let bookUpdates: BookUpdates
    /// Where the feed connects, for the log.
    let endpoint: String
    var lifecycle: ConnectionLifecycle
    var phase = Phase.disconnected
    /// Fetches waiting, in the order asked for, each at most once.
    var waitingFetches: [FetchRequest] = []
    /// The fetch handed out and not yet answered.
    var fetchInFlight: FetchRequest?
    var bookSyncs: [MarketCode: BookSync] = [:]
    /// Markets in view whose trades are read again once the stream brings their first trade:
    /// the first read may be answered before the exchange has the stream's subscription, and a
    /// trade between the two would be on neither.
    var tradesAwaitingStream: Set<MarketCode> = []
    /// Candles fetched so far for each market and interval, over its pages.
    var candlesFetched: [MarketCode: [CandleInterval: Int]] = [:]

    /// A session of a feed at `endpoint` delivering books as `bookUpdates`; `seed` draws the
    /// backoff's jitter.
    public init(configuration: FeedConfiguration, bookUpdates: BookUpdates, endpoint: String, seed: UInt64) {
        self.configuration = configuration
        self.bookUpdates = bookUpdates
        self.endpoint = endpoint
        lifecycle = ConnectionLifecycle(configuration: configuration, seed: seed)
    }

    /// Every market listed in the quote followed (and, for the reference, of a paired coin):
    /// the tickers streamed and read at the start of a session.
    public var followedMarkets: [MarketCode] {
        let quote = configuration.quote
        let paired = configuration.pairedBases
        return listing.map(\.code).filter { code in code.quote == quote && paired.map { $0.contains(code.base) } ?? true }
    }

    /// Takes `event`, which happened at `now`, and says what to do.
    public mutating func handle(_ event: Event, at now: Moment) -> [Action] {
        switch event {
        case .started:
            guard let warning = configuration.startupWarning else { return [.publishStatus(status)] }
            status.lastProblem = warning.strippingUnsafeCharacters
            return [.log(LogEntry(.warning, warning)), .publishStatus(status)]
        case .connected:
            return lifecycleActions(.connected, at: now)
        case .listingFetched(let message):
            return phase == .readingListing ? firstListing(message) : listingAgain(message)
        case .listingFailed(let problem):
            return report("could not read the listing again: \(problem)")
        case .tickersFetched(let message, let requestedAt):
            if let refusal = Self.refusal(in: message) { return [.end(refusal)] }
            return marketData(in: message.events, at: now) + [.publish(message.events, status, requestedAt: requestedAt)]
        case .received(let message):
            return receive(message, at: now)
        case .fetched(let request, let message, let requestedAt):
            return fetched(request, message, requestedAt: requestedAt, at: now)
        case .signalsFetched(let resource, let message):
            if let refusal = Self.refusal(in: message) { return signalsFailed(resource, refusal.description) }
            return [.publish(message.events, status, requestedAt: nil)]
        case .signalsFailed(let resource, let problem):
            return signalsFailed(resource, problem)
        case .subscriptionFailed(let problem):
            return report("could not change the subscription: \(problem)")
        case .tick:
            return lifecycleActions(.tick, at: now)
        case .viewChanged(let focus, let candleInterval):
            return viewChanged(focus: focus, candleInterval: candleInterval)
        case .earlierCandlesWanted(let market, let interval, let before):
            return earlierCandlesWanted(market, interval, before: before)
        case .pairingChanged(let bases):
            let before = followedMarkets
            configuration.pairedBases = bases
            guard phase == .streaming, followedMarkets != before else { return [] }
            return [.subscribe(subscription)]
        case .candleArchiveFailed(let problem):
            guard status.candleCacheProblem == nil else { return [] }
            status.candleCacheProblem = problem.strippingUnsafeCharacters
            return [.log(LogEntry(.warning, "candle cache off for this run", ["reason": problem])), .publishStatus(status)]
        case .lost(let problem):
            disconnect()
            let actions = lifecycleActions(.lost, at: now)
            let lost = LogEntry(.warning, "connection lost", ["reason": problem, "failures": "\(lifecycle.failuresInARow)"])
            return [.log(lost)] + report(problem) + actions
        case .renewed:
            disconnect()
            return [.log(LogEntry(.info, "renewing the connection", ["after": "\(configuration.renewAfter ?? .zero)"]))]
                + lifecycleActions(.renewed, at: now)
        }
    }

    /// The REST resource a fetch reads.
    public func resource(for request: FetchRequest) -> SnapshotResource {
        switch request {
        case .book(let market): .orderBook(market)
        case .trades(let market): .trades(market, count: configuration.tradeHistory)
        case .candles(let market, let interval): .candles(market, interval, count: configuration.candleHistory)
        case .earlierCandles(let market, let interval, let before):
            .candles(market, interval, count: configuration.candleHistory, before: before)
        }
    }

    /// What streams: tickers for every market followed, books and trades for the markets in view.
    var subscription: FeedSubscription {
        let followed = followedMarkets
        let focus = configuration.focus.filter { followed.contains($0) }
        return FeedSubscription(tickers: followed, orderBooks: focus, trades: focus)
    }

    // MARK: Lifecycle

    /// Hands `event` to the lifecycle and says what its actions mean for the session.
    private mutating func lifecycleActions(_ event: ConnectionLifecycle.Event, at now: Moment) -> [Action] {
        let decided = lifecycle.handle(event, at: now.monotonic)
        status.state = lifecycle.state
        status.reconnects = lifecycle.reconnects
        var actions: [Action] = []
        for action in decided {
            switch action {
            case .beginSession:
                actions += beginSession()
            case .sendKeepalive:
                actions.append(.sendKeepalive)
            case .live(.first):
                break
            case .live(.afterSilence):
                actions.append(.log(LogEntry(.info, "data flowing again")))
            case .live(.afterReconnect):
                actions.append(.log(LogEntry(.info, "reconnected", ["reconnects": "\(lifecycle.reconnects)"])))
            case .stale(let silence):
                actions.append(.log(LogEntry(.warning, "connection stale", ["silence": "\(silence)"])))
                actions += report("no market data for \(silence.components.seconds) s")
            case .dropConnection(let silence):
                actions.append(.end(.silent(seconds: Double(silence.components.seconds))))
            case .forgetFailures:
                actions.append(.log(LogEntry(.info, "connection healthy", ["after": "\(configuration.healthyAfter)"])))
            case .reconnect(let delay):
                actions.append(.reconnect(after: delay))
            case .renewConnection:
                actions.append(.end(.renewing))
            }
        }
        return actions
    }

    /// The connection is gone: nothing is fetched for it any more.
    private mutating func disconnect() {
        phase = .disconnected
        waitingFetches = []
        fetchInFlight = nil
    }

    /// A new connection: the books held are from an earlier one until replaced, nothing is
    /// fetched for it yet, and the listing is read first.
    private mutating func beginSession() -> [Action] {
        phase = .readingListing
        status.resyncingBooks = []
        waitingFetches = []
        fetchInFlight = nil
        bookSyncs = [:]
        tradesAwaitingStream = []
        return [.connectionBegan(status), .log(LogEntry(.info, "connected", ["endpoint": endpoint])), .fetchListing]
    }

    /// Marks the feed fresh, and live, when `events` (streamed, or a REST answer of this
    /// session) hold market data.
    mutating func marketData(in events: [MarketEvent], at now: Moment) -> [Action] {
        guard events.contains(where: \.isMarketData) else { return [] }
        status.lastMarketDataAt = now.wall
        return lifecycleActions(.marketData, at: now)
    }

    mutating func report(_ problem: String) -> [Action] {
        status.lastProblem = problem.strippingUnsafeCharacters
        return [.publishStatus(status)]
    }

    // MARK: Receiving

    /// Takes one message. Only market data (tickers, trades, books) makes the feed live and
    /// fresh; heartbeats, acknowledgements, rejections and undecodable frames are counted but
    /// say nothing about whether prices are current. A server that says it is closing ends the
    /// session once the message's data is published, so a new connection is made.
    private mutating func receive(_ message: FeedMessage, at now: Moment) -> [Action] {
        status.messages += message.frames
        var actions = marketData(in: message.events, at: now)
        if let first = message.decodeErrors.first {
            status.decodeErrors += message.decodeErrors.count
            status.lastProblem = "undecodable message: \(first)".strippingUnsafeCharacters
            actions.append(.log(LogEntry(.debug, "decode error", ["error": first])))
        }
        var events: [MarketEvent] = []
        var closing = false
        events.reserveCapacity(message.events.count)
        for event in message.events {
            switch event {
            case .orderBookDelta(let delta) where bookUpdates != .wholeBooks:
                let (book, kept) = keep(delta)
                actions += kept
                if let book { events.append(.orderBook(book)) }
            case .trades(let trades) where !tradesAwaitingStream.isEmpty:
                actions += readTradesAgain(after: trades)
                events.append(event)
            case .notice(.rejected(let code, let text)):
                status.lastProblem = "the exchange refused: \(code) \(text)".strippingUnsafeCharacters
                actions.append(.log(LogEntry(.warning, "request rejected", ["code": code, "message": text])))
            case .notice(.closing(let text)):
                actions.append(.log(LogEntry(.notice, "the exchange is closing the connection", ["message": text])))
                closing = true
            default:
                events.append(event)
            }
        }
        return actions + [.publish(events, status, requestedAt: nil)] + (closing ? [.end(.closedByExchange)] : [])
    }
}
