public import MarketCore
import Synchronization

/// A clock whose time moves only when something sleeps (or ``advance(by:)`` says): a sleep
/// returns at once and moves both readings on by its duration, so rate limits are tested
/// without waiting; the sleeps are recorded.
public final class SteppedClock: RuntimeClock {
    private struct State {
        var wall = Timestamp(microseconds: 1_700_000_000_000_000)
        var monotonic = MonotonicInstant(sinceOrigin: .zero)
        var sleeps: [Duration] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The sleeps asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func wallNow() -> Timestamp { state.withLock { $0.wall } }

    public func monotonicNow() -> MonotonicInstant { state.withLock { $0.monotonic } }

    /// Moves both readings on by `duration`.
    public func advance(by duration: Duration) {
        state.withLock { Self.advance(&$0, by: duration) }
    }

    /// Steps the wall clock alone, as an operator or NTP would.
    public func stepWallClock(by duration: Duration) {
        state.withLock { $0.wall = $0.wall.advanced(byMicroseconds: duration.inMicroseconds) }
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.sleeps.append(duration)
            Self.advance(&$0, by: duration)
        }
    }

    private static func advance(_ state: inout State, by duration: Duration) {
        state.wall = state.wall.advanced(byMicroseconds: duration.inMicroseconds)
        state.monotonic = state.monotonic.advanced(by: duration)
    }
}
