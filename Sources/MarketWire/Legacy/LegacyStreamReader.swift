import MarketCore

/// Reads the legacy feed's tickers, transactions and book changes in one forward pass of
/// ``JSONCursor`` instead of through the tape: the same decoders
/// (``BithumbLegacyCodec/ticker(_:)`` and the others) read the members the pass collected. A
/// frame it cannot read without an error — a notice, a whole book, anything the tokenizer
/// refuses, an entry that breaks a rule — is left to the tape, so every event and every error
/// is the tape's.
struct LegacyStreamReader: Sendable {
    /// The message's members.
    private static let message = JSONKeyTable(["type", "content", "status"])
    /// The content's members, in the order the feed sends a ticker's, with the lists'.
    private static let content = JSONKeyTable([
        "tickType", "date", "time", "openPrice", "closePrice", "lowPrice", "highPrice", "value", "volume",
        "sellVolume", "buyVolume", "prevClosePrice", "chgRate", "chgAmt", "volumePower", "symbol", "list", "datetime",
    ])
    /// The members of a list's entries: a trade's, then a change's.
    private static let entry = JSONKeyTable([
        "buySellGb", "contPrice", "contQty", "contAmt", "contDtm", "updn", "symbol", "orderType", "price", "quantity",
        "total",
    ])
    private static let contentKey = message.withLookup { $0.index(of: "content") } ?? 0
    private static let listKey = content.withLookup { $0.index(of: "list") } ?? 0
    /// The most entries read from one list; a longer one goes to the tape, so the slots kept
    /// between frames stay small whatever a frame holds.
    static let maxEntries = 256

    private var slots: [JSONSlot]
    private var contentSlots: [JSONSlot]
    private var entrySlots: [JSONSlot] = []
    /// The orders the members last came in: the message's, and its content's and entries' for
    /// each kind of message (``kind(of:)``), which the feed writes each in its own order.
    private var messageOrder: JSONMemberOrder
    private var contentOrders: [JSONMemberOrder]
    private var entryOrders: [JSONMemberOrder]

    init() {
        slots = Array(repeating: .absent, count: Self.message.count)
        contentSlots = Array(repeating: .absent, count: Self.content.count)
        // A buffer of its own from the start: the empty array's shared one would be copied to
        // be written through on every frame with no list.
        entrySlots.reserveCapacity(Self.entry.count)
        messageOrder = JSONMemberOrder(count: Self.message.count)
        contentOrders = Array(repeating: JSONMemberOrder(count: Self.content.count), count: Self.kinds)
        entryOrders = Array(repeating: JSONMemberOrder(count: Self.entry.count), count: Self.kinds)
    }

    /// How many kinds of message ``kind(of:)`` tells apart.
    private static let kinds = 3

    /// The kind of message a `type` read before the content names, by its length alone (a
    /// guess at the members' order, never a decision): a ticker, a transaction, anything else.
    private static func kind(of type: JSONSlot) -> Int {
        switch type.end &- type.start {
        case 6: 0
        case 11: 1
        default: 2
        }
    }

    /// Appends the frame's events to `result` (which it empties first) and returns `true`; or
    /// returns `false`, with `result` empty, for a frame the tape must read.
    mutating func decode(_ frame: UnsafeRawBufferPointer, storage: inout DecodeStorage, into result: inout DecodedMessages)
        -> Bool
    {
        Self.message.withLookup { message in
            Self.content.withLookup { content in
                Self.entry.withLookup { entry in
                    guard
                        Self.collect(
                            frame, message: message, content: content, entry: entry, into: &slots,
                            content: &contentSlots, entries: &entrySlots, messageOrder: &messageOrder,
                            contentOrders: &contentOrders, entryOrders: &entryOrders)
                    else { return false }
                    return slots.withUnsafeMutableBufferPointer { slots in
                        contentSlots.withUnsafeMutableBufferPointer { contentSlots in
                            entrySlots.withUnsafeMutableBufferPointer { entrySlots in
                                let fields = JSONFields(bytes: frame, table: message, slots: UnsafeBufferPointer(slots))
                                let contentFields = JSONFields(bytes: frame, table: content, slots: UnsafeBufferPointer(contentSlots))
                                let entries = JSONFieldsList(bytes: frame, table: entry, slots: UnsafeBufferPointer(entrySlots))
                                guard Self.events(fields, content: contentFields, entries: entries, storage: &storage, into: &result)
                                else {
                                    result.removeAll()
                                    return false
                                }
                                return true
                            }
                        }
                    }
                }
            }
        }
    }

    /// One pass over the frame: the message's members into `slots`, its content's into
    /// `content`, the entries of the content's list into `entries`, each object's names
    /// expected in the order last read from its kind of message.
    private static func collect(
        _ frame: UnsafeRawBufferPointer, message: JSONKeyLookup, content: JSONKeyLookup, entry: JSONKeyLookup,
        into slots: inout [JSONSlot], content contentSlots: inout [JSONSlot], entries: inout [JSONSlot],
        messageOrder: inout JSONMemberOrder, contentOrders: inout [JSONMemberOrder], entryOrders: inout [JSONMemberOrder]
    ) -> Bool {
        for index in slots.indices { slots[index] = .absent }
        for index in contentSlots.indices { contentSlots[index] = .absent }
        entries.removeAll(keepingCapacity: true)
        var cursor = JSONCursor(frame)
        return cursor.object(message, into: &slots, at: 0, depth: 0, order: &messageOrder, containerKey: contentKey) {
            cursor, depth, type in
            let kind = Self.kind(of: type)
            return cursor.object(content, into: &contentSlots, at: 0, depth: depth, order: &contentOrders[kind], containerKey: listKey) {
                cursor, depth, _ in
                cursor.array(depth: depth) { cursor in
                    let first = entries.count
                    guard first < maxEntries &* entry.count else { return false }
                    for _ in 0..<entry.count { entries.append(.absent) }
                    return cursor.object(entry, into: &entries, at: first, depth: depth &+ 1, order: &entryOrders[kind])
                }
            }
        } && cursor.atEnd()
    }

    /// Appends the events the collected members make to `result`: `false` where reading them
    /// finds an error (or a message the tape reads).
    private static func events(
        _ fields: JSONFields, content: JSONFields, entries: JSONFieldsList, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) -> Bool {
        guard fields["status"] == nil, let type = fields["type"], fields["content"]?.kind == .object else { return false }
        do throws(WireError) {
            if type.isString("ticker") {
                result.events.append(.ticker(try BithumbLegacyCodec.ticker(content)))
            } else if type.isString("transaction") {
                try BithumbLegacyCodec.transactions(
                    content, list: { $0.kind == .array ? entries : nil }, storage: &storage, into: &result)
            } else if type.isString("orderbookdepth") {
                try BithumbLegacyCodec.depth(content, list: { $0.kind == .array ? entries : nil }, storage: &storage, into: &result)
            } else {
                return false
            }
            return result.errors.isEmpty
        } catch {
            return false
        }
    }
}
