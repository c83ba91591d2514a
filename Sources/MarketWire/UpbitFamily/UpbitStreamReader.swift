import MarketCore

/// Reads the stream's tickers, order books and trades (`DEFAULT` format) in one forward pass of
/// ``JSONCursor`` instead of through the tape: the same decoders
/// (``UpbitFamilyCodec/ticker(_:keys:marketKey:timeFromText:profile:)`` and the others) read
/// the members the pass collected. A frame it cannot read without an error — another message,
/// an array of them, the `SIMPLE` format, anything the tokenizer refuses, a broken rule — is
/// left to the tape, so every event and every error is the tape's.
struct UpbitStreamReader: Sendable {
    private static let keys = UpbitKeys.default

    /// The members the three messages are read from, in the order Bithumb's ticker sends them,
    /// with the others the exchanges send: those are collected unread, so that every name is
    /// found in the order learned (``JSONMemberOrder``).
    private static let message = JSONKeyTable([
        keys.type, keys.code, keys.openingPrice, keys.highPrice, keys.lowPrice, keys.tradePrice,
        keys.prevClosingPrice, keys.change, keys.changePrice, keys.signedChangePrice, keys.changeRate,
        keys.signedChangeRate, keys.tradeVolume, keys.accTradeVolume, keys.accTradeVolume24h, keys.accTradePrice,
        keys.accTradePrice24h, keys.tradeDate, keys.tradeTime, keys.tradeTimestamp, keys.askBid, keys.accAskVolume,
        keys.accBidVolume, keys.highest52WeekPrice, keys.highest52WeekDate, keys.lowest52WeekPrice,
        keys.lowest52WeekDate, keys.marketState, keys.isTradingSuspended, keys.delistingDate, keys.marketWarning,
        keys.timestamp, keys.streamType, keys.sequentialID, keys.totalAskSize, keys.totalBidSize, keys.orderbookUnits,
        keys.level,
    ])
    /// The members of an order book's unit, in the order they are sent.
    private static let unit = JSONKeyTable([keys.askPrice, keys.bidPrice, keys.askSize, keys.bidSize])
    private static let unitsKey = message.withLookup { $0.index(of: keys.orderbookUnits) } ?? 0
    private static let codeKey = message.withLookup { $0.index(of: keys.code) } ?? 0
    /// The most units read from one book (the exchanges send 15 or 30); a larger book goes to
    /// the tape, so the slots kept between frames stay small whatever a frame holds.
    static let maxUnits = 64
    private var slots: [JSONSlot]
    private var unitSlots: [JSONSlot] = []
    /// The orders the messages' and the units' members last came in.
    private var messageOrder: JSONMemberOrder
    private var unitOrder: JSONMemberOrder
    /// The units of the last books read, which most units of the next are sent again as.
    private var repeatedUnits: RepeatedUnits

    init() {
        slots = Array(repeating: .absent, count: Self.message.count)
        messageOrder = JSONMemberOrder(count: Self.message.count)
        unitOrder = JSONMemberOrder(count: Self.unit.count)
        repeatedUnits = RepeatedUnits(slotsPerUnit: Self.unit.count)
    }

    /// Appends the frame's event to `result` and returns `true`; or returns `false`, with
    /// `result` untouched, for a frame the tape must read.
    mutating func decode(
        _ frame: UnsafeRawBufferPointer, profile: UpbitFamilyProfile, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) -> Bool {
        Self.message.withLookup { message in
            Self.unit.withLookup { unit in
                guard
                    Self.collect(
                        frame, message: message, unit: unit, into: &slots, units: &unitSlots,
                        messageOrder: &messageOrder, unitOrder: &unitOrder, repeatedUnits: &repeatedUnits)
                else { return false }
                return slots.withUnsafeMutableBufferPointer { slots in
                    unitSlots.withUnsafeMutableBufferPointer { unitSlots in
                        let fields = JSONFields(bytes: frame, table: message, slots: UnsafeBufferPointer(slots))
                        let units = JSONFieldsList(bytes: frame, table: unit, slots: UnsafeBufferPointer(unitSlots))
                        guard let event = Self.event(fields, units: units, profile: profile, storage: &storage) else {
                            return false
                        }
                        result.events.append(event)
                        return true
                    }
                }
            }
        }
    }

