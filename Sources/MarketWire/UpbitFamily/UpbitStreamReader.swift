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
    private static let unitsKey = message.withLookup { $0.index(of: keys.orderbookUnits) } ?? 0
    private static let codeKey = message.withLookup { $0.index(of: keys.code) } ?? 0
    private var slots: [JSONSlot]
    /// The order the messages' members last came in.
    private var messageOrder: JSONMemberOrder
    /// Reads a book's units into its levels.
    private var units = BookUnitsReader()

    init() {
        slots = Array(repeating: .absent, count: Self.message.count)
        messageOrder = JSONMemberOrder(count: Self.message.count)
    }

    /// Appends the frame's event to `result` and returns `true`; or returns `false`, with
    /// `result` untouched, for a frame the tape must read.
    mutating func decode(
        _ frame: UnsafeRawBufferPointer, profile: UpbitFamilyProfile, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) -> Bool {
        Self.message.withLookup { message in
            guard Self.collect(frame, message: message, into: &slots, order: &messageOrder, units: &units) else {
                return false
            }
            return slots.withUnsafeMutableBufferPointer { slots in
                let fields = JSONFields(bytes: frame, table: message, slots: UnsafeBufferPointer(slots))
                guard let event = Self.event(fields, units: &units, profile: profile, storage: &storage) else { return false }
                result.events.append(event)
                return true
            }
        }
    }

    /// One pass over the frame: the message's members into `slots`, its units' levels into `units`.
    private static func collect(
        _ frame: UnsafeRawBufferPointer, message: JSONKeyLookup, into slots: inout [JSONSlot],
        order: inout JSONMemberOrder, units: inout BookUnitsReader
    ) -> Bool {
        for index in slots.indices { slots[index] = .absent }
        units.start()
        var cursor = JSONCursor(frame)
        return cursor.object(message, into: &slots, at: 0, depth: 0, order: &order, containerKey: unitsKey, contextKey: codeKey) {
            cursor, depth, code in
            units.read(&cursor, depth: depth, code: code, in: frame)
        } && cursor.atEnd()
    }

    /// The message the collected members make, or `nil` where reading them finds an error.
    /// `units` is lent, not copied (a copy would count a reference to each of its arrays).
    private static func event(
        _ fields: JSONFields, units: inout BookUnitsReader, profile: UpbitFamilyProfile, storage: inout DecodeStorage
    ) -> MarketEvent? {
        guard let type = fields[keys.type] else { return nil }
        do throws(WireError) {
            if type.isString("ticker") {
                return .ticker(
                    try UpbitFamilyCodec.ticker(fields, keys: keys, marketKey: keys.code, timeFromText: false, profile: profile))
            }
            if type.isString("orderbook") {
                // The units member is an array the units were read from (see `collect`).
                guard fields[keys.orderbookUnits]?.kind == .array else { return nil }
                return .orderBook(
                    OrderBook(
                        market: try fields.marketCode(keys.code), bids: units.bids, asks: units.asks,
                        timestamp: try fields.epochTime(keys.timestamp)))
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
