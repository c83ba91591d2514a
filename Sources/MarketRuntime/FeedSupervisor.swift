public import Logging
public import MarketCore
import SafeText
public import SystemTime

/// Keeps one exchange feed flowing into the store: connect → read the listing → subscribe →
/// bootstrap over REST while streaming; on any failure or silence, reconnect with backoff and
/// resync.
///
/// Every decision is a ``FeedSession``'s: the supervisor owns the connection, the clock and
/// the tasks (the message loop, the watch, the fetch worker, the signal beat), hands the
/// session what happens and carries out the actions it returns, in order.
///
/// The connection's state and counters travel with every batch handed to the store, so each
/// snapshot tells how current it is.
public actor FeedSupervisor {
    let transport: any FeedTransport
    private let fetcher: any SnapshotFetcher
    private let store: MarketStore
    /// The exchange whose feed this is: the part of the store it fills.
    public nonisolated let exchange: Exchange
    private let clock: any RuntimeClock
    let logger: Logger
    private var session: FeedSession
    private var connection: (any FeedConnection)?
    private var fetches: AsyncStream<FeedSession.FetchRequest>.Continuation?
    /// Where candles are kept between runs; `nil` without one, or once it failed.
    private var archive: (any CandleArchive)?
    /// The start of the newest closed candle kept, per market and interval.
    private var keptThrough: [MarketCode: [CandleInterval: Timestamp]] = [:]

    /// How often the closed candles of the markets in view are written to the archive.
    static let candleKeepInterval: Duration = .seconds(30)

    /// Creates a supervisor; nothing happens until ``run()``. With `archive`, a market's candles
    /// held there are shown before its page is fetched, and closed candles are kept there.
    public init(
        transport: any FeedTransport, fetcher: any SnapshotFetcher, store: MarketStore, exchange: Exchange = .bithumb,
        configuration: FeedConfiguration = FeedConfiguration(), archive: (any CandleArchive)? = nil,
        clock: any RuntimeClock = SystemClock(), logger: Logger = Logger(label: "coinboard.feed")
    ) {
        self.archive = archive
        self.transport = transport
        self.fetcher = fetcher
        self.store = store
        self.exchange = exchange
        session = FeedSession(
            configuration: configuration, bookUpdates: transport.bookUpdates, endpoint: transport.endpointDescription,
            seed: UInt64.random(in: .min ... .max))
        self.clock = clock
        self.logger = logger
    }

    /// The connection's state and counters now.
    public var currentStatus: FeedStatus { session.status }

    /// Connects and keeps the feed flowing until the task is cancelled.
    public func run() async {
        _ = try? await handle(.started)
        while !Task.isCancelled {
            let ended: FeedSession.Event
            do {
                try await transport.connect { messages, connection in
                    try await self.runSession(messages: messages, connection: connection)
                }
                ended = .lost(MarketRuntimeError.closedByExchange.description)
            } catch MarketRuntimeError.renewing {
                ended = .renewed
            } catch {
                if Task.isCancelled { break }
                ended = .lost(Self.describe(error))
            }
            connection = nil
            fetches?.finish()
            fetches = nil
            let delay = (try? await handle(ended)) ?? session.configuration.backoff.maximum
            if delay > .zero { do { try await clock.sleep(for: delay) } catch { break } }
        }
    }

    /// Changes the markets in view and the candle interval fetched for them: new markets are
    /// subscribed and bootstrapped, and a new interval's history is fetched for every market in view.
    public func setView(focus markets: [MarketCode], candleInterval: CandleInterval?) async {
        do {
            try await handle(.viewChanged(focus: markets, candleInterval: candleInterval))
        } catch {
            _ = try? await handle(.subscriptionFailed(Self.describe(error)))
        }
    }

    /// Fetches the page of candles before `before` for the chart of a market in view (where
    /// the exchange pages; one that does not answers nothing earlier, which marks the start).
    public func fetchEarlierCandles(of market: MarketCode, interval: CandleInterval, before: Timestamp) async {
        _ = try? await handle(.earlierCandlesWanted(market, interval, before: before))
    }

    /// Follows the tickers of `bases` only (the reference: the coins a followed exchange
    /// lists). A coin added is streamed from the next second on; its ticker is not read over
    /// REST until the next session.
    public func pair(with bases: Set<String>) async {
        do {
            try await handle(.pairingChanged(bases))
        } catch {
            _ = try? await handle(.subscriptionFailed(Self.describe(error)))
        }
    }

    // MARK: Session

    private func runSession(messages: FeedMessages, connection: any FeedConnection) async throws {
        self.connection = connection
        let (requests, continuation) = AsyncStream.makeStream(of: FeedSession.FetchRequest.self)
        fetches = continuation
        try await handle(.connected)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.fetchTickers() }
            group.addTask { try await self.serveFetches(requests) }
            group.addTask { try await self.keepWatch() }
            group.addTask { try await self.refreshSignals() }
            group.addTask { try await self.keepCandles() }
            group.addTask { try await self.receive(messages, from: connection) }
            for try await _ in group {}
        }
    }

    /// Hands `event` to the session and carries out its actions in order; returns the delay
    /// before the next attempt when it says to reconnect, and throws when it says to end the
    /// session or an action fails.
    @discardableResult
    private func handle(_ event: FeedSession.Event) async throws -> Duration? {
        var retryDelay: Duration?
        for action in session.handle(event, at: FeedSession.Moment(clock)) {
            switch action {
            case .connectionBegan(let status):
                await store.connectionBegan(on: exchange, feed: status)
            case .publish(let events, let status, let requestedAt):
                await store.apply(events, from: exchange, feed: status, requestedAt: requestedAt)
            case .publishStatus(let status):
                await store.update(feed: status, of: exchange)
            case .fetchListing:
                try await handle(.listingFetched(try await fetcher.fetch(.markets)))
            case .subscribe(let subscription):
                try await connection?.subscribe(to: subscription)
            case .sendKeepalive:
                try await connection?.sendKeepalive()
            case .fetch(let request):
                fetches?.yield(request)
            case .end(let reason):
                throw reason
            case .reconnect(let delay):
                retryDelay = delay
            case .log(let entry):
                logger.log(level: entry.level, "\(entry.message)", metadata: entry.metadata.mapValues { .string($0) })
            }
        }
        return retryDelay
    }

    // MARK: Tasks

    /// Reads every followed market's ticker once the session has begun.
    private func fetchTickers() async throws {
        let requestedAt = await store.arrivalMark(of: exchange)
        let message = try await fetcher.fetch(.tickers(session.followedMarkets))
        try await handle(.tickersFetched(message, requestedAt: requestedAt))
    }

    /// Runs the fetches the session hands out, one at a time, reporting each answer.
    private func serveFetches(_ requests: AsyncStream<FeedSession.FetchRequest>) async throws {
        for await request in requests {
            let requestedAt: MarketState.ArrivalMark? =
                if case .book = request { await store.arrivalMark(of: exchange) } else { nil }
            if case .candles(let market, let interval) = request { await recallCandles(of: market, interval: interval) }
            let message: FeedMessage
            if let kept = await keptPage(answering: request) {
                message = kept
            } else {
                message = try await fetcher.fetch(session.resource(for: request))
                if let (market, interval) = request.candleSeries {
                    // Kept before it is shown: whoever sees the page can count on it being kept.
                    for case .candles(let history) in message.events where history.market == market && history.interval == interval {
                        await keep(history.candles, of: market, interval: interval, answering: request)
                    }
                }
            }
            try await handle(.fetched(request, message, requestedAt: requestedAt))
        }
    }

    /// Ticks the session, which sends keepalives, marks silence stale and ends a silent session.
    private func keepWatch() async throws {
        let tick = min(.seconds(1), session.configuration.keepaliveInterval / 10)
        while true {
            try await clock.sleep(for: tick)
            try await handle(.tick)
        }
    }

    /// Hands the session every message as it is read. While the screen waits out its frame
    /// interval, the next read is held until ``FeedConfiguration/readLead`` before the next
    /// snapshot it can make: shown no later, and read in one go rather than a wake a message.
    private func receive(_ messages: FeedMessages, from connection: any FeedConnection) async throws {
        var messages = messages.makeAsyncIterator()
        let lead = session.configuration.readLead
        while true {
            let untilSnapshot = await store.timeToNextSnapshot()
            if untilSnapshot > lead { connection.holdNextRead(for: untilSnapshot - lead) }
            guard let message = try await messages.next(isolation: #isolation) else { break }
            try await handle(.received(message))
        }
        throw MarketRuntimeError.closedByExchange
    }

    /// Reads the alert and deposit/withdrawal lists, then every ``FeedConfiguration/signalRefresh``
    /// the listing and both lists again. A failed read is reported and tried again next time;
    /// it never ends the session.
    private func refreshSignals() async throws {
        while true {
            for resource in [SnapshotResource.warnings, .transfers] {
                do {
                    try await handle(.signalsFetched(resource, try await fetcher.fetch(resource)))
                } catch let error as CancellationError {
                    throw error
                } catch {
                    try await handle(.signalsFailed(resource, Self.describe(error)))
                }
            }
            try await clock.sleep(for: session.configuration.signalRefresh)
            do {
                try await handle(.listingFetched(try await fetcher.fetch(.markets)))
            } catch let error as CancellationError {
                throw error
            } catch {
                try await handle(.listingFailed(Self.describe(error)))
            }
        }
    }

    // MARK: Candles kept between runs

    /// Shows the candles the archive holds for a market before its page is fetched.
    private func recallCandles(of market: MarketCode, interval: CandleInterval) async {
        guard let archive else { return }
        do {
            let limit = max(CandleSeries.defaultCapacity, session.configuration.candleHistory)
            let held = try await archive.candles(of: market, interval: interval, limit: limit, viewedAt: clock.wallNow())
            guard !held.isEmpty else { return }
            keptThrough[market, default: [:]][interval] = held.last?.start
            let history = CandleHistory(market: market, interval: interval, candles: held, coveredUntil: nil, isKept: true)
            await store.apply([.candles(history)], from: exchange, feed: session.status)
        } catch {
            await archiveFailed(error)
        }
    }

    /// An earlier page of candles read from the archive, when it holds all the exchange would
    /// answer: no request is spent on it.
    private func keptPage(answering request: FeedSession.FetchRequest) async -> FeedMessage? {
        guard let archive, case .earlierCandles(let market, let interval, let before) = request else { return nil }
        do {
            let limit = session.configuration.candleHistory
            guard let page = try await archive.page(of: market, interval: interval, before: before, limit: limit) else { return nil }
            logger.info(
                "candles read from the cache",
                metadata: ["market": "\(market.code)", "interval": "\(interval.rawValue)", "candles": "\(page.count)"])
            let history = CandleHistory(market: market, interval: interval, candles: page, coveredUntil: nil, isKept: true, endsBefore: before)
            return FeedMessage(events: [.candles(history)])
        } catch {
            await archiveFailed(error)
            return nil
        }
    }

    /// Every ``candleKeepInterval``, keeps the candles of the markets in view that closed since.
    private func keepCandles() async throws {
        while true {
            try await clock.sleep(for: Self.candleKeepInterval)
            guard archive != nil, let interval = session.configuration.candleInterval else { continue }
            for market in session.configuration.focus {
                let kept = keptThrough[market]?[interval]
                let newer = await store.candles(of: market, interval: interval, on: exchange).filter { candle in
                    kept.map { candle.start > $0 } ?? true
                }
                await keep(newer, of: market, interval: interval)
            }
        }
    }

    /// Keeps those of `candles` that have closed (the newest may still be trading); for the
    /// exchange's answer to a candles fetch, with what it covers: from its oldest candle up to
    /// the time an earlier page was asked before, or to the end of the latest page's newest
    /// closed candle.
    private func keep(
        _ candles: [Candle], of market: MarketCode, interval: CandleInterval, answering request: FeedSession.FetchRequest? = nil
    ) async {
        guard let archive else { return }
        let now = clock.wallNow()
        let closed = candles.filter { $0.start.advanced(byMicroseconds: interval.microseconds) <= now }
        guard let oldest = closed.map(\.start).min(), let newest = closed.map(\.start).max() else { return }
        let covering: Range<Timestamp>? =
            switch request {
            case .candles: oldest..<newest.advanced(byMicroseconds: interval.microseconds)
            case .earlierCandles(_, _, let before): oldest < before ? oldest..<before : nil
            case .book, .trades, nil: nil
            }
        do {
            try await archive.keep(closed, of: market, interval: interval, covering: covering)
            keptThrough[market, default: [:]][interval] = max(newest, keptThrough[market]?[interval] ?? newest)
        } catch {
            await archiveFailed(error)
        }
    }

    /// Gives up the archive for this run, said once (the log, and the status the screen shows):
    /// the chart works from memory.
    private func archiveFailed(_ error: any Error) async {
        archive = nil
        _ = try? await handle(.candleArchiveFailed(Self.describe(error)))
    }

    static func describe(_ error: any Error) -> String {
        String(describing: error).strippingUnsafeCharacters
    }
}

extension FeedSession.FetchRequest {
    /// The market and interval of a candles fetch, first page or earlier.
    fileprivate var candleSeries: (MarketCode, CandleInterval)? {
        switch self {
        case .candles(let market, let interval), .earlierCandles(let market, let interval, _): (market, interval)
        case .book, .trades: nil
        }
    }
}
