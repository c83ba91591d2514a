/// A point in time, in microseconds since the Unix epoch (UTC).
///
/// Exchanges stamp messages in milliseconds or microseconds, and sometimes as wall-clock
/// text in Korea Standard Time; every form is normalised to this type at the codec.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Microseconds since 1970-01-01T00:00:00Z.
    public var microseconds: Int64

    /// Creates a timestamp from microseconds since the epoch.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a timestamp from milliseconds since the epoch.
    public init(milliseconds: Int64) {
        self.microseconds = milliseconds.multipliedReportingOverflow(by: 1000).overflow ? .max : milliseconds * 1000
    }

    /// Creates a timestamp from an epoch count whose unit is told by its size, as the feeds
    /// mix them: 13 digits are milliseconds, 16 digits microseconds.
    ///
    /// Returns `nil` for negative values and for values that fit neither unit.
    public init?(epochCount value: Int64) {
        switch value {
        case 100_000_000_000..<100_000_000_000_000: self.init(milliseconds: value)
        case 100_000_000_000_000..<100_000_000_000_000_000: self.init(microseconds: value)
        default: return nil
        }
    }

    /// Whether the time lies exactly on a second, as times stamped only to the second do.
    public var isWholeSecond: Bool { microseconds % 1_000_000 == 0 }

    /// Milliseconds since the epoch, rounded down.
    public var milliseconds: Int64 { microseconds.floorDivided(by: 1000) }

    /// The timestamp moved by a number of microseconds.
    public func advanced(byMicroseconds delta: Int64) -> Timestamp {
        Timestamp(microseconds: microseconds &+ delta)
    }

    /// Whether this time is surely before `other`, given that either may be stamped only to the
    /// second (a whole second stands for any time within it): compared by whole seconds then,
    /// else exactly.
    public func isSurelyBefore(_ other: Timestamp) -> Bool {
        guard isWholeSecond || other.isWholeSecond else { return self < other }
        return microseconds.floorDivided(by: 1_000_000) < other.microseconds.floorDivided(by: 1_000_000)
    }

    /// Microseconds from `earlier` to this time, saturating at the ends of `Int64`.
    public func microseconds(since earlier: Timestamp) -> Int64 {
        let (difference, overflow) = microseconds.subtractingReportingOverflow(earlier.microseconds)
        guard overflow else { return difference }
        return microseconds < earlier.microseconds ? .min : .max
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }
}

extension Timestamp {
    /// The latest time not after this one whose distance from `phase` µs past the epoch is a
    /// whole number of `step` µs: the start of the `step`-long bucket holding this time.
    public func floored(toMultipleOf step: Int64, phase: Int64 = 0) -> Timestamp {
        guard step > 0 else { return self }
        return Timestamp(microseconds: (microseconds - phase).floorDivided(by: step) * step + phase)
    }
}

extension Int64 {
    /// Division rounding towards negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
