import MarketCore

/// One JSON value as the message decoders read it. A value on the tape (``JSONValue``) is one;
/// a member the cursor collected in its forward pass (``JSONField``) is another.
protocol JSONMemberReading {
    /// What the value is.
    var kind: JSONKind { get }
    /// The raw bytes of a string's content (escapes left as written) or a number's text.
    var span: UnsafeRawBufferPointer { get }
    /// The value as a decimal, when it is a JSON number or a string holding one.
    var decimalValue: ExactDecimal? { get }
}

/// An object as the message decoders read it: its members by name.
protocol JSONObjectReading {
    associatedtype Member: JSONMemberReading
    /// Where a member is found: its name, or where a collected object keeps it.
    associatedtype Field = StaticString
    /// A member by name, or `nil` when absent.
    subscript(key: StaticString) -> Member? { get }
    /// Where `key`'s member is found in this object and in every object collected with it (the
    /// objects of one array), so that a decoder reading many finds each name once.
    func field(_ key: StaticString) -> Field
    /// The member at `field`, or `nil` when absent.
    subscript(field field: Field) -> Member? { get }
}

extension JSONObjectReading where Field == StaticString {
    func field(_ key: StaticString) -> StaticString { key }

    subscript(field field: StaticString) -> Member? { self[field] }
}

extension JSONMemberReading {
    /// The text of a string, with escapes decoded (invalid UTF-8 and lone surrogates become
    /// U+FFFD); `nil` for anything else.
    var stringValue: String? {
        switch kind {
        case .string: String(decoding: span, as: UTF8.self)
        case .escapedString: JSONValue.unescape(span)
        default: nil
        }
    }

    /// Whether this is a string whose content is exactly `text` (no escapes considered).
    func isString(_ text: StaticString) -> Bool {
        guard kind == .string else { return false }
        let content = span
        return text.withUTF8Buffer { JSONText.sameBytes(content, $0) }
    }

    /// This value as a decimal: a JSON number or a string holding one.
    func asDecimal(field: StaticString) throws(WireError) -> ExactDecimal {
        guard let value = decimalValue else { throw .invalidField("\(field)", reason: "expected a decimal number") }
        return value
    }

    /// This value as a signed integer: a JSON number or a string of digits.
    func asInt64(field: StaticString) throws(WireError) -> Int64 {
        guard kind == .number || kind == .string, let magnitude = JSONText.unsigned(span, allowingMinus: true),
            magnitude.value <= UInt64(Int64.max)
        else { throw .invalidField("\(field)", reason: "expected an integer") }
        return magnitude.negative ? -Int64(magnitude.value) : Int64(magnitude.value)
    }
}

/// Reading the bytes of a member name, a string or a number's text.
enum JSONText {
    /// Whether the two hold the same bytes, compared a word at a time (the last word of a
    /// name longer than eight bytes overlaps the one before it).
    static func sameBytes(_ content: UnsafeRawBufferPointer, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = expected.count
        guard content.count == count else { return false }
        let expected = UnsafeRawBufferPointer(expected)
        func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
            bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        guard count >= 8 else { return (0..<count).allSatisfy { content[$0] == expected[$0] } }
        var offset = 0
        while offset &+ 8 < count {
            guard word(content, offset) == word(expected, offset) else { return false }
            offset &+= 8
        }
        return word(content, count &- 8) == word(expected, count &- 8)
    }

    /// Digits (after a minus when `allowingMinus`) as an unsigned integer, or `nil` for anything
    /// else and for values above `UInt64.max`. Eight digits are read at a time; only a twentieth
    /// can overflow.
    static func unsigned(_ text: UnsafeRawBufferPointer, allowingMinus: Bool) -> (value: UInt64, negative: Bool)? {
        var index = 0
        var negative = false
        if allowingMinus, text.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        let digits = text.count - index
        guard digits > 0, digits <= 20 else { return nil }
        let unchecked = index + min(digits, 19)
        var value: UInt64 = 0
        while index + 8 <= unchecked {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            guard word.leadingASCIIDigitCount == 8 else { return nil }
            value = value &* 100_000_000 &+ word.leadingDigitsValue(8)
            index += 8
        }
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if index < unchecked {
                value = value &* 10 &+ UInt64(digit)
            } else {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
            }
            index += 1
        }
        return (value, negative)
    }

    /// Digits as an unsigned integer, or `nil` for anything else and for values above `UInt64.max`.
    static func unsigned(_ text: UnsafeRawBufferPointer) -> UInt64? {
        unsigned(text, allowingMinus: false)?.value
    }
}
