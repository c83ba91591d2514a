public import MarketCore

/// The life of one exchange connection as a state machine without I/O: events go in with the
/// monotonic time they happened, actions come out, and ``FeedSupervisor`` only carries them out.
///
/// The rules:
/// - Only market data makes a connection `live` (see ``MarketEvent/isMarketData``).
/// - No market data for `staleAfter` makes it `stale`; for `reconnectAfterSilence`, it is
///   dropped. Silence counts from the later of the last market data and the connection.
/// - A keepalive goes out every `keepaliveInterval`.
/// - Each loss waits the backoff for the failures in a row so far; `failedAfterAttempts` in a
///   row read `failed`. Failures are forgotten only once a session has been live for
///   `healthyAfter`, so a server that accepts, sends a frame and drops meets a growing delay.
/// - With `renewAfter`, a connection that old is renewed: closed and made again at once, not
///   counted as a failure (an exchange that closes connections after a set time, ahead of it).
///
/// Time is counted as the forward progress of the readings given: a reading earlier than the
/// one before (which a monotonic clock never gives) counts as no time, so even a clock stepped
/// back cannot freeze a timer.
public struct ConnectionLifecycle: Sendable {
    /// What happened.
    public enum Event: Sendable, Hashable {
        /// A connection was made.
        case connected
        /// Market data arrived: streamed, or a REST answer of this session.
        case marketData
        /// Time passed: the supervisor's watch ticks at least once a second.
        case tick
        /// The connection closed, or could not be made.
        case lost
        /// The connection was closed to be renewed (after ``Action/renewConnection``).
        case renewed
    }

    /// How market data came to flow.
    public enum Recovery: Sendable, Hashable {
        /// For the first time since start.
        case first
        /// Again on the same connection, after a stale stretch.
        case afterSilence
        /// On a new connection, after a loss.
        case afterReconnect
    }

    /// What the supervisor should do.
    public enum Action: Sendable, Hashable {
        /// Begin the session: fetch the listing, subscribe, resync the markets in view (books
        /// held now are from an earlier connection).
        case beginSession
        /// Send a keepalive.
        case sendKeepalive
        /// Market data flows; the state is now `live`.
        case live(Recovery)
        /// No market data for `silence`; the state is now `stale`.
        case stale(silence: Duration)
        /// No market data for `silence`, past the reconnect window: close the connection.
        case dropConnection(silence: Duration)
        /// The session has been live long enough: earlier failures are forgotten.
        case forgetFailures
        /// Wait `delay`, then connect again.
        case reconnect(after: Duration)
        /// The connection is `renewAfter` old: close it to make a new one.
        case renewConnection
    }

    /// Where the connection stands.
    public private(set) var state = ConnectionState.connecting
    /// Connections that came back to live after a loss.
    public private(set) var reconnects = 0
    /// Losses since the last healthy session.
    public private(set) var failuresInARow = 0

    private let configuration: FeedConfiguration
    private var random: SeededGenerator
    private var lastReading: MonotonicInstant?
    /// Forward time seen, the lifecycle's own clock.
    private var elapsed = Duration.zero
    private var sessionStart: Duration?
    private var lastMarketData: Duration?
    private var lastKeepalive = Duration.zero
    private var liveSince: Duration?
    private var hasBeenLive = false
    private var isRenewing = false

    /// Creates a lifecycle with the timing of `configuration`; `seed` draws the backoff jitter.
    public init(configuration: FeedConfiguration, seed: UInt64) {
        self.configuration = configuration
        random = SeededGenerator(seed: seed)
    }

    /// Takes `event`, which happened at `now`, and says what to do.
    public mutating func handle(_ event: Event, at now: MonotonicInstant) -> [Action] {
        advance(to: now)
        switch event {
        case .connected:
            sessionStart = elapsed
            lastKeepalive = elapsed
            liveSince = nil
            isRenewing = false
            return [.beginSession]
        case .marketData:
            return marketDataArrived()
        case .tick:
            return tick()
        case .lost:
            sessionStart = nil
            liveSince = nil
            failuresInARow += 1
            state = failuresInARow >= configuration.failedAfterAttempts ? .failed : .reconnecting
            return [.reconnect(after: configuration.backoff.delay(afterFailures: failuresInARow, using: &random))]
        case .renewed:
            sessionStart = nil
            liveSince = nil
            state = .connecting
            return [.reconnect(after: .zero)]
        }
    }

    private mutating func advance(to now: MonotonicInstant) {
        if let lastReading, now > lastReading { elapsed += now.duration(since: lastReading) }
        lastReading = now
    }

    private mutating func marketDataArrived() -> [Action] {
        guard sessionStart != nil else { return [] }
        lastMarketData = elapsed
        guard state != .live else { return [] }
        let recovery: Recovery
        if state == .stale {
            recovery = .afterSilence
        } else if hasBeenLive {
            recovery = .afterReconnect
            reconnects += 1
        } else {
            recovery = .first
        }
        hasBeenLive = true
        liveSince = liveSince ?? elapsed
        state = .live
        return [.live(recovery)]
    }

    private mutating func tick() -> [Action] {
        guard let sessionStart else { return [] }
        var actions: [Action] = []
        if failuresInARow > 0, let liveSince, elapsed - liveSince >= configuration.healthyAfter {
            failuresInARow = 0
            actions.append(.forgetFailures)
        }
        if elapsed - lastKeepalive >= configuration.keepaliveInterval {
            lastKeepalive = elapsed
            actions.append(.sendKeepalive)
        }
        if let renewAfter = configuration.renewAfter, !isRenewing, elapsed - sessionStart >= renewAfter {
            isRenewing = true
            return actions + [.renewConnection]
        }
        let silence = elapsed - max(lastMarketData ?? sessionStart, sessionStart)
        if silence >= configuration.reconnectAfterSilence {
            actions.append(.dropConnection(silence: silence))
        } else if silence >= configuration.staleAfter, state != .stale {
            state = .stale
            liveSince = nil
            actions.append(.stale(silence: silence))
        }
        return actions
    }
}
