extension CivilTime {
    /// Parses the compact forms `yyyyMMdd` and `HHmmss` (the legacy ticker's `date`/`time`).
    public init?(compactDate date: some StringProtocol, compactTime time: some StringProtocol) {
        var (date, time) = (String(date), String(time))
        let parsed = date.withUTF8 { date in
            time.withUTF8 { time in Self.parseCompact(UnsafeRawBufferPointer(date), UnsafeRawBufferPointer(time)) }
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses the compact forms of ``init(compactDate:compactTime:)`` from UTF-8 bytes without
    /// allocating.
    public init?(compactDate date: UnsafeRawBufferPointer, compactTime time: UnsafeRawBufferPointer) {
        guard let parsed = Self.parseCompact(date, time) else { return nil }
        self = parsed
    }

    /// Parses `yyyy-MM-dd[ T]H:mm[:ss[.ffffff]]`, the form of trade and candle times
    /// (`2021-08-13 15:23:42.911273`, `2026-07-02T08:59:00`, `2024-08-08 7:14:33`).
    /// Hours may lack their leading zero; fractions beyond microseconds are truncated.
    public init?(text: some StringProtocol) {
        var text = String(text)
        guard let parsed = text.withUTF8({ CivilTime(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// Parses a day, `yyyy-MM-dd` (a delisting date), or any form of ``init(text:)`` (its time
    /// kept).
    public init?(dayText text: some StringProtocol) {
        var text = String(text)
        let parsed = text.withUTF8 { bytes -> CivilTime? in
            let raw = UnsafeRawBufferPointer(bytes)
            if let full = Self.parseText(raw) { return full }
            var scanner = DigitScanner(raw)
            guard let year = scanner.number(digits: 4...4), scanner.skip("-"),
                let month = scanner.number(digits: 1...2), scanner.skip("-"),
                let day = scanner.number(digits: 1...2), scanner.isAtEnd
            else { return nil }
            return CivilTime(year: year, month: month, day: day)
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses the text of ``init(text:)`` from UTF-8 bytes without allocating.
    public init?(utf8 text: UnsafeRawBufferPointer) {
        guard let parsed = Self.parseText(text) else { return nil }
        self = parsed
    }

    private static func parseCompact(_ date: UnsafeRawBufferPointer, _ time: UnsafeRawBufferPointer) -> CivilTime? {
        var dateDigits = DigitScanner(date)
        var timeDigits = DigitScanner(time)
        guard let day = dateDigits.number(digits: 8...8), dateDigits.isAtEnd,
            let clock = timeDigits.number(digits: 6...6), timeDigits.isAtEnd
        else { return nil }
        return CivilTime(
            year: day / 10_000, month: day / 100 % 100, day: day % 100,
            hour: clock / 10_000, minute: clock / 100 % 100, second: clock % 100)
    }

    private static func parseText(_ text: UnsafeRawBufferPointer) -> CivilTime? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(digits: 4...4), scanner.skip("-"),
            let month = scanner.number(digits: 1...2), scanner.skip("-"),
            let day = scanner.number(digits: 1...2), scanner.skip(" ") || scanner.skip("T"),
            let hour = scanner.number(digits: 1...2), scanner.skip(":"),
            let minute = scanner.number(digits: 1...2)
        else { return nil }
        var second = 0
        var microsecond = 0
        if scanner.skip(":") {
            guard let value = scanner.number(digits: 1...2) else { return nil }
            second = value
            if scanner.skip(".") {
                guard let fraction = scanner.fraction(keeping: 6) else { return nil }
                microsecond = fraction
            }
        }
        guard scanner.isAtEnd else { return nil }
        return CivilTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            microsecond: microsecond)
    }
}

/// Reads runs of ASCII digits and single separators from UTF-8 bytes.
private struct DigitScanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// A run of digits whose length is in `digits`, as a number.
    mutating func number(digits: ClosedRange<Int>) -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, index - start < digits.upperBound, let digit = Self.digit(bytes[index]) {
            value = value * 10 + digit
            index += 1
        }
        return digits.contains(index - start) ? value : nil
    }

    /// A run of fraction digits scaled to `keeping` places; further digits are truncated.
    mutating func fraction(keeping places: Int) -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
            if index - start < places { value = value * 10 + digit }
            index += 1
        }
        guard index > start else { return nil }
        for _ in (index - start)..<max(places, index - start) { value *= 10 }
        return value
    }

    /// Consumes `separator` when it comes next.
    mutating func skip(_ separator: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: separator) else { return false }
        index += 1
        return true
    }

    private static func digit(_ byte: UInt8) -> Int? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? Int(value) : nil
    }
}

extension Timestamp {
    /// Reads what ``iso8601`` writes: `yyyy-MM-ddTHH:mm:ss[.fff…]Z` (UTC).
    public init?(iso8601 text: String) {
        guard text.hasSuffix("Z"), let civil = CivilTime(text: text.dropLast()) else { return nil }
        self.init(civil, in: .utc)
    }
}
