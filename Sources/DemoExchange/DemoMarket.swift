import Logging
import MarketCore
import MarketSim
import MarketWire
import NIOCore
import NIOWebSocket

/// The demo exchange's one owner of mutable state: the simulated world (one market per
/// exchange over the same fair values) and the connected WebSocket clients. A pump brings the
/// simulation up to the wall clock every tick and publishes each order's frames to the
/// clients of its exchange that asked for them.
actor DemoMarket {
    /// Each served exchange's market (Bithumb's in both Bithumb dialects).
    private var simulators: [Exchange: MarketSimulator]
    var clients: [Int: StreamClient] = [:]
    private var nextClientID = 0
    let configuration: DemoExchangeConfiguration
    /// The simulation follows its wall clock; idle cuts, heartbeats and the pump's ticks its
    /// monotonic clock.
    let clock: any RuntimeClock
    let logger: Logger
    private let bithumbEncoder = UpbitFamilyEncoder(profile: .bithumb)
    private let upbitEncoder = UpbitFamilyEncoder(profile: .upbit)
    let legacyEncoder = BithumbLegacyEncoder()
    /// When each market's last legacy `orderbooksnapshot` went out (they are sent at most
    /// five times a second per market).
    var lastBookSnapshot: [MarketCode: Timestamp] = [:]
    /// Each market's last trade price before the current order, for the legacy `updn` flag.
    var lastTradePrice: [MarketCode: ExactDecimal] = [:]
    /// Clients cut off for falling behind.
    private(set) var slowClientsDropped = 0
    /// Clients cut off for saying nothing for the idle timeout.
    private(set) var idleClientsCut = 0
    /// Connections refused past the client cap.
    private(set) var connectionsRefused = 0
    /// Protocol pings heard from clients.
    private(set) var pingsHeard = 0
    /// Pings sent to Binance clients, pongs heard back, and clients closed for answering none.
    private(set) var referencePingsSent = 0
    private(set) var referencePongsHeard = 0
    private(set) var referenceClientsUnanswering = 0
    /// The world outside Korea Binance's prices are taken through.
    let referenceWorld: ReferenceWorld
    /// Each USDT market's book as Binance's streams last published it, and its update id.
    var referenceBooks: [MarketCode: (book: OrderBook, updateID: UInt64)] = [:]
    /// The last whole second Binance's tickers went out, and the last tenth of one its books did.
    var referenceTickerSecond: Int64 = 0
    var referenceDepthTenth: Int64 = 0

    init(
        configuration: DemoExchangeConfiguration, clock: any RuntimeClock, logger: Logger
    ) throws(SimulationError) {
        self.configuration = configuration
        self.clock = clock
        let start = clock.wallNow()
        var simulators: [Exchange: MarketSimulator] = [:]
        for exchange in configuration.exchanges {
            simulators[exchange] = try MarketSimulator(configuration: configuration.simulation, start: start, exchange: exchange)
        }
        self.simulators = simulators
        self.logger = logger
        referenceWorld = ReferenceWorld(seed: configuration.simulation.seed)
    }

    /// The encoder of a 2.0-style profile.
    func encoder(for profile: UpbitFamilyProfile) -> UpbitFamilyEncoder {
        profile.dialect == .upbit ? upbitEncoder : bithumbEncoder
    }

    /// A copy of `exchange`'s market as it stands, for REST answers (copies share storage
    /// until written); `nil` when it is not served.
    func state(of exchange: Exchange) -> MarketSimulator? {
        simulators[exchange]
    }

    /// The Korean world the reference exchange and the forex quote are seen from: Bithumb's
    /// market when it is served, else Upbit's (one world either way).
    var worldState: MarketSimulator? {
        Exchange.allCases.lazy.compactMap { self.simulators[$0] }.first
    }

    func statistics() -> DemoExchangeStatistics {
        DemoExchangeStatistics(
            clients: clients.count, slowClientsDropped: slowClientsDropped, idleClientsCut: idleClientsCut,
            connectionsRefused: connectionsRefused, pingsHeard: pingsHeard, referencePingsSent: referencePingsSent,
            referencePongsHeard: referencePongsHeard, referenceClientsUnanswering: referenceClientsUnanswering)
    }

    /// Runs the pump until the task is cancelled, a round every tick interval of `ticks` on a
    /// fixed grid (``RoundSchedule``).
    func run(ticks: any RuntimeClock) async {
        var schedule = RoundSchedule(interval: configuration.tickInterval, start: ticks.monotonicNow())
        while !Task.isCancelled {
            pump()
            try? await ticks.sleep(for: schedule.waitForNextRound(at: ticks.monotonicNow()))
        }
        for client in clients.values { client.finish() }
        clients.removeAll()
    }

    /// Brings the simulation up to now, publishing every order's frames, serves timers, and
    /// sends each client what the round queued for it with one flush.
    func pump() {
        let now = clock.wallNow()
        for exchange in configuration.exchanges {
            while let events = simulators[exchange]?.advance(until: now) {
                publish(events, on: exchange)
            }
        }
        publishReferenceStreams(at: now)
        serveTimers(at: clock.monotonicNow())
        for id in clients.keys { clients[id]?.flush() }
    }

    /// Whether another WebSocket client may connect now; a refusal is counted.
    func admitsAnotherClient() -> Bool {
        guard clients.count < configuration.maxClients else {
            connectionsRefused += 1
            logger.notice("refused a WebSocket client: \(configuration.maxClients) are connected")
            return false
        }
        return true
    }

    /// Registers a WebSocket client and returns its frame queue, or `nil` when `maxClients`
    /// are connected already.
    func attach(_ dialect: StreamDialect, streams: [String] = []) -> (id: Int, outgoing: AsyncStream<Outgoing>)? {
        guard clients.count < configuration.maxClients else {
            connectionsRefused += 1
            logger.notice("refused a WebSocket client: \(configuration.maxClients) are connected")
            return nil
        }
        let (stream, continuation) = AsyncStream.makeStream(
            of: Outgoing.self,
            bufferingPolicy: .bufferingOldest(configuration.outboxLimit))
        let id = nextClientID
        nextClientID += 1
        var client = StreamClient(dialect: dialect, outbox: continuation, now: clock.monotonicNow())
        if dialect == .legacy {
            client.send(ByteBuffer(bytes: legacyEncoder.connectedFrame()))
            client.flush()
        }
        if case .binance = dialect {
            client.nextPing = clock.monotonicNow().advanced(by: configuration.referencePingInterval)
            for name in streams {
                if let stream = BinanceStreamRequest.Stream(name: name) { client.binanceStreams[name] = stream }
            }
        }
        clients[id] = client
        return (id, stream)
    }

    /// Notes that client `id` spoke (a ping, which carries no message).
    func heard(from id: Int) {
        pingsHeard += 1
        clients[id]?.lastHeard = clock.monotonicNow()
    }

    /// Notes that client `id` answered a ping.
    func heardPong(from id: Int) {
        referencePongsHeard += 1
        let now = clock.monotonicNow()
        clients[id]?.lastPong = now
        clients[id]?.lastHeard = now
    }

    /// Forgets a client whose connection ended; one whose queue overflowed is counted as
    /// dropped, whether its last writes ended before the timers found it or after.
    func detach(_ id: Int) {
        guard let client = clients.removeValue(forKey: id) else { return }
        if client.isOverflowing { countDropped() }
        client.finish()
    }

    private func countDropped() {
        slowClientsDropped += 1
        logger.notice("dropped a WebSocket client that fell \(configuration.outboxLimit) frames behind")
    }

    /// Idle cuts, `{"status":"UP"}` heartbeats and Binance's pings; slow clients are dropped
    /// here too. A Binance client is kept by its pongs, not cut for being quiet.
    private func serveTimers(at now: MonotonicInstant) {
        for id in Array(clients.keys) {
            guard let client = clients[id] else { continue }
            if client.isOverflowing {
                clients.removeValue(forKey: id)
                countDropped()
            } else if case .binance = client.dialect {
                servePings(id, at: now)
            } else if now.duration(since: client.lastHeard) >= configuration.idleTimeout {
                clients[id]?.close(.normalClosure, reason: "idle")
                clients.removeValue(forKey: id)
                idleClientsCut += 1
            } else if let due = client.nextHeartbeat, due <= now {
                clients[id]?.nextHeartbeat = due.advanced(by: .seconds(10))
                clients[id]?.send(ByteBuffer(bytes: encoder(for: .bithumb).heartbeatFrame()))
            }
        }
    }

    /// Pings a Binance client every ``DemoExchangeConfiguration/referencePingInterval`` and
    /// closes one that answered none for three.
    private func servePings(_ id: Int, at now: MonotonicInstant) {
        guard let client = clients[id] else { return }
        let interval = configuration.referencePingInterval
        if now.duration(since: client.lastPong) >= interval * 3 {
            clients[id]?.close(.policyViolation, reason: "pong timeout")
            clients.removeValue(forKey: id)
            referenceClientsUnanswering += 1
            return
        }
        guard let due = client.nextPing, due <= now else { return }
        clients[id]?.nextPing = due.advanced(by: interval)
        clients[id]?.sendPing()
        referencePingsSent += 1
    }
}
