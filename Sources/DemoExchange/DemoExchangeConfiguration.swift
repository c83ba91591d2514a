public import MarketSim

/// Where the demo exchange listens and what it simulates.
public struct DemoExchangeConfiguration: Sendable {
    /// The address to bind; loopback by default.
    public var host: String
    /// The port; 0 asks the system for a free one.
    public var port: Int
    /// The simulated market.
    public var simulation: SimulationConfiguration
    /// A WebSocket with no message either way for this long is closed, as the real exchange
    /// does after about 60 s.
    public var idleTimeout: Duration
    /// Frames queued for one WebSocket client at most; a client that falls this far behind is
    /// disconnected, so a slow client never makes the server's memory grow.
    public var outboxLimit: Int
    /// How often the simulation is brought up to the present and its frames sent.
    public var tickInterval: Duration

    /// Creates a configuration with the real exchange's defaults.
    public init(host: String = "127.0.0.1", port: Int = 0, simulation: SimulationConfiguration = SimulationConfiguration(),
                idleTimeout: Duration = .seconds(60), outboxLimit: Int = 8192, tickInterval: Duration = .milliseconds(10)) {
        self.host = host
        self.port = port
        self.simulation = simulation
        self.idleTimeout = idleTimeout
        self.outboxLimit = outboxLimit
        self.tickInterval = tickInterval
    }

    /// Why the configuration cannot run, or `nil` when it can.
    var problem: String? {
        if let problem = simulation.problem { return problem }
        if !(0...65_535).contains(port) { return "port must be 0…65535, not \(port)" }
        if host.isEmpty { return "host must not be empty" }
        if idleTimeout <= .zero { return "the idle timeout must be positive" }
        if outboxLimit < 16 { return "the outbox limit must be at least 16 frames" }
        if tickInterval <= .zero || tickInterval > .seconds(1) { return "the tick interval must be within 0…1 s" }
        return nil
    }
}
