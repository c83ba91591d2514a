/// A validating JSON tokenizer that writes a flat tape of tokens over the source bytes.
///
/// It allocates nothing per frame once its tape has grown, rejects anything RFC 8259 does not
/// allow (including `NaN`, control characters in strings and trailing text), and limits
/// nesting depth so hostile input cannot exhaust the stack or memory.
struct JSONTokenizer {
    /// The tape; only the first `count` tokens belong to the last frame.
    private var tape: [JSONToken] = []
    private var count = 0
    /// Tokens of the containers open while tokenizing.
    private var open = [Int32](repeating: 0, count: JSONTokenizer.maxDepth)

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
                var writer = TapeWriter(bytes: bytes, tape: tape, open: open)
                try writer.run()
                return writer.count
            }
        }
    }
}

/// One pass of the tokenizer over one frame, writing through pointers into buffers sized
/// beforehand, so the hot loop does no capacity checks and no reference counting.
private struct TapeWriter {
    let bytes: UnsafeRawBufferPointer
    let grammar: JSONGrammar
    let tape: UnsafeMutableBufferPointer<JSONToken>
    /// The tokens of the containers open.
    let open: UnsafeMutableBufferPointer<Int32>
    private(set) var count = 0
    private var depth = 0

    init(bytes: UnsafeRawBufferPointer, tape: UnsafeMutableBufferPointer<JSONToken>, open: UnsafeMutableBufferPointer<Int32>) {
        self.bytes = bytes
        self.grammar = JSONGrammar(bytes: bytes)
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
            guard depth < JSONTokenizer.maxDepth else { throw .invalidJSON(offset: start, reason: "nested too deeply") }
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
            let (end, escaped) = try stringEnd(at: start)
            append(escaped ? .escapedString : .string, start + 1, end - 1)
            return (end, false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = try numberEnd(at: start)
            append(.number, start, end)
            return (end, false)
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
        let (keyEnd, escaped) = try stringEnd(at: keyStart)
        append(
            JSONToken(
                kind: escaped ? .escapedString : .string,
                fingerprint: JSONToken.fingerprint(bytes, from: keyStart + 1, to: keyEnd - 1),
                start: Int32(keyStart + 1), end: Int32(keyEnd - 1), next: Int32(count + 1)))
        let colon = skipSpace(keyEnd)
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

    private mutating func literal(at start: Int, _ word: StaticString, _ kind: JSONKind) throws(WireError) -> Int {
        let end = try grammar.literalEnd(at: start, word)
        append(kind, start, end)
        return end
    }

    private func skipSpace(_ start: Int) -> Int { grammar.skipSpace(start) }
    private func stringEnd(at quote: Int) throws(WireError) -> (Int, Bool) { try grammar.stringEnd(at: quote) }
    private func numberEnd(at start: Int) throws(WireError) -> Int { try grammar.numberEnd(at: start) }
}

extension JSONTokenizer {
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
