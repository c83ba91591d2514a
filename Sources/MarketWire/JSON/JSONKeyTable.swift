import MarketCore

/// A member name as words: its length, its first eight bytes, the eight after those and its
/// last eight (little-endian, zero past its end; the last word only past eight bytes, the middle
/// one only past sixteen). Two names of at most 24 bytes are equal when their words are.
struct JSONNameWords: Equatable {
    var length: Int
    var head: UInt64 = 0
    var middle: UInt64 = 0
    var tail: UInt64 = 0

    /// The bits of a word loaded at the name's start that ``head`` holds.
    var headMask: UInt64 { length >= 8 ? ~0 : (1 &<< (8 &* UInt64(length))) &- 1 }

    /// The words of the `length` bytes at `start` in `bytes`.
    init(_ bytes: UnsafeRawBufferPointer, start: Int, length: Int) {
        self.length = length
        if length >= 8 || start &+ 8 <= bytes.count {
            head = Self.load(bytes, start) & headMask
        } else {
            for offset in (0..<length).reversed() { head = head << 8 | UInt64(bytes[start &+ offset]) }
        }
        if length > 8 { tail = Self.load(bytes, start &+ length &- 8) }
        if length > 16 { middle = Self.load(bytes, start &+ 8) }
    }

    /// The words of `"name":`.
    init(quoting name: StaticString) {
        var text = [UInt8(ascii: "\"")]
        name.withUTF8Buffer { text.append(contentsOf: $0) }
        text.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        self = text.withUnsafeBytes { Self($0, start: 0, length: $0.count) }
    }

    /// Whether the name's bytes are written at `start` in `base`, where eight bytes and the
    /// name's length are readable: its first word masked, past eight bytes its last word, past
    /// sixteen its middle one.
    @inline(__always)
    func isWritten(at start: Int, in base: UnsafeRawPointer) -> Bool {
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        guard word(start) & headMask == head else { return false }
        guard length > 8 else { return true }
        guard word(start &+ length &- 8) == tail else { return false }
        return length <= 16 || word(start &+ 8) == middle
    }

