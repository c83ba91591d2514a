import MarketCore

/// One forward pass over a frame that validates it as the tokenizer would and collects the
/// members a decoder wants into slots (``JSONFields``), with no tape; a plain number's value is
/// read as its digits are passed. It gives up (`false` or `nil`) on anything it does not read — a
/// frame the tokenizer would refuse, nesting deeper than ``maxDepth`` — and the frame is then
/// read from the tape, which says what is wrong.
struct JSONCursor {
    private let grammar: JSONGrammar
    private var index = 0

    /// The deepest nesting read; deeper frames go to the tape (which allows 64).
    static let maxDepth = 16

    init(_ bytes: UnsafeRawBufferPointer) {
        grammar = JSONGrammar(bytes: bytes)
    }

    private var bytes: UnsafeRawBufferPointer { grammar.bytes }

    /// Where the cursor is: the index of the next byte it reads.
    var offset: Int { index }

    /// Moves the cursor forward to `offset`, past bytes the caller knows to be a valid value.
    mutating func skip(to offset: Int) {
        assert(offset >= index && offset <= bytes.count, "the cursor only moves forward within the frame")
        index = offset
    }

    /// Whether only whitespace is left.
    func atEnd() -> Bool {
        grammar.skipSpace(index) == bytes.count
    }

