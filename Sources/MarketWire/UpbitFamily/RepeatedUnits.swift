import MarketCore

/// The book units of the last few markets' books, by position: the bytes each was sent in and
/// the levels it made (its ask and its bid, either `nil` for padding). A whole book comes again
/// with most of its units unchanged (nine in ten in the demo's stream, the same in the
/// exchanges'); a unit whose bytes are exactly those of the unit at its position in the
/// market's last book is taken from here instead of being read and checked again. The same
/// bytes always make the same levels, so nothing read differs; only units read in full and
/// within every rule are kept.
///
/// Bounded: ``markets`` books of ``BookUnitsReader/maxUnits`` units of at most ``unitBytes``
/// bytes each, whatever the frames hold.
struct RepeatedUnits: Sendable {
    /// The markets whose last books are kept; a new one takes the place of the one kept longest.
    static let markets = 4
    /// The longest unit kept (the exchanges' are under 100 bytes).
    static let unitBytes = 128
    private static let units = BookUnitsReader.maxUnits
    private static let wordsPerUnit = unitBytes / 8

    /// A unit's levels.
    typealias Levels = (ask: BookLevel?, bid: BookLevel?)

    /// Each book's market code: its first sixteen bytes in two words, and its length (-1: none).
    private var codes: [(UInt64, UInt64, Int)] = Array(repeating: (0, 0, -1), count: markets)
    private var oldest = 0
    /// Unit `n` of book `b` is entry `b * units + n` of `lengths` (0: none kept) and of `levels`;
    /// its bytes are the words of `words` from that entry times ``wordsPerUnit`` (a unit's last
    /// word is its last eight bytes).
    private var lengths: [Int] = Array(repeating: 0, count: markets * units)
    private var levels: [Levels] = Array(repeating: (nil, nil), count: markets * units)
    private var words: [UInt64] = Array(repeating: 0, count: markets * units * wordsPerUnit)

    /// The book of the market whose code is `code`, emptied when it was not kept; `nil` for a
    /// code of more than sixteen bytes.
    mutating func book(code: UnsafeRawBufferPointer) -> Int? {
        guard code.count <= 16 else { return nil }
        var key: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &key) { $0.copyMemory(from: code) }
        for book in 0..<Self.markets where codes[book] == (key.0, key.1, code.count) { return book }
        let book = oldest
        oldest = (oldest &+ 1) % Self.markets
        codes[book] = (key.0, key.1, code.count)
        for entry in book &* Self.units..<(book &+ 1) &* Self.units { lengths[entry] = 0 }
        return book
    }

    /// When the frame's bytes from `start` are exactly the unit kept at `position` of `book`,
    /// the index after the unit and its levels; `nil` otherwise.
    mutating func unit(
        of book: Int, at position: Int, in frame: UnsafeRawBufferPointer, from start: Int
    ) -> (end: Int, levels: Levels)? {
        guard position < Self.units else { return nil }
        let entry = book &* Self.units &+ position
        let length = lengths[entry]
        guard length > 0, start &+ length <= frame.count else { return nil }
        let unit = frame.baseAddress.unsafelyUnwrapped + start
        let same = words.withUnsafeBufferPointer { words in
            let kept = words.baseAddress.unsafelyUnwrapped + entry &* Self.wordsPerUnit
            let last = (length &- 1) / 8
            var word = 0
            while word < last {
                guard kept[word] == unit.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self) else { return false }
                word &+= 1
            }
            return kept[last] == unit.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        }
        guard same else { return nil }
        return (start &+ length, levels[entry])
    }

    /// Keeps the unit at `position` of `book`: the frame's bytes `start..<end` and the levels
    /// they made.
    mutating func keep(_ book: Int, at position: Int, _ frame: UnsafeRawBufferPointer, _ start: Int, _ end: Int, levels: Levels) {
        let length = end &- start
        guard (8...Self.unitBytes).contains(length), position < Self.units else { return }
        let entry = book &* Self.units &+ position
        let unit = frame.baseAddress.unsafelyUnwrapped + start
        let last = (length &- 1) / 8
        for word in 0..<last {
            words[entry &* Self.wordsPerUnit &+ word] = unit.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
        }
        words[entry &* Self.wordsPerUnit &+ last] = unit.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        self.levels[entry] = levels
        lengths[entry] = length
    }
}
