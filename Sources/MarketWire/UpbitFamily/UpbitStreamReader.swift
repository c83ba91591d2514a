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
    private let message = JSONKeyTable([
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
    private let unit = JSONKeyTable([keys.askPrice, keys.bidPrice, keys.askSize, keys.bidSize])
    private let unitsKey: Int
    /// The most units read from one book (the exchanges send 15 or 30); a larger book goes to
    /// the tape, so the slots kept between frames stay small whatever a frame holds.
    static let maxUnits = 64
    private var slots: [JSONSlot]
    private var unitSlots: [JSONSlot] = []
    /// The orders the messages' and the units' members last came in.
    private var messageOrder: JSONMemberOrder
    private var unitOrder: JSONMemberOrder

    init() {
        unitsKey = message.withLookup { $0.index(of: Self.keys.orderbookUnits) } ?? 0
        slots = Array(repeating: .absent, count: message.count)
        messageOrder = JSONMemberOrder(count: message.count)
        unitOrder = JSONMemberOrder(count: unit.count)
    }

    /// Appends the frame's event to `result` and returns `true`; or returns `false`, with
    /// `result` untouched, for a frame the tape must read.
    mutating func decode(
        _ frame: UnsafeRawBufferPointer, profile: UpbitFamilyProfile, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) -> Bool {
        var slots = self.slots
        var unitSlots = self.unitSlots
        var messageOrder = self.messageOrder
        var unitOrder = self.unitOrder
        self.slots = []
        self.unitSlots = []
        self.messageOrder = .unused
        self.unitOrder = .unused
        defer {
            self.slots = slots
            self.unitSlots = unitSlots
            self.messageOrder = messageOrder
            self.unitOrder = unitOrder
        }
        return message.withLookup { message in
            unit.withLookup { unit in
                guard
                    Self.collect(
                        frame, message: message, unit: unit, unitsKey: unitsKey, into: &slots, units: &unitSlots,
                        messageOrder: &messageOrder, unitOrder: &unitOrder)
                else { return false }
                return slots.withUnsafeBufferPointer { slots in
                    unitSlots.withUnsafeBufferPointer { unitSlots in
                        let fields = JSONFields(bytes: frame, table: message, slots: slots)
                        let units = JSONFieldsList(bytes: frame, table: unit, slots: unitSlots)
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
        _ frame: UnsafeRawBufferPointer, message: JSONKeyLookup, unit: JSONKeyLookup, unitsKey: Int,
        into slots: inout [JSONSlot], units: inout [JSONSlot], messageOrder: inout JSONMemberOrder,
        unitOrder: inout JSONMemberOrder
    ) -> Bool {
        for index in slots.indices { slots[index] = .absent }
        units.removeAll(keepingCapacity: true)
        var cursor = JSONCursor(frame)
        return cursor.object(message, into: &slots, at: 0, depth: 0, order: &messageOrder, arrayKey: unitsKey) { cursor, depth in
            cursor.array(depth: depth) { cursor in
                let first = units.count
                guard first < maxUnits &* unit.count else { return false }
                for _ in 0..<unit.count { units.append(.absent) }
                return cursor.objectInTableOrder(unit, into: &units, at: first)
                    || cursor.object(unit, into: &units, at: first, depth: depth &+ 1, order: &unitOrder)
            }
        } && cursor.atEnd()
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
