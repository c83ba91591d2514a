/// A calendar date and wall-clock time with no time zone attached.
public struct CivilTime: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var microsecond: Int

    /// Creates a civil time; returns `nil` when any field is outside its calendar range.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, microsecond: Int = 0) {
        guard (1970...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0...999_999).contains(microsecond)
        else { return nil }
        self.init(checked: (year, month, day), hour: hour, minute: minute, second: second, microsecond: microsecond)
    }

    private init(checked date: (Int, Int, Int), hour: Int, minute: Int, second: Int, microsecond: Int) {
        (year, month, day) = date
        (self.hour, self.minute, self.second, self.microsecond) = (hour, minute, second, microsecond)
    }

    /// The civil time `microseconds` after 1970-01-01T00:00 on the same clock.
    init(microsecondsSinceEpoch local: Int64) {
        let days = local.floorDivided(by: 86_400_000_000)
        let inDay = local - days * 86_400_000_000
        let seconds = Int(inDay / 1_000_000)
        self.init(
            checked: Self.date(daysSinceEpoch: days), hour: seconds / 3600, minute: seconds / 60 % 60,
            second: seconds % 60, microsecond: Int(inDay % 1_000_000))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to this date (Howard Hinnant's `days_from_civil`).
    var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    static func date(daysSinceEpoch days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

/// The fixed offsets the exchanges use for wall-clock text.
public enum WallClock: Sendable, Hashable {
    /// Coordinated Universal Time.
    case utc
    /// Korea Standard Time, UTC+9 with no daylight saving.
    case kst

    /// Offset from UTC in microseconds.
    public var offsetMicroseconds: Int64 {
        switch self {
        case .utc: 0
        case .kst: 9 * 3_600_000_000
        }
    }
}

extension Timestamp {
    /// The instant a wall-clock time denotes in the given zone.
    public init(_ civil: CivilTime, in clock: WallClock) {
        let seconds = civil.daysSinceEpoch * 86_400 + Int64(civil.hour * 3600 + civil.minute * 60 + civil.second)
        self.init(microseconds: seconds * 1_000_000 + Int64(civil.microsecond) - clock.offsetMicroseconds)
    }

    /// The wall-clock time of this instant in the given zone.
    public func civilTime(in clock: WallClock) -> CivilTime {
        CivilTime(microsecondsSinceEpoch: microseconds &+ clock.offsetMicroseconds)
    }

    /// ISO-8601 in UTC with millisecond precision, e.g. `2026-09-23T03:18:33.739Z`.
    public var iso8601: String {
        let civil = civilTime(in: .utc)
        return civil.dateText() + "T" + civil.timeText() + "." + CivilTime.zeroPadded(civil.microsecond / 1000, width: 3) + "Z"
    }

    /// ISO-8601 in UTC with microsecond precision, every digit the timestamp holds, e.g.
    /// `2026-09-23T03:18:33.739214Z`: what a file keeps to read back the same instant.
    public var exactISO8601: String {
        let civil = civilTime(in: .utc)
        return civil.dateText() + "T" + civil.timeText() + "." + CivilTime.zeroPadded(civil.microsecond, width: 6) + "Z"
    }
}

extension CivilTime {
    /// The date as `yyyy-MM-dd`, or with another separator (`""` gives `yyyyMMdd`).
    public func dateText(separator: String = "-") -> String {
        Self.zeroPadded(year, width: 4) + separator + Self.zeroPadded(month, width: 2) + separator + Self.zeroPadded(day, width: 2)
    }

    /// The time as `HH:mm:ss`, or with another separator (`""` gives `HHmmss`).
    public func timeText(separator: String = ":") -> String {
        Self.zeroPadded(hour, width: 2) + separator + Self.zeroPadded(minute, width: 2) + separator + Self.zeroPadded(second, width: 2)
    }

    /// The microseconds as six digits.
    public var microsecondText: String { Self.zeroPadded(microsecond, width: 6) }

    static func zeroPadded(_ value: Int, width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
