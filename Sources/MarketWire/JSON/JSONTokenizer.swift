/// The kind of a JSON value on the tape.
enum JSONKind: UInt8 {
    case object, array, string, escapedString, number, `true`, `false`, null
}

/// One value on the tape. Strings and numbers point at their bytes in the source (a string's
/// span excludes its quotes); containers point at their brackets. `next` is the index of the
/// token after this value and everything inside it.
struct JSONToken {
    var kind: JSONKind
    var start: Int32
    var end: Int32
    var next: Int32
}

/// A validating JSON tokenizer that writes a flat tape of tokens over the source bytes.
///
/// It allocates nothing per frame once its buffers have grown, rejects anything RFC 8259
/// does not allow (including `NaN`, control characters in strings and trailing text), and
/// limits nesting depth so hostile input cannot exhaust the stack or memory.
struct JSONTokenizer {
    private(set) var tokens: [JSONToken] = []
    private var open: [Int32] = []

    static let maxDepth = 64

    /// Tokenizes `bytes`, replacing the previous tape.
    mutating func tokenize(_ bytes: UnsafeRawBufferPointer) throws(WireError) {
        tokens.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        guard bytes.count < Int(Int32.max) else { throw .frameTooLarge(bytes: bytes.count, limit: Int(Int32.max)) }
        var index = 0
        parsing: while true {
            let (next, openedContainer) = try value(bytes, at: Self.skipSpace(bytes, index))
            index = next
            if openedContainer { continue parsing }
            while let container = open.last {
                index = Self.skipSpace(bytes, index)
                guard index < bytes.count else { throw .invalidJSON(offset: index, reason: "unexpected end") }
                let byte = bytes[index]
                let isObject = tokens[Int(container)].kind == .object
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject { index = try memberKey(bytes, at: index) }
                    continue parsing
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw .invalidJSON(offset: index, reason: "expected ',' or a closing bracket")
                }
                close(at: index)
                index += 1
            }
            break
        }
        index = Self.skipSpace(bytes, index)
        guard index == bytes.count else { throw .invalidJSON(offset: index, reason: "trailing characters") }
    }

    /// Reads one value; for a container, only its opening (and its first key, for an object).
    /// - Returns: where reading goes on, and whether a non-empty container was opened (so its
    ///   first element comes next).
    private mutating func value(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(WireError) -> (Int, Bool) {
        guard start < bytes.count else { throw .invalidJSON(offset: start, reason: "expected a value") }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[start] == UInt8(ascii: "{")
            guard open.count < Self.maxDepth else { throw .invalidJSON(offset: start, reason: "nested too deeply") }
            open.append(Int32(tokens.count))
            tokens.append(JSONToken(kind: isObject ? .object : .array, start: Int32(start), end: 0, next: 0))
            let inner = Self.skipSpace(bytes, start + 1)
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if inner < bytes.count, bytes[inner] == closing {
                close(at: inner)
                return (inner + 1, false)
            }
            return (isObject ? try memberKey(bytes, at: inner) : inner, true)
        case UInt8(ascii: "\""):
            return (try string(bytes, at: start), false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return (try number(bytes, at: start), false)
        case UInt8(ascii: "t"):
            return (try literal(bytes, at: start, "true", .true), false)
        case UInt8(ascii: "f"):
            return (try literal(bytes, at: start, "false", .false), false)
        case UInt8(ascii: "n"):
            return (try literal(bytes, at: start, "null", .null), false)
        default:
            throw .invalidJSON(offset: start, reason: "unexpected character")
        }
    }

    /// Reads `"key" :` and returns the index where the member's value starts.
    private mutating func memberKey(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(WireError) -> Int {
        let keyStart = Self.skipSpace(bytes, start)
        guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\"") else {
            throw .invalidJSON(offset: keyStart, reason: "expected a member name")
        }
        let colon = Self.skipSpace(bytes, try string(bytes, at: keyStart))
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
            throw .invalidJSON(offset: colon, reason: "expected ':'")
        }
        return colon + 1
    }

    private mutating func close(at index: Int) {
        guard let container = open.popLast() else { return }
        tokens[Int(container)].end = Int32(index + 1)
        tokens[Int(container)].next = Int32(tokens.count)
    }

    private mutating func append(_ kind: JSONKind, _ start: Int, _ end: Int) {
        let next = Int32(tokens.count + 1)
        tokens.append(JSONToken(kind: kind, start: Int32(start), end: Int32(end), next: next))
    }

    private mutating func string(_ bytes: UnsafeRawBufferPointer, at quote: Int) throws(WireError) -> Int {
        var index = quote + 1
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                append(escaped ? .escapedString : .string, quote + 1, index)
                return index + 1
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    guard index + 4 < bytes.count,
                          (1...4).allSatisfy({ Self.hexValue(bytes[index + $0]) != nil })
                    else { throw .invalidJSON(offset: index, reason: "bad \\u escape") }
                    index += 5
                default:
                    throw .invalidJSON(offset: index, reason: "bad escape")
                }
                continue
            }
            guard byte >= 0x20 else { throw .invalidJSON(offset: index, reason: "control character in string") }
            index += 1
        }
        throw .invalidJSON(offset: quote, reason: "unterminated string")
    }

    private mutating func number(_ bytes: UnsafeRawBufferPointer, at start: Int) throws(WireError) -> Int {
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad fraction") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad exponent") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        append(.number, start, index)
        return index
    }

    private mutating func literal(_ bytes: UnsafeRawBufferPointer, at start: Int, _ word: StaticString,
                                  _ kind: JSONKind) throws(WireError) -> Int {
        let length = word.utf8CodeUnitCount
        guard start + length <= bytes.count,
              word.withUTF8Buffer({ word in (0..<length).allSatisfy { bytes[start + $0] == word[$0] } })
        else { throw .invalidJSON(offset: start, reason: "bad literal") }
        append(kind, start, start + length)
        return start + length
    }

    private static func skipSpace(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
