import EventLoopExecution
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
public import MarketCore
public import MarketSim
import MarketWire
import NIOCore
import NIOPosix
public import SystemTime

/// The embedded demo exchange: a simulated market served over HTTP and WebSocket in Bithumb's two
/// dialects — API 2.0 (`/v1/…`, `/websocket/v1`) and the legacy API (`/public/…`, `/pub/ws`) —
/// and in Upbit's (`/upbit/v1/…`, `/upbit/websocket/v1`), so every client path runs the same
/// offline as against the real exchanges.
public struct DemoExchange: Sendable {
    /// What is served.
    public let configuration: DemoExchangeConfiguration

    /// The world outside Korea its Binance and forex quote stand for (of the simulation's seed).
    public var referenceWorld: ReferenceWorld { ReferenceWorld(seed: configuration.simulation.seed) }
    private let market: DemoMarket
    private let logger: Logger
    /// The clock given, if any: the pump waits on it instead of its event loop's timers.
    private let givenClock: (any RuntimeClock)?

    /// Builds the simulated market (its listing, a day of history and warm books).
    /// - Parameters:
    ///   - clock: the simulation keeps up with its wall clock; idle cuts, heartbeats and the
    ///     pump's ticks follow its monotonic clock. Without one, the system's clocks, the pump
    ///     waiting on the exchange's own event loop.
    ///   - logger: where the exchange logs (never the terminal while a dashboard owns it).
    public init(
        configuration: DemoExchangeConfiguration, clock: (any RuntimeClock)? = nil,
        logger: Logger = Logger(label: "coinboard.demo-exchange")
    ) throws(DemoExchangeError) {
        if let problem = configuration.problem { throw .invalidConfiguration(problem) }
        self.configuration = configuration
        self.logger = logger
        givenClock = clock
        do throws(SimulationError) {
            market = try DemoMarket(configuration: configuration, clock: clock ?? SystemClock(), logger: logger)
        } catch {
            throw .invalidConfiguration(error.description)
        }
    }

    /// `exchange`'s market as it stands now, to compare what clients received with the
    /// exchange's own state.
    /// `nil` when it is not served.
    public func state(of exchange: Exchange = .bithumb) async -> MarketSimulator? {
        await market.state(of: exchange)
    }

    /// How the exchange is doing: connected clients, those cut off for falling behind or for
    /// silence, and connections refused past the cap.
    public func statistics() async -> DemoExchangeStatistics {
        await market.statistics()
    }

    /// Where the Upbit dialect is served: its REST paths and WebSocket under this prefix.
    public static let upbitPrefix = "/upbit"

