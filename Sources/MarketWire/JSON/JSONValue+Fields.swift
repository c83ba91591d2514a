import MarketCore

/// Typed reads of object members that name the field in every error, for an object on the
/// tape or one the cursor collected.
extension JSONObjectReading {
    /// A required decimal, written as a JSON number or a numeric string.
    func decimal(_ key: StaticString) throws(WireError) -> ExactDecimal {
        try decimal(key, at: field(key))
    }

    /// ``decimal(_:)`` of `key`, found at `field` (``JSONObjectReading/field(_:)``).
    @inline(__always)
    func decimal(_ key: StaticString, at field: Field) throws(WireError) -> ExactDecimal {
        guard let value = self[field: field], value.kind != .null else { throw .missingField("\(key)") }
        return try value.asDecimal(field: key)
    }

    /// A decimal that may be absent or null.
    func optionalDecimal(_ key: StaticString) throws(WireError) -> ExactDecimal? {
        guard let value = self[key], value.kind != .null else { return nil }
        return try value.asDecimal(field: key)
    }

    /// A required price (``WireRule/positivePrice``).
    func price(_ key: StaticString) throws(WireError) -> ExactDecimal {
        try WireRule.price(try decimal(key), field: key)
    }

    /// A price that may be absent or null (``WireRule/positivePrice`` when present).
    func optionalPrice(_ key: StaticString) throws(WireError) -> ExactDecimal? {
        guard let value = try optionalDecimal(key) else { return nil }
        return try WireRule.price(value, field: key)
    }

    /// A required size, volume or traded value (``WireRule/nonNegativeAmount``).
    func amount(_ key: StaticString) throws(WireError) -> ExactDecimal {
        try WireRule.amount(try decimal(key), field: key)
    }

    /// An amount that may be absent or null (``WireRule/nonNegativeAmount`` when present).
    func optionalAmount(_ key: StaticString) throws(WireError) -> ExactDecimal? {
        guard let value = try optionalDecimal(key) else { return nil }
        return try WireRule.amount(value, field: key)
    }

    /// A required trade size (``WireRule/positiveTradeSize``).
    func tradeSize(_ key: StaticString) throws(WireError) -> ExactDecimal {
        try WireRule.tradeSize(try decimal(key), field: key)
    }

    /// A required string.
    func string(_ key: StaticString) throws(WireError) -> String {
        guard let value = self[key], value.kind != .null else { throw .missingField("\(key)") }
        guard let text = value.stringValue else { throw .invalidField("\(key)", reason: "expected a string") }
        return text
    }

    /// A string that may be absent, null or empty.
    func optionalString(_ key: StaticString) -> String? {
        guard let text = self[key]?.stringValue, !text.isEmpty else { return nil }
        return text
    }

    /// A required integer, written as a JSON number or a string of digits.
    func int64(_ key: StaticString) throws(WireError) -> Int64 {
        guard let value = self[key], value.kind != .null else { throw .missingField("\(key)") }
        return try value.asInt64(field: key)
    }

    /// An unsigned integer that may be absent or null (ids above 2⁵³ are read exactly, never
    /// through `Double`).
    func optionalUInt64(_ key: StaticString) throws(WireError) -> UInt64? {
        guard let value = self[key], value.kind != .null else { return nil }
        guard value.kind == .number || value.kind == .string, let number = JSONText.unsigned(value.span) else {
            throw .invalidField("\(key)", reason: "expected an unsigned integer")
        }
        return number
    }

    /// A required epoch time in ms or µs (told apart by magnitude), as a number or a string,
    /// within ``WireRule/timeWindow``.
    func epochTime(_ key: StaticString) throws(WireError) -> Timestamp {
        let count = try int64(key)
        guard let time = Timestamp(epochCount: count) else { throw .invalidValue("\(key)", value: String(count)) }
        return try WireRule.time(time, field: key)
    }

    /// A required wall-clock time (the forms of ``CivilTime/init(text:)``) on `clock`, within
    /// ``WireRule/timeWindow``; a plain string is read from its bytes.
    func wallTime(_ key: StaticString, _ clock: WallClock) throws(WireError) -> Timestamp {
        guard let value = self[key], value.kind == .string, let civil = CivilTime(utf8: value.span) else {
            return try WireTime.parse(try string(key), clock, field: key)
        }
        return try WireRule.time(Timestamp(civil, in: clock), field: key)
    }

    /// A required time written as compact `yyyyMMdd` and `HHmmss` text in two members (the
    /// legacy ticker's `date` and `time`) on `clock`, within ``WireRule/timeWindow``; plain
    /// strings are read from their bytes.
    func compactTime(date dateKey: StaticString, time timeKey: StaticString, _ clock: WallClock) throws(WireError) -> Timestamp {
        guard let date = self[dateKey], date.kind == .string, let time = self[timeKey], time.kind == .string,
            let civil = CivilTime(compactDate: date.span, compactTime: time.span)
        else {
            return try WireTime.parse(compactDate: try string(dateKey), time: try string(timeKey), clock, field: timeKey)
        }
        return try WireRule.time(Timestamp(civil, in: clock), field: timeKey)
    }

    /// A boolean that may be absent or null.
    func optionalBool(_ key: StaticString) throws(WireError) -> Bool? {
        guard let value = self[key], value.kind != .null else { return nil }
        switch value.kind {
        case .true: return true
        case .false: return false
        default: throw .invalidField("\(key)", reason: "expected true or false")
        }
    }

    /// A day (`yyyy-MM-dd`, or a wall-clock time of it) that may be absent, null or empty
    /// (Bithumb sends `""`, Upbit `null`), within ``WireRule/timeWindow`` on `clock`.
    func optionalDay(_ key: StaticString, _ clock: WallClock) throws(WireError) -> CivilTime? {
        guard let value = self[key], value.kind != .null, value.kind != .string || !value.span.isEmpty else { return nil }
        guard let text = value.stringValue else { throw .invalidField("\(key)", reason: "expected a date") }
        guard let day = CivilTime(dayText: text) else { throw .invalidValue("\(key)", value: text) }
        _ = try WireRule.time(Timestamp(day, in: clock), field: key)
        return day
    }

    /// A required market code in `QUOTE-BASE` form.
    func marketCode(_ key: StaticString) throws(WireError) -> MarketCode {
        try marketCode(key, form: .quoteFirst)
    }

    /// A required market code in legacy `BASE_QUOTE` form.
    func legacySymbol(_ key: StaticString) throws(WireError) -> MarketCode {
        try marketCode(key, form: .legacy)
    }

    private func marketCode(_ key: StaticString, form: MarketCode.Form) throws(WireError) -> MarketCode {
        guard let value = self[key], value.kind != .null else { throw .missingField("\(key)") }
        guard value.kind == .string, let code = MarketCode(utf8: value.span, form: form) else {
            throw .invalidValue("\(key)", value: value.stringValue ?? String(decoding: value.span, as: UTF8.self))
        }
        return code
    }
}
