import MarketCore

/// The exchanges' wall-clock text forms.
enum WireTime {
    /// `yyyyMMdd`.
    static func compactDate(_ time: Timestamp, _ clock: WallClock) -> String {
        time.civilTime(in: clock).dateText(separator: "")
    }

    /// `HHmmss`.
    static func compactTime(_ time: Timestamp, _ clock: WallClock) -> String {
        time.civilTime(in: clock).timeText(separator: "")
    }

    /// `yyyy-MM-dd`.
    static func dashedDate(_ time: Timestamp, _ clock: WallClock) -> String {
        time.civilTime(in: clock).dateText()
    }

    /// `HH:mm:ss`.
    static func colonTime(_ time: Timestamp, _ clock: WallClock) -> String {
        time.civilTime(in: clock).timeText()
    }

    /// `yyyy-MM-ddTHH:mm:ss`.
    static func localISO(_ time: Timestamp, _ clock: WallClock) -> String {
        let civil = time.civilTime(in: clock)
        return civil.dateText() + "T" + civil.timeText()
    }

    /// `yyyy-MM-dd HH:mm:ss`, with `.ffffff` when `microseconds` is set.
    static func spaced(_ time: Timestamp, _ clock: WallClock, microseconds: Bool) -> String {
        let civil = time.civilTime(in: clock)
        let text = civil.dateText() + " " + civil.timeText()
        return microseconds ? text + "." + civil.microsecondText : text
    }

    /// Parses wall-clock text (see ``CivilTime/init(text:)``) on `clock`, within ``WireRule/timeWindow``.
    static func parse(_ text: String, _ clock: WallClock, field: StaticString) throws(WireError) -> Timestamp {
        guard let civil = CivilTime(text: text) else { throw .invalidValue("\(field)", value: text) }
        return try WireRule.time(Timestamp(civil, in: clock), field: field)
    }

    /// Parses compact `yyyyMMdd` and `HHmmss` text on `clock`, within ``WireRule/timeWindow``.
    static func parse(
        compactDate date: String, time: String, _ clock: WallClock,
        field: StaticString
    ) throws(WireError) -> Timestamp {
        guard let civil = CivilTime(compactDate: date, compactTime: time) else {
            throw .invalidValue("\(field)", value: date + " " + time)
        }
        return try WireRule.time(Timestamp(civil, in: clock), field: field)
    }
}
