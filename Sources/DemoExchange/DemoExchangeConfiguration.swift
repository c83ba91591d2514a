public import AccountAuth
public import MarketCore
public import MarketSim
public import MarketWire

/// Where the demo exchange listens and what it simulates.
public struct DemoExchangeConfiguration: Sendable {
    /// The address to bind; loopback by default.
    public var host: String
    /// The port; 0 asks the system for a free one.
    public var port: Int
    /// The simulated market.
    public var simulation: SimulationConfiguration
    /// The exchanges served, one world: Bithumb's two dialects at the root, Upbit's under
    /// ``DemoExchange/upbitPrefix``. An exchange left out answers 404.
    public var exchanges: Set<Exchange>
    /// A WebSocket whose client sent nothing (no message, no ping) for this long is closed,
    /// as the real exchange does after about 60 s; what the server sends does not keep it open.
    public var idleTimeout: Duration
    /// The most WebSocket clients served at once; a further upgrade is refused with HTTP 429
    /// (one that races past that check is closed at once with 1013, try again later).
    public var maxClients: Int
    /// The largest request taken, in bytes: a WebSocket message or frame, or an HTTP request
    /// target (path and query). A larger WebSocket message closes the connection with 1009; a
    /// longer HTTP target is answered 414.
    public var requestSizeLimit: Int
    /// Frames queued for one WebSocket client at most (each round's flush takes a place too); a
    /// client that falls this far behind is disconnected, so a slow client never makes the
    /// server's memory grow.
    public var outboxLimit: Int
    /// How often the simulation is brought up to the present and its frames sent.
    public var tickInterval: Duration
    /// How often Binance's streams ping a client (20 s, as Binance does); a client that answers
    /// none for three of them is closed, as Binance closes one after a minute without a pong.
    public var referencePingInterval: Duration
    /// The key pair `/v1/accounts` accepts (``demoAccountKeys`` unless given).
    public var accountKeys: APIKeyPair

    /// The documented pair the demo accepts when no other is given; never a real key.
    public static let demoAccountKeys = APIKeyPair(accessKey: "coinboard-demo-access", secretKey: "coinboard-demo-secret")

    /// Creates a configuration with the real exchange's defaults.
    public init(
        host: String = "127.0.0.1", port: Int = 0, simulation: SimulationConfiguration = SimulationConfiguration(),
        idleTimeout: Duration = .seconds(60), maxClients: Int = 256, requestSizeLimit: Int = WireLimits.requestBytes,
        outboxLimit: Int = 8192, tickInterval: Duration = .milliseconds(10), referencePingInterval: Duration = .seconds(20),
        exchanges: Set<Exchange> = Set(Exchange.allCases.filter(\.isFollowed)),
        accountKeys: APIKeyPair = demoAccountKeys
    ) {
        self.accountKeys = accountKeys
        self.exchanges = exchanges
        self.host = host
        self.port = port
        self.simulation = simulation
        self.idleTimeout = idleTimeout
        self.maxClients = maxClients
        self.requestSizeLimit = requestSizeLimit
        self.outboxLimit = outboxLimit
        self.tickInterval = tickInterval
        self.referencePingInterval = referencePingInterval
    }

    /// Why the configuration cannot run, or `nil` when it can.
    var problem: String? {
        if let problem = simulation.problem { return problem }
        if exchanges.isEmpty { return "serve at least one exchange" }
        if !(0...65_535).contains(port) { return "port must be 0…65535, not \(port)" }
        if host.isEmpty { return "host must not be empty" }
        if idleTimeout <= .zero { return "the idle timeout must be positive" }
        if maxClients < 1 { return "the client cap must be at least 1" }
        if !(1024...(16 << 20)).contains(requestSizeLimit) { return "the request size limit must be within 1 KiB…16 MiB" }
        if outboxLimit < 16 { return "the outbox limit must be at least 16 frames" }
        if tickInterval <= .zero || tickInterval > .seconds(1) { return "the tick interval must be within 0…1 s" }
        if referencePingInterval <= .zero { return "the Binance ping interval must be positive" }
        return nil
    }
}
