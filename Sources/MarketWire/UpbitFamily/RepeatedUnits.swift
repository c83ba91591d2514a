/// The book units of the last few markets' books, by position, as the bytes they were sent in
/// and the slots the cursor collected from them. A whole book comes again with most of its
/// units unchanged (nine in ten in the demo's stream, the same in the exchanges'); a unit whose
/// bytes are exactly those of the unit at its position in the market's last book is taken from
/// here, its slots moved to where it lies in this frame, instead of being read again. Reading
/// the same bytes always collects the same slots, so nothing read differs; only units the
/// cursor read in full are kept.
///
/// Bounded: ``markets`` books of ``UpbitStreamReader/maxUnits`` units of at most ``unitBytes``
/// bytes each, whatever the frames hold.
struct RepeatedUnits: Sendable {
    /// The markets whose last books are kept; a new one takes the place of the one kept longest.
    static let markets = 4
    /// The longest unit kept (the exchanges' are under 100 bytes).
    static let unitBytes = 128
    private static let units = UpbitStreamReader.maxUnits

    private let slotsPerUnit: Int
    /// Each book's market code: its first sixteen bytes in two words, and its length (-1: none).
    private var codes: [(UInt64, UInt64, Int)] = Array(repeating: (0, 0, -1), count: markets)
    private var oldest = 0
    /// Unit `n` of book `b` is entry `b * units + n` of `lengths` (0: none kept); its bytes are
    /// the words of `words` from that entry times ``wordsPerUnit`` (a unit's last word is its
    /// last eight bytes), its slots (from the unit's first byte) those of `slots` from that
    /// entry times `slotsPerUnit`.
    private var lengths: [Int] = Array(repeating: 0, count: markets * units)
    private var words: [UInt64]
    private var slots: [JSONSlot]
    private static let wordsPerUnit = unitBytes / 8

    /// Memory for units of `slotsPerUnit` slots each.
    init(slotsPerUnit: Int) {
        self.slotsPerUnit = slotsPerUnit
        words = Array(repeating: 0, count: Self.markets * Self.units * Self.wordsPerUnit)
        slots = Array(repeating: .absent, count: Self.markets * Self.units * slotsPerUnit)
    }

    /// The book of the market whose code is `code`, emptied when it was not kept; `nil` for a
    /// code of more than sixteen bytes.
    mutating func book(code: UnsafeRawBufferPointer) -> Int? {
        guard code.count <= 16 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: code) }
        for book in 0..<Self.markets where codes[book] == (words.0, words.1, code.count) { return book }
        let book = oldest
        oldest = (oldest &+ 1) % Self.markets
        codes[book] = (words.0, words.1, code.count)
        for entry in book &* Self.units..<(book &+ 1) &* Self.units { lengths[entry] = 0 }
        return book
    }

    /// When the frame's bytes from `start` are exactly the unit kept at `position` of `book`,
    /// appends its slots, moved to `start`, to `units` and returns the index after the unit;
    /// `nil` otherwise.
    mutating func unit(
        of book: Int, at position: Int, in frame: UnsafeRawBufferPointer, from start: Int, appendingTo units: inout [JSONSlot]
    ) -> Int? {
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
        let shift = Int32(truncatingIfNeeded: start)
        slots.withUnsafeBufferPointer { slots in
            for offset in entry &* slotsPerUnit..<(entry &+ 1) &* slotsPerUnit {
                var slot = slots[offset]
                if slot.kind != nil {
                    slot.start &+= shift
                    slot.end &+= shift
                }
                units.append(slot)
            }
        }
        return start &+ length
    }

    /// Keeps the unit at `position` of `book`: the frame's bytes `start..<end` and the slots
    /// read from them, `units[first...]`.
    mutating func keep(
        _ book: Int, at position: Int, _ frame: UnsafeRawBufferPointer, _ start: Int, _ end: Int, units: [JSONSlot],
        first: Int
    ) {
        let length = end &- start
        guard (8...Self.unitBytes).contains(length), position < Self.units else { return }
        let entry = book &* Self.units &+ position
        let unit = frame.baseAddress.unsafelyUnwrapped + start
        let last = (length &- 1) / 8
        for word in 0..<last {
            words[entry &* Self.wordsPerUnit &+ word] = unit.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
        }
        words[entry &* Self.wordsPerUnit &+ last] = unit.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        let shift = Int32(truncatingIfNeeded: start)
        for offset in 0..<slotsPerUnit {
            var slot = units[first &+ offset]
            if slot.kind != nil {
                slot.start &-= shift
                slot.end &-= shift
            }
            slots[entry &* slotsPerUnit &+ offset] = slot
        }
        lengths[entry] = length
    }
}