    /// Whether the next byte after whitespace is `byte`, which is then consumed.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        if index < bytes.count, bytes[index] == byte {
            index &+= 1
            return true
        }
        index = grammar.skipSpace(index)
        guard index < bytes.count, bytes[index] == byte else { return false }
        index &+= 1
        return true
    }

    /// Whether the next byte after whitespace is `byte` (not consumed).
    @inline(__always)
    mutating func peek(_ byte: UInt8) -> Bool {
        if index < bytes.count, bytes[index] == byte { return true }
        index = grammar.skipSpace(index)
        return index < bytes.count && bytes[index] == byte
    }

    /// Reads an object's members into `slots[first...]` (one per entry of `table`, all absent),
    /// from its `{` to its `}`: a wanted member's value is recorded, any other validated and
    /// skipped. Each name is first compared with the one `order` expects, which learns the order
    /// the names come in. The array or object value of the member at `containerKey` is handed
    /// to `readContainer` at its `[` or `{`, with the slot of the member at `contextKey` (absent
    /// unless it came first), and read by it through its closing bracket. Gives up on a wanted member that comes twice.
    /// Members written compactly in the expected order are read in place
    /// (``compactMembers(_:into:at:depth:order:previous:containerKey:contextKey:readContainer:)``);
    /// any other is read here, and the one after it is tried in place again.
    mutating func object(
        _ table: JSONKeyLookup, into slots: inout [JSONSlot], at first: Int, depth: Int, order: inout JSONMemberOrder,
        containerKey: Int? = nil, contextKey: Int = 0,
        readContainer: (inout JSONCursor, Int, JSONSlot) -> Bool = { _, _, _ in false }
    ) -> Bool {
        guard depth < Self.maxDepth, peek(UInt8(ascii: "{")) else { return false }
        var previous = JSONMemberOrder.opening
        while true {
            switch compactMembers(
                table, into: &slots, at: first, depth: depth, order: order, previous: &previous, containerKey: containerKey,
                contextKey: contextKey, readContainer: readContainer)
            {
            case .closed: return true
            case .invalid: return false
            case .member: break
            }
            // At the separator: only the object's `{` may be followed by its `}`.
            let opened = bytes[index] == UInt8(ascii: "{")
            index &+= 1
            if opened, consume(UInt8(ascii: "}")) { return true }
            guard peek(UInt8(ascii: "\"")) else { return false }
            var wanted: Int?
            let expected = order.entry(after: previous)
            if let end = table.nameEnd(of: expected, in: bytes, at: index &+ 1) {
                index = end
                wanted = expected
            } else {
                guard let (end, escaped) = try? grammar.stringEnd(at: index) else { return false }
                let start = index &+ 1
                index = end
                if !escaped {
                    wanted = table.index(
                        of: JSONNameWords(bytes, start: start, length: end &- 1 &- start),
                        name: UnsafeRawBufferPointer(rebasing: bytes[start..<end &- 1]))
                }
                if let wanted { order.learn(wanted, after: previous) }
            }
            guard consume(UInt8(ascii: ":")) else { return false }
            if let wanted {
                guard slots[first &+ wanted].kind == nil else { return false }
                previous = wanted
                if wanted == containerKey, peek(UInt8(ascii: "[")) || peek(UInt8(ascii: "{")) {
                    let start = index
                    let kind: JSONKind = bytes[start] == UInt8(ascii: "[") ? .array : .object
                    guard readContainer(&self, depth &+ 1, slots[first &+ contextKey]) else { return false }
                    slots[first &+ wanted] = JSONSlot(kind: kind, start: Int32(start), end: Int32(index), number: nil)
                } else {
                    guard let slot = value(depth: depth &+ 1) else { return false }
                    slots[first &+ wanted] = slot
                }
            } else {
                guard value(depth: depth &+ 1) != nil else { return false }
            }
            // The next member is tried in place again, from its separator.
            if peek(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}"))
        }
    }

    /// How ``compactMembers(_:into:at:depth:order:previous:containerKey:contextKey:readContainer:)`` stopped.
    private enum CompactRun {
        /// The object was read through its `}`.
        case closed
        /// The cursor is at the separator (`{` or `,`) before a member that is not written
        /// compactly or not the one expected; `previous` is the entry read before it.
        case member
        /// The object breaks the grammar, or a wanted member comes twice.
        case invalid
    }

    /// Reads members as ``object(_:into:at:depth:order:containerKey:contextKey:readContainer:)`` does, from the
    /// object's `{`, as long as each is the one `order` expects and its name is written
    /// compactly after its separator (`,"name":`): the name is then compared in place, a few words
    /// at a time, and a plain string or number is read where it starts. The exchanges write
    /// their messages this way; the member loop reads the rest.
    private mutating func compactMembers(
        _ table: JSONKeyLookup, into slots: inout [JSONSlot], at first: Int, depth: Int, order: JSONMemberOrder,
        previous: inout Int, containerKey: Int?, contextKey: Int, readContainer: (inout JSONCursor, Int, JSONSlot) -> Bool
    ) -> CompactRun {
        let count = bytes.count
        // Not empty: the caller found the object's `{`.
        let base = bytes.baseAddress.unsafelyUnwrapped
        while true {
            let expected = order.entry(after: previous)
            // The separator, a name of up to 24 bytes with its quotes and colon, the value's first byte.
            guard expected < table.count, index &+ 26 <= count,
                let start = table.valueStart(of: expected, base, at: index &+ 1)
            else { return .member }
            guard slots[first &+ expected].kind == nil else { return .invalid }
            index = start
            let lead = base.load(fromByteOffset: start, as: UInt8.self)
            let slot: JSONSlot?
            if Self.isDigit(lead) || lead == UInt8(ascii: "-") {
                slot = number()
            } else if lead == UInt8(ascii: "\""), let end = plainStringEnd(at: start) {
                index = end &+ 1
                slot = JSONSlot(kind: .string, start: Int32(start &+ 1), end: Int32(end), number: nil)
            } else if expected == containerKey, lead == UInt8(ascii: "[") || lead == UInt8(ascii: "{") {
                guard readContainer(&self, depth &+ 1, slots[first &+ contextKey]) else { return .invalid }
                let kind: JSONKind = lead == UInt8(ascii: "[") ? .array : .object
                slot = JSONSlot(kind: kind, start: Int32(start), end: Int32(index), number: nil)
            } else {
                slot = value(depth: depth &+ 1)
            }
            guard let slot else { return .invalid }
            slots[first &+ expected] = slot
            previous = expected
            if peek(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}")) ? .closed : .invalid
        }
    }

    /// The index of the closing quote of the string whose opening quote is at `quote`, when
    /// its content is plain (no backslash, no control character) and ends before the frame's
    /// last eight bytes; `nil` otherwise, for ``value(depth:)`` to read.
    @inline(__always)
    private func plainStringEnd(at quote: Int) -> Int? {
        let end = grammar.skipPlainStringBytes(from: quote &+ 1)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        return end
    }

    /// Reads an object written exactly as `table` lists its members — each once, in order, with
    /// no whitespace, every value a number — into `slots[first...]` (all absent), as ``object``
    /// would. Any other object is `false`, with the cursor where it was and the slots absent
    /// again, for ``object`` to read: the exchanges write each book unit this way.
    mutating func objectInTableOrder(_ table: JSONKeyLookup, into slots: inout [JSONSlot], at first: Int) -> Bool {
        let start = index
        let count = bytes.count
        // Not empty: the caller found the object's first byte.
        let base = bytes.baseAddress.unsafelyUnwrapped
        for entry in 0..<table.count {
            let opening = table.opening(of: entry)
            // Sixteen bytes to compare, and the value's first byte after the opening.
            guard index &+ 16 < count, opening.matches(base, at: index) else {
                return unread(from: start, slots: &slots, first..<first &+ entry)
            }
            let lead = base.load(fromByteOffset: index &+ opening.length, as: UInt8.self)
            guard lead == UInt8(ascii: "-") || Self.isDigit(lead) else {
                return unread(from: start, slots: &slots, first..<first &+ entry)
            }
            index &+= opening.length
            guard let slot = number() else { return unread(from: start, slots: &slots, first..<first &+ entry) }
            slots[first &+ entry] = slot
        }
        guard index < count, bytes[index] == UInt8(ascii: "}") else {
            return unread(from: start, slots: &slots, first..<first &+ table.count)
        }
        index &+= 1
        return true
    }

    /// Puts the cursor back at `start` and empties the slots filled since: `false`.
    @inline(never)
    private mutating func unread(from start: Int, slots: inout [JSONSlot], _ filled: Range<Int>) -> Bool {
        index = start
        for slot in filled { slots[slot] = .absent }
        return false
    }

    /// Reads an array from its `[` to its `]`, handing each element to `element` at its start.
    mutating func array(depth: Int, _ element: (inout JSONCursor) -> Bool) -> Bool {
        guard depth < Self.maxDepth, consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        while true {
            guard element(&self) else { return false }
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]"))
        }
    }

    /// Reads `"name" :`.
    private mutating func memberName() -> Bool {
        guard peek(UInt8(ascii: "\"")), let (end, _) = try? grammar.stringEnd(at: index) else { return false }
        index = end
        return consume(UInt8(ascii: ":"))
    }

    /// Reads any value: a scalar's slot, or a container validated through its closing bracket
    /// (its slot covers the brackets).
    @inline(__always)
    mutating func value(depth: Int) -> JSONSlot? {
        index = grammar.skipSpace(index)
        guard index < bytes.count else { return nil }
        let start = index
        let kind: JSONKind
        switch bytes[start] {
        case UInt8(ascii: "\""):
            guard let (end, escaped) = try? grammar.stringEnd(at: start) else { return nil }
            index = end
            return JSONSlot(kind: escaped ? .escapedString : .string, start: Int32(start &+ 1), end: Int32(end &- 1), number: nil)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let (word, literal): (StaticString, JSONKind) =
                switch bytes[start] {
                case UInt8(ascii: "t"): ("true", .true)
                case UInt8(ascii: "f"): ("false", .false)
                default: ("null", .null)
                }
            guard let end = try? grammar.literalEnd(at: start, word) else { return nil }
            kind = literal
            index = end
        case UInt8(ascii: "["):
            kind = .array
            guard skipArray(depth: depth) else { return nil }
        case UInt8(ascii: "{"):
            kind = .object
            guard depth < Self.maxDepth, skipObject(depth: depth) else { return nil }
        default:
            return nil
        }
        return JSONSlot(kind: kind, start: Int32(start), end: Int32(index), number: nil)
    }

    /// Reads a number (the grammar's), and its value as the digits pass when it is plain: no
    /// exponent, at most 19 digits, at most 18 after the point.
    @inline(__always)
    private mutating func number() -> JSONSlot? {
        let start = index
        let count = bytes.count
        // Not empty: the caller found the number's first byte.
        let base = bytes.baseAddress.unsafelyUnwrapped
        var at = start
        let negative = base.load(fromByteOffset: at, as: UInt8.self) == UInt8(ascii: "-")
        if negative { at &+= 1 }
        guard at < count else { return nil }
        let first = base.load(fromByteOffset: at, as: UInt8.self)
        guard Self.isDigit(first) else { return nil }
        var significand: UInt64 = 0
        var digits = 1
        if first == UInt8(ascii: "0") {
            at &+= 1
        } else {
            digits = Self.readDigits(base, count, at: &at, into: &significand)
        }
        var fractionDigits = 0
        if at < count, base.load(fromByteOffset: at, as: UInt8.self) == UInt8(ascii: ".") {
            at &+= 1
            guard at < count, Self.isDigit(base.load(fromByteOffset: at, as: UInt8.self)) else { return nil }
            fractionDigits = Self.readDigits(base, count, at: &at, into: &significand)
            digits &+= fractionDigits
        }
        var value: ExactDecimal?
        if at < count, base.load(fromByteOffset: at, as: UInt8.self) | 0x20 == UInt8(ascii: "e") {
            guard let end = try? grammar.numberEnd(at: start) else { return nil }
            at = end
        } else {
            value = ExactDecimal(significand: significand, digits: digits, fractionDigits: fractionDigits, negative: negative)
        }
        index = at
        return JSONSlot(kind: .number, start: Int32(start), end: Int32(at), number: value)
    }

    /// Reads the run of digits at `index` into `value`, eight at a time, moves `index` past it
    /// and returns how many there were (past 19, `value` is meaningless).
    @inline(__always)
    private static func readDigits(
        _ base: UnsafeRawPointer, _ count: Int, at index: inout Int, into value: inout UInt64
    ) -> Int {
        var at = index
        var run = 8
        while run == 8, at &+ 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            run = word.appendLeadingDigits(to: &value)
            at &+= run
        }
        if run == 8 {
            while at < count, isDigit(base.load(fromByteOffset: at, as: UInt8.self)) {
                value = value &* 10 &+ UInt64(base.load(fromByteOffset: at, as: UInt8.self) &- UInt8(ascii: "0"))
                at &+= 1
            }
        }
        let digits = at &- index
        index = at
        return digits
    }

    /// Validates an array from its `[` through its `]`.
    @inline(never)
    private mutating func skipArray(depth: Int) -> Bool {
        array(depth: depth) { $0.value(depth: depth &+ 1) != nil }
    }

    /// Validates an object from its `{` through its `}`.
    @inline(never)
    private mutating func skipObject(depth: Int) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            guard memberName(), value(depth: depth &+ 1) != nil else { return false }
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}"))
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