    private static func load(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

/// The member names a decoder reads from one kind of object, in the order it reads them: the
/// storage behind ``JSONKeyLookup``, through which the cursor finds a name from the wire and a
/// decoder's lookup by `StaticString` finds the same entry.
struct JSONKeyTable: Sendable {
    fileprivate struct Entry: Sendable {
        let key: StaticString
        let words: JSONNameWords
        let address: UInt
        let opening: JSONMemberOpening
        /// `"name":`, the member's name as written before its value with no whitespace.
        let quoted: JSONNameWords
    }

    private let entries: [Entry]
    /// Open-addressed indexes of the entries by their names' words and by their literals'
    /// addresses: a bucket holds an entry's index, or -1.
    private let byName: [Int8]
    private let byAddress: [Int8]

    /// Buckets of each index: a power of two, at least four times the most entries a table holds.
    fileprivate static let buckets = 256

    init(_ keys: [StaticString]) {
        precondition(keys.count <= Self.buckets / 4, "a key table holds at most \(Self.buckets / 4) names")
        entries = keys.enumerated().map { position, key in
            Entry(
                key: key,
                words: key.withUTF8Buffer { JSONNameWords(UnsafeRawBufferPointer($0), start: 0, length: $0.count) },
                address: UInt(bitPattern: key.utf8Start),
                opening: JSONMemberOpening(key, first: position == 0),
                quoted: JSONNameWords(quoting: key))
        }
        byName = Self.index(entries.map { JSONKeyLookup.bucket($0.words) })
        byAddress = Self.index(entries.map { JSONKeyLookup.bucket(address: $0.address) })
    }

    private static func index(_ buckets: [Int]) -> [Int8] {
        var table = [Int8](repeating: -1, count: Self.buckets)
        for (entry, bucket) in buckets.enumerated() {
            var slot = bucket
            while table[slot] >= 0 { slot = (slot &+ 1) & (Self.buckets &- 1) }
            table[slot] = Int8(entry)
        }
        return table
    }

    var count: Int { entries.count }

    /// Runs `body` with the table's lookups.
    func withLookup<Result>(_ body: (JSONKeyLookup) -> Result) -> Result {
        entries.withUnsafeBufferPointer { entries in
            byName.withUnsafeBufferPointer { byName in
                byAddress.withUnsafeBufferPointer { byAddress in
                    body(JSONKeyLookup(entries: entries, byName: byName, byAddress: byAddress))
                }
            }
        }
    }
}

/// A ``JSONKeyTable``'s lookups, through pointers into its storage: valid inside
/// ``JSONKeyTable/withLookup(_:)`` only, and copied with no reference counting.
struct JSONKeyLookup {
    fileprivate let entries: UnsafeBufferPointer<JSONKeyTable.Entry>
    fileprivate let byName: UnsafeBufferPointer<Int8>
    fileprivate let byAddress: UnsafeBufferPointer<Int8>

    var count: Int { entries.count }

    fileprivate static func bucket(_ words: JSONNameWords) -> Int {
        Int(truncatingIfNeeded: ((words.head ^ words.tail &* 31 &+ UInt64(words.length)) &* 0x9E37_79B9_7F4A_7C15) >> 57)
    }

    fileprivate static func bucket(address: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 57)
    }

    /// Where a member name ends (the index after its closing quote) when its content, from
    /// `start` in `bytes`, is exactly entry `index`'s name; `nil` otherwise or past the table.
    /// A name on the wire is most often the one after the last found, and this checks it
    /// without scanning for the quote: a table's names hold no quote, backslash or control
    /// character, so bytes equal to one followed by a quote are a valid string.
    @inline(__always)
    func nameEnd(of index: Int, in bytes: UnsafeRawBufferPointer, at start: Int) -> Int? {
        guard index < entries.count else { return nil }
        let expected = entries[index].words
        let quote = start &+ expected.length
        guard expected.length <= 24, quote &+ 1 <= bytes.count, start &+ 8 <= bytes.count else {
            return slowNameEnd(of: index, in: bytes, at: start)
        }
        let base = bytes.baseAddress.unsafelyUnwrapped
        guard base.load(fromByteOffset: quote, as: UInt8.self) == UInt8(ascii: "\""), expected.isWritten(at: start, in: base)
        else { return nil }
        return quote &+ 1
    }

    /// Where the value starts when entry `index`'s name is written at `start` quoted and followed
    /// by its colon (`"name":`, no whitespace), with at least 24 bytes left there; `nil`
    /// otherwise, and for a name that makes more than 24 bytes so written. A table's names hold
    /// no quote, backslash or control character, so bytes equal to one are a valid string.
    @inline(__always)
    func valueStart(of index: Int, _ base: UnsafeRawPointer, at start: Int) -> Int? {
        let quoted = entries[index].quoted
        guard quoted.length <= 24, quoted.isWritten(at: start, in: base) else { return nil }
        return start &+ quoted.length
    }

    /// How entry `index`'s member opens in an object written in the table's order.
    @inline(__always)
    func opening(of index: Int) -> JSONMemberOpening { entries[index].opening }

    /// ``nameEnd(of:in:at:)`` for a name past 24 bytes or near the frame's end.
    @inline(never)
    private func slowNameEnd(of index: Int, in bytes: UnsafeRawBufferPointer, at start: Int) -> Int? {
        let expected = entries[index]
        let quote = start &+ expected.words.length
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\""),
            JSONNameWords(bytes, start: start, length: expected.words.length) == expected.words,
            expected.words.length <= 24
                || expected.key.withUTF8Buffer({ JSONText.sameBytes(UnsafeRawBufferPointer(rebasing: bytes[start..<quote]), $0) })
        else { return nil }
        return quote &+ 1
    }

    /// The entry of the name `words` (whose bytes are `name`).
    func index(of words: JSONNameWords, name: UnsafeRawBufferPointer) -> Int? {
        var slot = Self.bucket(words)
        while true {
            let entry = Int(byName[slot])
            guard entry >= 0 else { return nil }
            if entries[entry].words == words,
                words.length <= 24 || entries[entry].key.withUTF8Buffer({ JSONText.sameBytes(name, $0) })
            {
                return entry
            }
            slot = (slot &+ 1) & (JSONKeyTable.buckets &- 1)
        }
    }

    /// The entry of `key`: the same literal (one address), else a key with the same bytes.
    @inline(__always)
    func index(of key: StaticString) -> Int? {
        let address = UInt(bitPattern: key.utf8Start)
        var slot = Self.bucket(address: address)
        while true {
            let entry = Int(byAddress[slot])
            guard entry >= 0 else { break }
            if entries[entry].address == address { return entry }
            slot = (slot &+ 1) & (JSONKeyTable.buckets &- 1)
        }
        return index(ofBytes: key)
    }

    /// The entry of a key with the same bytes as `key`.
    @inline(never)
    private func index(ofBytes key: StaticString) -> Int? {
        key.withUTF8Buffer { name in
            let bytes = UnsafeRawBufferPointer(name)
            return index(of: JSONNameWords(bytes, start: 0, length: bytes.count), name: bytes)
        }
    }
}