    /// One pass over the frame: the message's members into `slots`, its units' into `units`.
    private static func collect(
        _ frame: UnsafeRawBufferPointer, message: JSONKeyLookup, unit: JSONKeyLookup,
        into slots: inout [JSONSlot], units: inout [JSONSlot], messageOrder: inout JSONMemberOrder,
        unitOrder: inout JSONMemberOrder, repeatedUnits: inout RepeatedUnits
    ) -> Bool {
        for index in slots.indices { slots[index] = .absent }
        units.removeAll(keepingCapacity: true)
        var cursor = JSONCursor(frame)
        return cursor.object(message, into: &slots, at: 0, depth: 0, order: &messageOrder, containerKey: unitsKey, contextKey: codeKey) {
            cursor, depth, code in
            readUnits(
                &cursor, depth: depth, code: code, frame: frame, unit: unit, into: &units, order: &unitOrder,
                repeatedUnits: &repeatedUnits)
        } && cursor.atEnd()
    }

    /// Reads a book's units from the array's `[` through its `]` into `units`. A unit sent
    /// unchanged at its place in the market's last book (when its `code` came before the units)
    /// is taken from `repeatedUnits`; one read in full is kept there.
    @inline(never)
    private static func readUnits(
        _ cursor: inout JSONCursor, depth: Int, code: JSONSlot, frame: UnsafeRawBufferPointer, unit: JSONKeyLookup,
        into units: inout [JSONSlot], order: inout JSONMemberOrder, repeatedUnits: inout RepeatedUnits
    ) -> Bool {
        let book =
            code.kind == .string
            ? repeatedUnits.book(code: UnsafeRawBufferPointer(rebasing: frame[Int(code.start)..<Int(code.end)])) : nil
        return cursor.array(depth: depth) { cursor in
            let first = units.count
            guard first < maxUnits &* unit.count else { return false }
            let start = cursor.offset
            let position = first / unit.count
            if let book, let end = repeatedUnits.unit(of: book, at: position, in: frame, from: start, appendingTo: &units) {
                cursor.skip(to: end)
                return true
            }
            for _ in 0..<unit.count { units.append(.absent) }
            guard
                cursor.objectInTableOrder(unit, into: &units, at: first)
                    || cursor.object(unit, into: &units, at: first, depth: depth &+ 1, order: &order)
            else { return false }
            if let book { repeatedUnits.keep(book, at: position, frame, start, cursor.offset, units: units, first: first) }
            return true
        }
    }

    /// The message the collected members make, or `nil` where reading them finds an error.
    private static func event(
        _ fields: JSONFields, units: JSONFieldsList, profile: UpbitFamilyProfile, storage: inout DecodeStorage
    ) -> MarketEvent? {
        guard let type = fields[keys.type] else { return nil }
        do throws(WireError) {
            if type.isString("ticker") {
                return .ticker(
                    try UpbitFamilyCodec.ticker(fields, keys: keys, marketKey: keys.code, timeFromText: false, profile: profile))
            }
            if type.isString("orderbook") {
                var errors: [WireError] = []
                let book = try UpbitFamilyCodec.orderBook(
                    fields, units: { $0.kind == .array ? units : nil }, keys: keys, marketKey: keys.code,
                    storage: &storage, errors: &errors)
                return errors.isEmpty ? .orderBook(book) : nil
            }
            if type.isString("trade") {
                let trade = try UpbitFamilyCodec.trade(fields, keys: keys, marketKey: keys.code, timeKey: keys.tradeTimestamp)
                return .trades(try storage.trades { $0.append(trade) })
            }
            return nil
        } catch {
            return nil
        }
    }
}
