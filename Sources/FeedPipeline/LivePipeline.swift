import DemoExchange
public import ExchangeClient
public import FeedRecording
public import Logging
public import MarketCore
public import MarketRuntime
import MarketSim
import MarketWire
public import NIOCore

/// The running pipeline: one supervisor per exchange feeding one store, for the duration of
/// a body.
public struct LivePipeline: Sendable {
    /// The store the feeds fill.
    public let store: MarketStore
    /// The supervisors keeping each exchange's feed flowing, Bithumb first.
    public let supervisors: [FeedSupervisor]
    /// The supervisor of the reference exchange's feed (the kimchi premium's world prices),
    /// when it is followed.
    public let referenceSupervisor: FeedSupervisor?
    /// Where each exchange's feed comes from (a WebSocket URL, or a recording's path).
    public let origins: [Exchange: String]
    /// The endpoints of each exchange fed over the network (the demo exchange's on loopback, or
    /// the exchange's own); a feed played from a recording has none.
    public let endpoints: [Exchange: ExchangeEndpoints]
    /// How many feeds play a recording.
    public let replays: Int
    /// A signal each time a recording has played its last frame.
    private let replaysPlayed: AsyncStream<Void>

    /// Starts every feed of `plan` (and the demo exchange, when it serves any), runs `body`
    /// with the pipeline, then stops everything. `recording` gets every raw frame and response,
    /// tagged with its exchange; the store publishes at most `snapshotsPerSecond` snapshots a
    /// second; the in-process demo exchange brings its simulation up to date and publishes once
    /// per snapshot interval, not every 10 ms as `serve-demo` does: a third of the wakes at 30
    /// snapshots a second for the same orders, each shown about half an interval later on
    /// average. The exchanges' connections run on `connectionLoop` when it is given (it must
    /// outlive the pipeline, and be the thread the store's clock and reader run on: reads are
    /// then held until the very moment a snapshot is due), each on a thread of its own otherwise.
    /// `archive` gives the candle archive of a source (``FeedPlan/candleSource(of:)``). With
    /// `chartPagesBack` (the dashboard), a series may grow to ``CandleSeries/pagedCapacity`` as a
    /// chart pages back; otherwise it holds what ``FeedConfiguration/candleHistory`` asks.
    public static func run<Result: Sendable>(
        plan: FeedPlan, configuration: FeedConfiguration, logger: Logger, recording: RecordingWriter? = nil,
        snapshotsPerSecond: Int = 20, storeClock: (any RuntimeClock)? = nil, connectionLoop: (any EventLoop)? = nil,
        archive: (@Sendable (String) -> any CandleArchive)? = nil, chartPagesBack: Bool = false,
        _ body: @escaping @Sendable (LivePipeline) async throws -> Result
    ) async throws -> Result {
        let grace = connectionLoop == nil ? Duration.zero : heldReadGrace
        let referenceFeed = plan.referenceFeed
        let perSeries = max(CandleSeries.defaultCapacity, configuration.candleHistory)
        let limits = MarketState.Limits(
            candlesPerSeries: perSeries, candlesWhenPaged: chartPagesBack ? max(perSeries, CandleSeries.pagedCapacity) : perSeries)
        let reference = referenceFeed?.exchange
        let store =
            storeClock.map {
                MarketStore(
                    exchanges: plan.exchanges, reference: reference, limits: limits, maxSnapshotsPerSecond: snapshotsPerSecond,
                    heldReadGrace: grace, clock: $0)
            }
            ?? MarketStore(
                exchanges: plan.exchanges, reference: reference, limits: limits, maxSnapshotsPerSecond: snapshotsPerSecond,
                heldReadGrace: grace)
        if case .off(let reason) = plan.premium.reference { await store.referenceIsOff(reason) }
        if case .off(let reason) = plan.premium.rate { await store.update(forex: nil, problem: reason) }
        let (played, replayPlayed) = AsyncStream.makeStream(of: Void.self)
        let archives = Dictionary(
            uniqueKeysWithValues: plan.feeds.compactMap { feed in
                archive.flatMap { make in plan.candleSource(of: feed).map { (feed.exchange, make($0)) } }
            })
        let context = Context(
            store: store, configuration: configuration, logger: logger, recording: recording, connectionLoop: connectionLoop,
            archives: archives, rate: plan.premium.rate, replayPlayed: replayPlayed, replaysPlayed: played)
        let feeds = plan.feeds + (referenceFeed.map { [$0] } ?? [])
        guard plan.usesDemo else { return try await context.run(feeds, demoPort: nil, body) }
        let exchange = try DemoExchange(
            configuration: DemoExchangeConfiguration(
                simulation: plan.demoSimulation, tickInterval: .seconds(1) / max(1, snapshotsPerSecond), exchanges: Set(plan.exchanges)),
            logger: logger)
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await exchange.run { port in announce.yield(port) }
                return nil
            }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw FeedPipelineError.demoExchangeFailed }
            group.addTask { try await context.run(feeds, demoPort: port, body) }
            guard let result = try await firstResult(of: &group) else { throw FeedPipelineError.demoExchangeFailed }
            return result
        }
    }

    /// How much later a snapshot due with changes already waiting is taken when the
    /// connections share the store's thread (time for the read held until then to be made),
    /// and how early such a read may come and still count as on time.
    static let heldReadGrace = Duration.microseconds(300)

    /// What every feed of one pipeline shares.
    private struct Context: Sendable {
        let store: MarketStore
        let configuration: FeedConfiguration
        let logger: Logger
        let recording: RecordingWriter?
        let connectionLoop: (any EventLoop)?
        let archives: [Exchange: any CandleArchive]
        let rate: PremiumSources.Rate
        let replayPlayed: AsyncStream<Void>.Continuation
        let replaysPlayed: AsyncStream<Void>

        /// Opens each feed's transport and fetcher (the fetchers live as long as the body),
        /// then runs the supervisors and `body`.
        func run<Result: Sendable>(
            _ feeds: [FeedPlan.Feed], demoPort: Int?, opened: [Opened] = [],
            _ body: @escaping @Sendable (LivePipeline) async throws -> Result
        ) async throws -> Result {
            guard let feed = feeds.first else { return try await readingRate(demoPort: demoPort, opened, body) }
            let rest = Array(feeds.dropFirst())
            switch feed.source {
            case .replay(let source):
                let replayed = Opened(
                    exchange: feed.exchange, transport: ReplayTransport(source) { [replayPlayed] in replayPlayed.yield() },
                    fetcher: ReplayFetcher(source), endpoints: nil, configuration: configuration(of: feed.exchange))
                return try await run(rest, demoPort: demoPort, opened: opened + [replayed], body)
            case .demo(let dialect):
                guard let demoPort else { throw FeedPipelineError.demoExchangeFailed }
                return try await open(
                    feed.exchange, .local(dialect, port: demoPort), NetworkDeadlines(), rest, demoPort: demoPort, opened: opened, body)
            case .remote(_, let endpoints, let deadlines):
                return try await open(feed.exchange, endpoints, deadlines, rest, demoPort: demoPort, opened: opened, body)
            }
        }

        private func open<Result: Sendable>(
            _ exchange: Exchange, _ endpoints: ExchangeEndpoints, _ deadlines: NetworkDeadlines, _ rest: [FeedPlan.Feed],
            demoPort: Int?, opened: [Opened], _ body: @escaping @Sendable (LivePipeline) async throws -> Result
        ) async throws -> Result {
            let limit = RequestLimit.of(endpoints.dialect)
            var configuration = configuration(of: exchange).renewing(before: endpoints.dialect.connectionLifetime)
            configuration.startupWarning = endpoints.plaintextWarning ?? configuration.startupWarning
            if connectionLoop != nil { configuration.readLead = .zero }
            let recorder = recording?.recorder(for: exchange)
            return try await RESTSnapshotFetcher.withFetcher(
                endpoints: endpoints, limit: limit, timeout: deadlines.response, recorder: recorder
            ) { fetcher in
                let transport = WebSocketFeedTransport(
                    endpoints: endpoints, handshakeTimeout: deadlines.handshake, recorder: recorder, loop: connectionLoop)
                let feed = Opened(
                    exchange: exchange, transport: transport, fetcher: fetcher, endpoints: endpoints, configuration: configuration)
                return try await run(rest, demoPort: demoPort, opened: opened + [feed], body)
            }
        }

        /// The feed's configuration: the reference follows its USDT markets of the coins the
        /// followed exchanges list (none until they have listed).
        private func configuration(of exchange: Exchange) -> FeedConfiguration {
            exchange.isFollowed ? configuration : configuration.forReference(pairedBases: [])
        }

        /// Runs the supervisors and `body` with the rate read from its source, if any.
        private func readingRate<Result: Sendable>(
            demoPort: Int?, _ feeds: [Opened], _ body: @escaping @Sendable (LivePipeline) async throws -> Result
        ) async throws -> Result {
            let (baseURL, timeout): (String, Duration)
            switch rate {
            case .off: return try await supervise(feeds, poller: nil, body)
            case .replay(let answers, let path):
                let poller = ForexPoller(
                    fetcher: ReplayRateFetcher(answers, path: path), store: store, interval: configuration.rateRefresh, logger: logger)
                return try await supervise(feeds, poller: poller, body)
            case .demo:
                guard let demoPort else { throw FeedPipelineError.demoExchangeFailed }
                (baseURL, timeout) = (ExchangeEndpoints.localForex(port: demoPort), RESTSnapshotFetcher.defaultTimeout)
            case .remote(let url, let deadline): (baseURL, timeout) = (url, deadline)
            }
            return try await ForexRateFetcher.withFetcher(baseURL: baseURL, timeout: timeout, recorder: recording?.rateRecorder) { fetcher in
                try await supervise(
                    feeds, poller: ForexPoller(fetcher: fetcher, store: store, interval: configuration.rateRefresh, logger: logger), body)
            }
        }

        private func supervise<Result: Sendable>(
            _ opened: [Opened], poller: ForexPoller?, _ body: @escaping @Sendable (LivePipeline) async throws -> Result
        ) async throws -> Result {
            let feeds = opened.filter(\.exchange.isFollowed)
            let reference = opened.first { !$0.exchange.isFollowed }.map { feed in
                var referenceLogger = logger
                referenceLogger[metadataKey: "exchange"] = "\(feed.exchange.rawValue)"
                return FeedSupervisor(
                    transport: feed.transport, fetcher: feed.fetcher, store: store, exchange: feed.exchange,
                    configuration: feed.configuration, logger: referenceLogger)
            }
            let supervisors = feeds.map { feed in
                var feedLogger = logger
                if feeds.count > 1 { feedLogger[metadataKey: "exchange"] = "\(feed.exchange.rawValue)" }
                return FeedSupervisor(
                    transport: feed.transport, fetcher: feed.fetcher, store: store, exchange: feed.exchange,
                    configuration: feed.configuration, archive: archives[feed.exchange], logger: feedLogger)
            }
            let origins = Dictionary(uniqueKeysWithValues: opened.map { ($0.exchange, $0.transport.endpointDescription) })
            let endpoints = Dictionary(uniqueKeysWithValues: opened.compactMap { feed in feed.endpoints.map { (feed.exchange, $0) } })
            let replays = opened.filter { $0.transport is ReplayTransport }.count
            let pipeline = LivePipeline(
                store: store, supervisors: supervisors, referenceSupervisor: reference, origins: origins, endpoints: endpoints,
                replays: replays, replaysPlayed: replaysPlayed)
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                for supervisor in supervisors {
                    group.addTask {
                        await supervisor.run()
                        return nil
                    }
                }
                if let reference {
                    let pairings = await store.pairings()
                    group.addTask {
                        await LivePipeline.follow(reference, pairedBy: pairings)
                        return nil
                    }
                }
                if let poller {
                    group.addTask {
                        await poller.run()
                        return nil
                    }
                }
                group.addTask { try await body(pipeline) }
                guard let result = try await firstResult(of: &group) else { throw CancellationError() }
                return result
            }
        }
    }

    /// Runs the reference's feed once the followed exchanges have listed the coins it pairs
    /// with, and tells it each change of them.
    private static func follow(_ reference: FeedSupervisor, pairedBy pairings: AsyncStream<Set<String>>) async {
        await withTaskGroup(of: Void.self) { group in
            var running = false
            for await bases in pairings {
                await reference.pair(with: bases)
                guard !running else { continue }
                running = true
                group.addTask { await reference.run() }
            }
            group.cancelAll()
        }
    }

    /// One exchange's feed, opened.
    private struct Opened: Sendable {
        let exchange: Exchange
        let transport: any FeedTransport
        let fetcher: any SnapshotFetcher
        let endpoints: ExchangeEndpoints?
        let configuration: FeedConfiguration
    }

    /// Returns once market data flows from every exchange and the premium's reference (each
    /// feed reads `live`), or each that does not has failed often enough to read `failed`, and
    /// the won–dollar rate has been read or has failed to be (or is off) — or after `limit`,
    /// whichever is first. Reads the store's snapshots, so it is the only reader meanwhile.
    public func untilLive(waitingAtMost limit: Duration) async {
        await untilSnapshot(waitingAtMost: limit, \.isUnderWay)
    }

    /// Returns once a snapshot the store hands out meets `condition`, or after `limit`. Reads
    /// the store's snapshots, so it is the only reader meanwhile.
    public func untilSnapshot(waitingAtMost limit: Duration, _ condition: @escaping @Sendable (BoardSnapshot) -> Bool) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while let board = await store.nextSnapshot(), !condition(board) {}
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once every exchange holds candles fetched at `interval` for each of `markets` it
    /// lists (candles recalled from an earlier run or built from trades do not count; an earlier
    /// page read from the store in the exchange's stead does), `count` of them, or after
    /// `limit`. Reads the store's snapshots, so it is the only reader meanwhile.
    public func untilCandles(of markets: [MarketCode], interval: CandleInterval, count: Int, waitingAtMost limit: Duration) async {
        @Sendable func held(_ board: BoardSnapshot) -> Bool {
            board.exchanges.allSatisfy { exchange in
                let snapshot = board[exchange]
                return markets.allSatisfy { market in
                    !snapshot.lists(market)
                        || snapshot.candles[market]?[interval].map { series in
                            series.answeredSince.map { since in series.candles.count { $0.start >= since } >= count } ?? false
                        } == true
                }
            }
        }
        guard !held(await store.snapshot()) else { return }
        await untilSnapshot(waitingAtMost: limit, held)
    }

    /// Returns once every feed that plays a recording has played its last frame (at once when
    /// none does). One caller at a time.
    public func untilRecordingsPlayed() async {
        var left = replays
        guard left > 0 else { return }
        for await _ in replaysPlayed {
            left -= 1
            if left == 0 { return }
        }
    }

    /// Waits for the body's result (the one child that returns a value; the others run until
    /// cancelled), then cancels the rest. `nil` when every child ended without one.
    private static func firstResult<Result: Sendable>(of group: inout ThrowingTaskGroup<Result?, any Error>) async throws -> Result? {
        while let finished = try await group.next() {
            if let result = finished {
                group.cancelAll()
                return result
            }
        }
        return nil
    }
}
