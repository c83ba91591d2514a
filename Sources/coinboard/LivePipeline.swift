import DemoExchange
import ExchangeClient
import Logging
import MarketCore
import MarketRuntime
import MarketSim
import MarketWire

/// The running pipeline: a supervisor feeding a store, for the duration of a body.
struct LivePipeline {
    /// The store the feed fills.
    let store: MarketStore
    /// The supervisor keeping the feed flowing.
    let supervisor: FeedSupervisor
    /// Where the feed comes from (a WebSocket URL, or a recording's path).
    let origin: String

    /// Starts the feed from `source` (and the demo exchange, when that is the source), runs
    /// `body` with the pipeline, then stops everything. `recorder` sees every raw frame and
    /// response; the store publishes at most `snapshotsPerSecond` snapshots a second.
    static func run<Result: Sendable>(
        source: FeedSource, configuration: FeedConfiguration, logger: Logger, recorder: (any WireRecorder)? = nil,
        snapshotsPerSecond: Int = 20, _ body: @escaping @Sendable (LivePipeline) async throws -> Result
    ) async throws -> Result {
        let store = MarketStore(maxSnapshotsPerSecond: snapshotsPerSecond)
        switch source {
        case .remote(_, let endpoints, let deadlines):
            return try await run(
                endpoints: endpoints, deadlines: deadlines, store: store, configuration: configuration,
                logger: logger, recorder: recorder, body)
        case .replay(let path, let recording, let dialect, let speed):
            return try await run(
                transport: ReplayTransport(recording: recording, dialect: dialect, speed: speed, path: path),
                fetcher: ReplayFetcher(responses: recording.responses, dialect: dialect, path: path),
                store: store, configuration: configuration, logger: logger, body)
        case .demo:
            let exchange = try DemoExchange(
                configuration: DemoExchangeConfiguration(simulation: SimulationConfiguration()),
                logger: logger)
            let (ports, announce) = AsyncStream.makeStream(of: Int.self)
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    try await exchange.run { port in announce.yield(port) }
                    return nil
                }
                var listening = ports.makeAsyncIterator()
                guard let port = await listening.next() else { throw CoinboardError.demoExchangeFailed }
                group.addTask {
                    try await run(
                        endpoints: .local(.bithumb, port: port), deadlines: NetworkDeadlines(), store: store,
                        configuration: configuration, logger: logger, recorder: recorder, body)
                }
                guard let result = try await firstResult(of: &group) else { throw CoinboardError.demoExchangeFailed }
                return result
            }
        }
    }

    private static func run<Result: Sendable>(
        endpoints: ExchangeEndpoints, deadlines: NetworkDeadlines, store: MarketStore, configuration: FeedConfiguration,
        logger: Logger, recorder: (any WireRecorder)?, _ body: @escaping @Sendable (LivePipeline) async throws -> Result
    ) async throws -> Result {
        let limit: RequestLimit = endpoints.dialect == .upbit ? .upbit : .bithumb
        var configuration = configuration
        configuration.startupWarning = endpoints.plaintextWarning
        return try await RESTSnapshotFetcher.withFetcher(
            endpoints: endpoints, limit: limit, timeout: deadlines.response, recorder: recorder
        ) { fetcher in
            try await run(
                transport: WebSocketFeedTransport(
                    endpoints: endpoints, logger: logger, handshakeTimeout: deadlines.handshake,
                    recorder: recorder),
                fetcher: fetcher, store: store, configuration: configuration, logger: logger, body)
        }
    }

    private static func run<Result: Sendable>(
        transport: any FeedTransport, fetcher: any SnapshotFetcher, store: MarketStore, configuration: FeedConfiguration,
        logger: Logger, _ body: @escaping @Sendable (LivePipeline) async throws -> Result
    ) async throws -> Result {
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store, configuration: configuration,
            logger: logger)
        let pipeline = LivePipeline(store: store, supervisor: supervisor, origin: transport.endpointDescription)
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                await supervisor.run()
                return nil
            }
            group.addTask { try await body(pipeline) }
            guard let result = try await firstResult(of: &group) else { throw CancellationError() }
            return result
        }
    }

    /// Returns once market data flows (the feed reads `live`), or attempts have failed often
    /// enough to read `failed`, or after `limit`, whichever is first. Reads the store's
    /// snapshots, so it is the only reader meanwhile.
    func untilLive(waitingAtMost limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while let snapshot = await store.nextSnapshot(), snapshot.feed.state != .live, snapshot.feed.state != .failed {}
            }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
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