    /// Serves until the task is cancelled, on an event loop of its own: the server's connections,
    /// the pump and the market's actor share its thread (a tick wakes one thread once).
    /// - Parameter onListening: called once with the bound port (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws(DemoExchangeError) {
        let router = Router(context: DemoRequestContext.self)
        router.add(middleware: RequestSizeMiddleware(limit: configuration.requestSizeLimit))
        router.add(middleware: NoRouteMiddleware())
        let servesBithumb = configuration.exchanges.contains(.bithumb)
        let servesUpbit = configuration.exchanges.contains(.upbit)
        let accounts = DemoAccounts(keys: configuration.accountKeys, clock: givenClock ?? SystemClock())
        if servesBithumb {
            UpbitFamilyRESTRoutes(market: market, profile: .bithumb, accounts: accounts).register(on: router)
            LegacyRESTRoutes(market: market).register(on: router)
        }
        // The world outside Korea, seen from the same markets.
        BinanceRESTRoutes(market: market, world: referenceWorld, clock: market.clock).register(on: router)
        ForexRoutes(market: market, world: referenceWorld).register(on: router)
        if servesUpbit {
            UpbitFamilyRESTRoutes(market: market, profile: .upbit, accounts: accounts, prefix: Self.upbitPrefix).register(on: router)
        }
        let market = market
        // Past the connection cap the upgrade is refused with 429, as the exchange answers too
        // many connections; a race past that check is closed with 1013 on attaching.
        let admits: @Sendable (Request, DemoRequestContext) async throws -> RouterShouldUpgrade = { _, _ in
            guard await market.admitsAnotherClient() else { throw HTTPError(.tooManyRequests) }
            return .upgrade([:])
        }
        var sockets: [(path: String, dialect: StreamDialect)] = []
        if servesBithumb { sockets += [("/websocket/v1", .bithumb), ("/pub/ws", .legacy)] }
        if servesUpbit { sockets += [("\(Self.upbitPrefix)/websocket/v1", .upbit)] }
        for (path, dialect) in sockets {
            router.ws(RouterPath(path), shouldUpgrade: admits) { inbound, outbound, context in
                try await market.serve(dialect, inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
            }
        }
        // Binance's combined endpoint takes its first streams from `?streams=a/b`; a path
        // under `/ws/` names one stream, or none (ccxt opens `/ws/0`, `/ws/1`, …).
        router.ws(RouterPath(BinanceRESTRoutes.prefix + "/stream"), shouldUpgrade: admits) { inbound, outbound, context in
            let streams = (context.request.uri.queryParameters.get("streams") ?? "").split(separator: "/").map(String.init)
            try await market.serve(
                .binance(combined: true), streams: streams, inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
        }
        router.ws(RouterPath(BinanceRESTRoutes.prefix + "/ws/{stream}"), shouldUpgrade: admits) { inbound, outbound, context in
            let named = context.request.uri.path.split(separator: "/").last.map(String.init) ?? ""
            try await market.serve(
                .binance(combined: false), streams: [named], inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
        }
        var serverLogger = logger
        serverLogger.logLevel = .critical
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let executor = EventLoopTaskExecutor(loop: loop.next())
        let app = Application(
            router: router,
            server: Self.server(webSocketRouter: router, maxFrameSize: configuration.requestSizeLimit),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(loop),
            logger: serverLogger)
        let ticks = givenClock ?? EventLoopClock(loop: loop.next())
        let failure: (any Error)?
        do {
            try await withTaskExecutorPreference(executor) {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { await market.run(ticks: ticks) }
                    try await app.run()
                    group.cancelAll()
                }
            }
            failure = nil
        } catch {
            failure = error
        }
        executor.close()
        try? await loop.shutdownGracefully()
        guard let failure, !(failure is CancellationError) else { return }
        throw .couldNotListen(host: configuration.host, port: configuration.port, reason: String(describing: failure))
    }
}

extension DemoExchange {
    /// How long a connection may take to finish once the exchange stops (a WebSocket's close
    /// handshake) before it is closed.
    static let stoppingGrace = TimeAmount.milliseconds(500)

    /// HTTP/1.1 with the WebSocket upgrade, each connection closed within ``stoppingGrace`` of
    /// the exchange stopping.
    private static func server(webSocketRouter: Router<DemoRequestContext>, maxFrameSize: Int) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            ConnectionsClosedOnStop(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(ws: .init(maxFrameSize: maxFrameSize, autoPing: .disabled))),
                grace: stoppingGrace)
        }
    }
}

/// Counters of a running demo exchange.
public struct DemoExchangeStatistics: Sendable, Hashable {
    /// WebSocket clients connected now.
    public var clients: Int
    /// WebSocket clients disconnected because their queue of frames filled up.
    public var slowClientsDropped: Int
    /// WebSocket clients disconnected because they sent nothing for the idle timeout.
    public var idleClientsCut: Int
    /// WebSocket connections refused because `maxClients` were connected.
    public var connectionsRefused: Int
    /// WebSocket protocol pings heard from clients (each keeps its client from the idle cut).
    public var pingsHeard: Int
    /// Pings sent to Binance clients, and pongs heard back.
    public var referencePingsSent: Int
    public var referencePongsHeard: Int
    /// Binance clients closed for answering no ping for three intervals.
    public var referenceClientsUnanswering: Int
}
