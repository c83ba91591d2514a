import MarketCore

/// Builds compact JSON text into a byte array, for the encoders the demo exchange uses.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name; the next value written is its value.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes a member with a string value.
    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes a member with a bare-number decimal value.
    mutating func field(_ name: StaticString, _ value: ExactDecimal) {
        key(name)
        number(value)
    }

    /// Writes a member with an integer value.
    mutating func field(_ name: StaticString, _ value: some BinaryInteger) {
        key(name)
        number(value)
    }

    /// Writes a member with a boolean value.
    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes a member whose decimal value is quoted, as the legacy dialect writes numbers.
    mutating func quotedField(_ name: StaticString, _ value: ExactDecimal) {
        key(name)
        quoted(value)
    }

    /// Writes a member name given at run time (e.g. a coin symbol as a key).
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A decimal as a bare JSON number (2.0 dialects).
    mutating func number(_ value: ExactDecimal) {
        raw(value.description)
    }

    /// A decimal as a JSON string (the legacy dialect quotes every number).
    mutating func quoted(_ value: ExactDecimal) {
        string(value.description)
    }

    mutating func number(_ value: some BinaryInteger) {
        raw(String(value))
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func null() {
        raw("null")
    }

    private mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