/// The order an object's members come in, as ``JSONCursor/object(_:into:at:depth:order:containerKey:contextKey:readContainer:)``
/// last read them: for each entry of a table, the entry that came after it. The cursor compares
/// each name with the one expected first, so a sender that keeps its order has every name
/// found with one comparison; a name out of that order is found by its words and learned.
struct JSONMemberOrder: Sendable {
    /// `following[entry]` for each of the table's entries, then the first entry sent.
    private var following: [Int8]

    /// Where an object starts, before any entry.
    static let opening = -1

    /// An order of no table, held while the one in use is lent out (it takes no storage).
    static let unused = JSONMemberOrder(following: [])

    private init(following: [Int8]) {
        self.following = following
    }

    /// The order of a table of `count` entries: first as the table lists them.
    init(count: Int) {
        precondition(count < Int(Int8.max), "an order holds fewer than \(Int8.max) entries")
        self.init(following: (0..<count).map { Int8($0 &+ 1) } + [0])
    }

    /// The entry expected after `previous` (or first, after ``opening``).
    @inline(__always)
    func entry(after previous: Int) -> Int {
        Int(following[previous < 0 ? following.count &- 1 : previous])
    }

    /// Records that `entry` came after `previous`.
    mutating func learn(_ entry: Int, after previous: Int) {
        following[previous < 0 ? following.count &- 1 : previous] = Int8(truncatingIfNeeded: entry)
    }
}

/// The bytes that open a member in an object written in its table's order, up to its value:
/// `{"name":` for the table's first entry, `,"name":` for the others, as words. An opening of
/// more than 16 bytes never matches.
struct JSONMemberOpening: Sendable {
    private let words: JSONNameWords

    init(_ name: StaticString, first: Bool) {
        var text: [UInt8] = [first ? UInt8(ascii: "{") : UInt8(ascii: ","), UInt8(ascii: "\"")]
        name.withUTF8Buffer { text.append(contentsOf: $0) }
        text.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        words = text.withUnsafeBytes { JSONNameWords($0, start: 0, length: $0.count) }
    }

    /// The opening's bytes.
    var length: Int { words.length }

    /// Whether the member opens at `start` in `bytes`, of which at least 16 are left there.
    @inline(__always)
    func matches(_ base: UnsafeRawPointer, at start: Int) -> Bool {
        words.length <= 16 && words.isWritten(at: start, in: base)
    }
}

/// One member a decoder wants, as the cursor found it: absent, or its kind and bytes, and for
/// a plain number its value, read as the cursor passed its digits.
struct JSONSlot: Sendable {
    var kind: JSONKind?
    var start: Int32
    var end: Int32
    var number: ExactDecimal?

    static let absent = JSONSlot(kind: nil, start: 0, end: 0, number: nil)
}

/// An object's wanted members as one pass of the cursor collected them: what a decoder reads
/// instead of the tape's ``JSONValue`` (only valid while the frame's bytes and the slots are).
struct JSONFields: JSONObjectReading {
    let bytes: UnsafeRawBufferPointer
    let table: JSONKeyLookup
    let slots: UnsafeBufferPointer<JSONSlot>

    @inline(__always)
    subscript(key: StaticString) -> JSONField? {
        self[field: field(key)]
    }

    /// The slot of `key` in the table, which every object collected with this one shares.
    @inline(__always)
    func field(_ key: StaticString) -> Int? {
        let index = table.index(of: key)
        assert(index != nil, "\(key) is not among the members this object's table collects")
        return index
    }

    @inline(__always)
    subscript(field field: Int?) -> JSONField? {
        guard let index = field else { return nil }
        let slot = slots[index]
        guard let kind = slot.kind else { return nil }
        return JSONField(
            kind: kind, span: UnsafeRawBufferPointer(rebasing: bytes[Int(slot.start)..<Int(slot.end)]), number: slot.number)
    }
}

/// One member of ``JSONFields``.
struct JSONField: JSONMemberReading {
    let kind: JSONKind
    let span: UnsafeRawBufferPointer
    /// A plain number's value, read by the cursor.
    let number: ExactDecimal?

    var decimalValue: ExactDecimal? {
        if let number { return number }
        guard kind == .number || kind == .string else { return nil }
        return ExactDecimal(utf8: span)
    }
}

/// The objects of one array that the cursor collected, each with `table`'s slots, in order.
struct JSONFieldsList: RandomAccessCollection {
    let bytes: UnsafeRawBufferPointer
    let table: JSONKeyLookup
    let slots: UnsafeBufferPointer<JSONSlot>

    var startIndex: Int { 0 }
    var endIndex: Int { slots.count / table.count }

    subscript(position: Int) -> JSONFields {
        let first = position &* table.count
        return JSONFields(
            bytes: bytes, table: table, slots: UnsafeBufferPointer(rebasing: slots[first..<first &+ table.count]))
    }
}
