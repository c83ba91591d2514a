@testable import MarketWire

/// The tokenizer as it was before digits were read eight at a time (commit 79fbc29), kept
/// verbatim as the reference the differential tests hold the shipped one to.
struct PreviousJSONTokenizer {
    /// The tape; only the first `count` tokens belong to the last frame.
    private var tape: [JSONToken] = []
    private var count = 0
    /// Tokens of the containers open while tokenizing.
    private var open = [Int32](repeating: 0, count: PreviousJSONTokenizer.maxDepth)

    static let maxDepth = 64

    /// Tokenizes `bytes` and hands the root value to `body`.
    mutating func parse<Result>(
        _ bytes: UnsafeRawBufferPointer,
        _ body: (JSONValue) throws(WireError) -> Result
    ) throws(WireError) -> Result {
        try tokenize(bytes)
        let count = count
        return try tape.withUnsafeMutableBufferPointer { (tape) throws(WireError) -> Result in
            try body(JSONValue(bytes: bytes, tokens: UnsafeMutableBufferPointer(rebasing: tape[..<count]), index: 0))
        }
    }

    /// Tokenizes `bytes`, replacing the previous tape.
    mutating func tokenize(_ bytes: UnsafeRawBufferPointer) throws(WireError) {
        guard bytes.count < Int(Int32.max) else { throw .frameTooLarge(bytes: bytes.count, limit: Int(Int32.max)) }
        // A scalar or a closed container takes at least two bytes (itself and the separator or
        // bracket after it; the root none after), and a container still open when the frame ends
        // or turns invalid takes one (`[[[[`), of which there are at most `maxDepth`: a frame of
        // n bytes makes at most n / 2 + 1 + maxDepth tokens.
        let capacity = bytes.count / 2 + 1 + Self.maxDepth
        if tape.count < capacity {
            tape = [JSONToken](repeating: JSONToken(kind: .null, start: 0, end: 0, next: 0), count: capacity)
        }
        count = 0
        count = try tape.withUnsafeMutableBufferPointer { (tape) throws(WireError) -> Int in
            try open.withUnsafeMutableBufferPointer { (open) throws(WireError) -> Int in
                var writer = PreviousTapeWriter(bytes: bytes, tape: tape, open: open)
                try writer.run()
                return writer.count
            }
        }
    }
}

/// One pass of the tokenizer over one frame, writing through pointers into buffers sized
/// beforehand, so the hot loop does no capacity checks and no reference counting.
private struct PreviousTapeWriter {
    let bytes: UnsafeRawBufferPointer
    let tape: UnsafeMutableBufferPointer<JSONToken>
    let open: UnsafeMutableBufferPointer<Int32>
    private(set) var count = 0
    private var depth = 0

    init(bytes: UnsafeRawBufferPointer, tape: UnsafeMutableBufferPointer<JSONToken>, open: UnsafeMutableBufferPointer<Int32>) {
        self.bytes = bytes
        self.tape = tape
        self.open = open
    }

    mutating func run() throws(WireError) {
        var index = 0
        parsing: while true {
            let (next, openedContainer) = try value(at: skipSpace(index))
            index = next
            if openedContainer { continue parsing }
            while depth > 0 {
                let container = Int(open[depth - 1])
                index = skipSpace(index)
                guard index < bytes.count else { throw .invalidJSON(offset: index, reason: "unexpected end") }
                let byte = bytes[index]
                let isObject = tape[container].kind == .object
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject { index = try memberKey(at: index) }
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
        index = skipSpace(index)
        guard index == bytes.count else { throw .invalidJSON(offset: index, reason: "trailing characters") }
    }

    /// Reads one value; for a container, only its opening (and its first key, for an object).
    /// - Returns: where reading goes on, and whether a non-empty container was opened (so its
    ///   first element comes next).
    private mutating func value(at start: Int) throws(WireError) -> (Int, Bool) {
        guard start < bytes.count else { throw .invalidJSON(offset: start, reason: "expected a value") }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[start] == UInt8(ascii: "{")
            guard depth < PreviousJSONTokenizer.maxDepth else { throw .invalidJSON(offset: start, reason: "nested too deeply") }
            open[depth] = Int32(count)
            depth += 1
            append(JSONToken(kind: isObject ? .object : .array, start: Int32(start), end: 0, next: 0))
            let inner = skipSpace(start + 1)
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if inner < bytes.count, bytes[inner] == closing {
                close(at: inner)
                return (inner + 1, false)
            }
            return (isObject ? try memberKey(at: inner) : inner, true)
        case UInt8(ascii: "\""):
            return (try string(at: start), false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return (try number(at: start), false)
        case UInt8(ascii: "t"):
            return (try literal(at: start, "true", .true), false)
        case UInt8(ascii: "f"):
            return (try literal(at: start, "false", .false), false)
        case UInt8(ascii: "n"):
            return (try literal(at: start, "null", .null), false)
        default:
            throw .invalidJSON(offset: start, reason: "unexpected character")
        }
    }

    /// Reads `"key" :` and returns the index where the member's value starts.
    private mutating func memberKey(at start: Int) throws(WireError) -> Int {
        let keyStart = skipSpace(start)
        guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\"") else {
            throw .invalidJSON(offset: keyStart, reason: "expected a member name")
        }
        let colon = skipSpace(try string(at: keyStart))
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
            throw .invalidJSON(offset: colon, reason: "expected ':'")
        }
        return colon + 1
    }

    private mutating func close(at index: Int) {
        depth -= 1
        let container = Int(open[depth])
        tape[container].end = Int32(index + 1)
        tape[container].next = Int32(count)
    }

    private mutating func append(_ token: JSONToken) {
        tape[count] = token
        count &+= 1
    }

    private mutating func append(_ kind: JSONKind, _ start: Int, _ end: Int) {
        append(JSONToken(kind: kind, start: Int32(start), end: Int32(end), next: Int32(count + 1)))
    }

    private mutating func string(at quote: Int) throws(WireError) -> Int {
        var index = quote + 1
        var escaped = false
        while index < bytes.count {
            index = skipPlainStringBytes(from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                append(
                    JSONToken(
                        kind: escaped ? .escapedString : .string,
                        fingerprint: JSONToken.fingerprint(bytes, from: quote + 1, to: index),
                        start: Int32(quote + 1), end: Int32(index), next: Int32(count + 1)))
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
                        (1...4).allSatisfy({ JSONTokenizer.hexValue(bytes[index + $0]) != nil })
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

    /// Skips, eight bytes at a time, string content that needs no attention: no quote, no
    /// backslash, no control character. Returns the first byte that may need it (or where the
    /// last whole word ends).
    private func skipPlainStringBytes(from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let belowSpace = (word &- ones &* 0x20) & ~word
            let flagged = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | belowSpace) & highBits
            guard flagged == 0 else { return index &+ flagged.trailingZeroBitCount / 8 }
            index &+= 8
        }
        return index
    }

    private mutating func number(at start: Int) throws(WireError) -> Int {
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        append(.number, start, index)
        return index
    }

    private mutating func literal(at start: Int, _ word: StaticString, _ kind: JSONKind) throws(WireError) -> Int {
        let length = word.utf8CodeUnitCount
        guard start + length <= bytes.count,
            word.withUTF8Buffer({ word in (0..<length).allSatisfy { bytes[start + $0] == word[$0] } })
        else { throw .invalidJSON(offset: start, reason: "bad literal") }
        append(kind, start, start + length)
        return start + length
    }

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
