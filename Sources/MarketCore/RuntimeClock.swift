/// A reading of a monotonic clock: time since an arbitrary origin, never stepped back or
/// forward with the wall clock. Every interval, timeout and rate limit is measured with it.
public struct MonotonicInstant: Sendable, Hashable, Comparable {
    /// Time since the clock's origin.
    public var sinceOrigin: Duration

    /// Creates a reading `sinceOrigin` after the clock's origin.
    public init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    /// The time from `earlier` to this reading (negative when `earlier` is later).
    public func duration(since earlier: MonotonicInstant) -> Duration {
        sinceOrigin - earlier.sinceOrigin
    }

    /// The reading `duration` later.
    public func advanced(by duration: Duration) -> MonotonicInstant {
        MonotonicInstant(sinceOrigin: sinceOrigin + duration)
    }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
}

/// Where code reads the time and waits: the one clock port.
///
/// Two readings, for two purposes: the wall clock only to show time and to compare with the
/// exchanges' timestamps; the monotonic clock for every interval, timeout and rate limit, so
/// that a wall clock stepped back an hour freezes nothing.
public protocol RuntimeClock: Sendable {
    /// The current wall-clock time.
    func wallNow() -> Timestamp
    /// The current monotonic time.
    func monotonicNow() -> MonotonicInstant
    /// Waits for `duration` of monotonic time; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
