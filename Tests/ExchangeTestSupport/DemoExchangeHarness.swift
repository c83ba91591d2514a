public import DemoExchange
public import Logging
public import MarketCore
import MarketSim
import Synchronization
import SystemTime

/// How a test's demo exchange tells time.
public enum DemoTimeline: Sendable {
    /// Real time.
    case live
    /// Time stands still at start-up, so the exchange's state can be compared exactly with
    /// what it served.
    case frozen
    /// Time starts at `start` and runs for `duration`, then stands still: the feed streams,
    /// then settles into a state to compare with.
    case running(from: Timestamp, for: Duration)

    func makeWallClock() -> @Sendable () -> Timestamp {
        switch self {
        case .live:
            return { SystemClock.wallNow() }
        case .frozen:
            let start = SystemClock.wallNow()
            return { start }
        case .running(let start, let duration):
            let began = ContinuousClock.now
            return {
                start.advanced(byMicroseconds: min(began.duration(to: .now).inMicroseconds, duration.inMicroseconds))
            }
        }
    }
}

/// A test demo exchange's clock: its wall follows a ``DemoTimeline``; its monotonic time (the
/// idle cut's and the heartbeats') runs with the machine's until the test moves it on with
/// ``skip(_:)``, so a timeout is reached by a step of the test, not by a window of wall time.
/// Sleeps (the pump's ticks) are real.
public final class DemoExchangeClock: RuntimeClock {
    private let wall: @Sendable () -> Timestamp
    private let system = SystemClock()
    private let skipped = Mutex(Duration.zero)

    /// A clock on `timeline`.
    public init(_ timeline: DemoTimeline = .live) {
        wall = timeline.makeWallClock()
    }

    public func wallNow() -> Timestamp { wall() }

    public func monotonicNow() -> MonotonicInstant {
        system.monotonicNow().advanced(by: skipped.withLock { $0 })
    }

    public func sleep(for duration: Duration) async throws {
        try await system.sleep(for: duration)
    }

    /// Moves monotonic time on by `duration` at once.
    public func skip(_ duration: Duration) {
        skipped.withLock { $0 += duration }
    }
}

/// A demo exchange for tests (seed 9, two hours of history), listening on `port` when run; a
/// market is listed `newListingAfter` seconds after the start if given (none by default, so no
/// test sees its listing change unless it asks). It serves `exchanges`: Bithumb's dialects
/// unless a test asks for Upbit too, so the suite's many exchanges simulate no market nobody reads.
public func makeDemoExchange(
    markets: Int = 60, rate: Double = 400, timeline: DemoTimeline = .live, port: Int = 0,
    idleTimeout: Duration = .seconds(60), maxClients: Int = 256, requestSizeLimit: Int = 1 << 16,
    outboxLimit: Int = 8192, newListingAfter: Double? = nil, exchanges: Set<Exchange> = [.bithumb],
    clock: DemoExchangeClock? = nil, referencePingInterval: Duration = .seconds(20)
) throws -> DemoExchange {
    let simulation = SimulationConfiguration(
        seed: 9, marketCount: markets, updatesPerSecond: rate, historyMinutes: 120,
        warmUpSeconds: 5, newListingAfterSeconds: newListingAfter)
    return try DemoExchange(
        configuration: DemoExchangeConfiguration(
            port: port, simulation: simulation, idleTimeout: idleTimeout,
            maxClients: maxClients, requestSizeLimit: requestSizeLimit,
            outboxLimit: outboxLimit, referencePingInterval: referencePingInterval, exchanges: exchanges),
        clock: clock ?? DemoExchangeClock(timeline), logger: quietLogger)
}

/// Runs `exchange` in this process for the duration of `body`, which gets the bound port.
public func serving<Result: Sendable>(_ exchange: DemoExchange, _ body: (Int) async throws -> Result) async throws -> Result {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            defer { portContinuation.finish() }
            try await exchange.run { portContinuation.yield($0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw HarnessError.notListening }
        defer { group.cancelAll() }
        return try await body(port)
    }
}

/// A demo exchange running in this process on loopback (a free port unless one is given), for
/// the duration of `body`.
public func withDemoExchange<Result: Sendable>(
    markets: Int = 60, rate: Double = 400, frozen: Bool = false, timeline: DemoTimeline? = nil, port: Int = 0,
    idleTimeout: Duration = .seconds(60), maxClients: Int = 256, requestSizeLimit: Int = 1 << 16, outboxLimit: Int = 8192,
    newListingAfter: Double? = nil, exchanges: Set<Exchange> = [.bithumb], clock: DemoExchangeClock? = nil,
    referencePingInterval: Duration = .seconds(20),
    _ body: (DemoExchange, Int) async throws -> Result
) async throws -> Result {
    let exchange = try makeDemoExchange(
        markets: markets, rate: rate, timeline: timeline ?? (frozen ? .frozen : .live),
        port: port, idleTimeout: idleTimeout, maxClients: maxClients,
        requestSizeLimit: requestSizeLimit, outboxLimit: outboxLimit, newListingAfter: newListingAfter, exchanges: exchanges,
        clock: clock, referencePingInterval: referencePingInterval)
    return try await serving(exchange) { port in try await body(exchange, port) }
}

/// Failures of the test harnesses.
public enum HarnessError: Error {
    case notListening
    case timedOut
}

/// A logger that stays silent in tests.
public let quietLogger: Logger = {
    var logger = Logger(label: "coinboard.tests")
    logger.logLevel = .critical
    return logger
}()
