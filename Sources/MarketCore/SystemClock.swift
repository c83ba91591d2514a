#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's wall clock.
public enum SystemClock {
    /// The current time.
    @Sendable public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000)
    }
}
