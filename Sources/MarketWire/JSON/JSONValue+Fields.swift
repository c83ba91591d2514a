import MarketCore

/// Typed reads of object members that name the field in every error.
extension JSONValue {
    /// A required decimal, written as a JSON number or a numeric string.
    func decimal(_ key: StaticString) throws(WireError) -> ExactDecimal {
        guard let value = self[key], value.kind != .null else { throw .missingField("\(key)") }
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
        guard value.kind == .number || value.kind == .string, let number = Self.parseUnsigned(value.span) else {
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
        guard let value = self[key], value.kind != .null else { return nil }
        guard let text = value.stringValue else { throw .invalidField("\(key)", reason: "expected a date") }
        if text.isEmpty { return nil }
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

    /// This value as a decimal: a JSON number or a string holding one.
    func asDecimal(field: StaticString) throws(WireError) -> ExactDecimal {
        guard kind == .number || kind == .string, let value = ExactDecimal(utf8: span) else {
            throw .invalidField("\(field)", reason: "expected a decimal number")
        }
        return value
    }

    /// This value as a signed integer: a JSON number or a string of digits.
    func asInt64(field: StaticString) throws(WireError) -> Int64 {
        guard kind == .number || kind == .string, let magnitude = Self.parseUnsigned(span, allowingMinus: true),
            magnitude.value <= UInt64(Int64.max)
        else { throw .invalidField("\(field)", reason: "expected an integer") }
        return magnitude.negative ? -Int64(magnitude.value) : Int64(magnitude.value)
    }

    private static func parseUnsigned(_ text: UnsafeRawBufferPointer) -> UInt64? {
        guard let parsed = parseUnsigned(text, allowingMinus: false) else { return nil }
        return parsed.value
    }

    private static func parseUnsigned(
        _ text: UnsafeRawBufferPointer,
        allowingMinus: Bool
    ) -> (value: UInt64, negative: Bool)? {
        var index = 0
        var negative = false
        if allowingMinus, text.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        guard index < text.count, text.count - index <= 20 else { return nil }
        var value: UInt64 = 0
        while index < text.count {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return (value, negative)
    }
}
