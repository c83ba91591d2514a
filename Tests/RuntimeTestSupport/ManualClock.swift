public import MarketCore
import Synchronization

/// A clock that stands still until the test moves it: `sleep` waits until ``advance(by:)``
/// passes its deadline (or the task is cancelled), so a test drives time step by step and reads
/// what is waiting in between. ``stepWallClock(by:)`` moves the wall clock alone, as an
/// operator or NTP would; sleeps and intervals follow the monotonic reading.
public final class ManualClock: RuntimeClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: MonotonicInstant
        let duration: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var wall = Timestamp(microseconds: 1_790_121_600_000_000)
        var monotonic = MonotonicInstant(sinceOrigin: .seconds(1000))
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func wallNow() -> Timestamp { state.withLock { $0.wall } }

    public func monotonicNow() -> MonotonicInstant { state.withLock { $0.monotonic } }

    /// The durations of the sleeps waiting now, in the order they began.
    public var pendingSleeps: [Duration] { state.withLock { $0.sleepers.map(\.duration) } }

    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard !Task.isCancelled else { return true }
                    let deadline = state.monotonic.advanced(by: duration)
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, duration: duration, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on by `duration` and wakes every sleep whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.wall = state.wall.advanced(byMicroseconds: duration.inMicroseconds)
            state.monotonic = state.monotonic.advanced(by: duration)
            let now = state.monotonic
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Steps the wall clock alone by `duration` (negative: back); no sleep wakes.
    public func stepWallClock(by duration: Duration) {
        state.withLock { $0.wall = $0.wall.advanced(byMicroseconds: duration.inMicroseconds) }
    }
}
