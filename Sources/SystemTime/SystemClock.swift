public import MarketCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's clocks: `CLOCK_REALTIME` for the wall, Swift's `ContinuousClock` (monotonic,
/// counting through sleep) for intervals and waits.
public struct SystemClock: RuntimeClock {
    /// The monotonic origin: the first reading taken in this process.
    private static let origin = ContinuousClock.now

    /// Creates the system clock.
    public init() {}

    /// The current wall-clock time, for callers that hold no clock.
    public static func wallNow() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000)
    }

    public func wallNow() -> Timestamp { Self.wallNow() }

    public func monotonicNow() -> MonotonicInstant {
        MonotonicInstant(sinceOrigin: Self.origin.duration(to: .now))
    }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
