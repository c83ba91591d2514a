import MarketCore

/// Reads a whole book's units (`orderbook_units`) into the book's sides, as
/// ``UpbitFamilyCodec/orderBook(_:keys:marketKey:storage:errors:)`` makes them: each
/// unit's ask and bid a level, padding left out, in the units' order. A unit sent unchanged at
/// its place in the market's last book is taken from ``RepeatedUnits``; one read in full is
/// kept there. A unit that breaks the grammar or a rule ends the reading (the frame then goes
/// to the tape, which says what is wrong).
struct BookUnitsReader: Sendable {
    private static let keys = UpbitKeys.default
    /// The most units read from one book (the exchanges send 15 or 30); a larger book goes to
    /// the tape.
    static let maxUnits = 64
    /// The members of a unit, in the order they are sent.
    private static let unit = JSONKeyTable([keys.askPrice, keys.bidPrice, keys.askSize, keys.bidSize])
    private static let fields = unit.withLookup { unit in
        (
            askPrice: unit.index(of: keys.askPrice), bidPrice: unit.index(of: keys.bidPrice),
            askSize: unit.index(of: keys.askSize), bidSize: unit.index(of: keys.bidSize)
        )
    }

    /// The levels of the book read, in the units' order.
    private(set) var asks: [BookLevel] = []
    private(set) var bids: [BookLevel] = []
    /// One unit's members.
    private var slots = Array(repeating: JSONSlot.absent, count: unit.count)
    /// The order a unit's members last came in.
    private var order = JSONMemberOrder(count: unit.count)
    private var repeated = RepeatedUnits()

    /// Empties the sides for the next frame.
    mutating func start() {
        asks.removeAll(keepingCapacity: true)
        bids.removeAll(keepingCapacity: true)
    }

    /// Reads the units from the array's `[` through its `]`; `code` is the slot of the book's
    /// market code (absent unless it came before the units). `false` for units it cannot read.
    mutating func read(_ cursor: inout JSONCursor, depth: Int, code: JSONSlot, in frame: UnsafeRawBufferPointer) -> Bool {
        let book =
            code.kind == .string
            ? repeated.book(code: UnsafeRawBufferPointer(rebasing: frame[Int(code.start)..<Int(code.end)])) : nil
        var position = 0
        return Self.unit.withLookup { unit in
            cursor.array(depth: depth) { cursor in
                guard position < Self.maxUnits else { return false }
                defer { position &+= 1 }
                let start = cursor.offset
                if let book, let kept = repeated.unit(of: book, at: position, in: frame, from: start) {
                    cursor.skip(to: kept.end)
                    append(kept.levels)
                    return true
                }
                for index in slots.indices { slots[index] = .absent }
                guard
                    cursor.objectInTableOrder(unit, into: &slots, at: 0)
                        || cursor.object(unit, into: &slots, at: 0, depth: depth &+ 1, order: &order),
                    let levels = levels(unit, frame)
                else { return false }
                append(levels)
                if let book { repeated.keep(book, at: position, frame, start, cursor.offset, levels: levels) }
                return true
            }
        }
    }

    /// The levels of the unit just read; `nil` when a side breaks a rule.
    private mutating func levels(_ unit: JSONKeyLookup, _ frame: UnsafeRawBufferPointer) -> RepeatedUnits.Levels? {
        slots.withUnsafeMutableBufferPointer { slots in
            let fields = JSONFields(bytes: frame, table: unit, slots: UnsafeBufferPointer(slots))
            let keys = Self.keys
            do throws(WireError) {
                return (
                    try UpbitFamilyCodec.unitLevel(
                        fields, keys.askPrice, at: Self.fields.askPrice, keys.askSize, at: Self.fields.askSize),
                    try UpbitFamilyCodec.unitLevel(
                        fields, keys.bidPrice, at: Self.fields.bidPrice, keys.bidSize, at: Self.fields.bidSize)
                )
            } catch {
                return nil
            }
        }
    }

    private mutating func append(_ levels: RepeatedUnits.Levels) {
        if let ask = levels.ask { asks.append(ask) }
        if let bid = levels.bid { bids.append(bid) }
    }
}
