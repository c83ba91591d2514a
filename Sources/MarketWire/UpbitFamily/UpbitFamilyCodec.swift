public import MarketCore

/// The codec for Bithumb API 2.0 and Upbit, which share one wire format (see
/// ``UpbitFamilyProfile`` for where they differ).
public struct UpbitFamilyCodec: MarketCodec {
    /// The exchange's differences.
    public let profile: UpbitFamilyProfile
    var tokenizer = JSONTokenizer()
    var storage = DecodeStorage()
    var stream = UpbitStreamReader()

    /// Creates a codec for one exchange.
    public init(profile: UpbitFamilyProfile) {
        self.profile = profile
    }

    public var dialect: Dialect { profile.dialect }

    public mutating func decode(frame: UnsafeRawBufferPointer, into result: inout DecodedMessages) {
        result.removeAll()
        if frame.count <= WireLimits.frameBytes, stream.decode(frame, profile: profile, storage: &storage, into: &result) {
            return
        }
        let profile = profile
        tokenizer.decode(frame: frame, storage: &storage, into: &result) { (root, storage, result) throws(WireError) in
            try Self.decodeFrame(root, profile: profile, storage: &storage, into: &result)
        }
    }

    /// Decodes a frame's root: one message object, or an array of them.
    static func decodeFrame(
        _ root: JSONValue, profile: UpbitFamilyProfile, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) throws(WireError) {
        guard root.kind == .array else {
            result.events.append(try message(root, profile: profile, storage: &storage, errors: &result.errors))
            return
        }
        for element in root.elements {
            do throws(WireError) {
                result.events.append(try message(element, profile: profile, storage: &storage, errors: &result.errors))
            } catch {
                result.errors.append(error)
            }
        }
    }

    /// Decodes one WebSocket message object; entries of its lists that break a ``WireRule`` are
    /// added to `errors` and left out.
    static func message(
        _ object: JSONValue, profile: UpbitFamilyProfile, storage: inout DecodeStorage,
        errors: inout [WireError]
    ) throws(WireError) -> MarketEvent {
        guard object.kind == .object else { throw .unknownMessage("not an object") }
        let keys: UpbitKeys
        let type: JSONValue
        if let value = object["type"] {
            (keys, type) = (.default, value)
        } else if let value = object["ty"] {
            (keys, type) = (.simple, value)
        } else if let error = object["error"] {
            return .notice(.rejected(code: errorName(error), message: error.optionalString("message") ?? ""))
        } else if let status = object["status"] {
            guard status.isString("UP") else { throw .unknownMessage("status \(status.stringValue ?? "?")") }
            return .notice(.heartbeat)
        } else {
            throw .unknownMessage("no type")
        }
        if type.isString("ticker") {
            return .ticker(try ticker(object, keys: keys, marketKey: keys.code, timeFromText: false, profile: profile))
        }
        if type.isString("orderbook") {
            return .orderBook(try orderBook(object, keys: keys, marketKey: keys.code, storage: &storage, errors: &errors))
        }
        if type.isString("trade") {
            let trade = try trade(object, keys: keys, marketKey: keys.code, timeKey: keys.tradeTimestamp)
            return .trades(try storage.trades { $0.append(trade) })
        }
        guard type.kind != .null else { throw .missingField("\(keys.type)") }
        guard let name = type.stringValue else { throw .invalidField("\(keys.type)", reason: "expected a string") }
        throw .unknownMessage(name)
    }

    /// The `name` of an error object, which may be a string or a number.
    static func errorName(_ error: JSONValue) -> String {
        guard let name = error["name"] else { return "" }
        return name.stringValue ?? String(decoding: name.span, as: UTF8.self)
    }

    public func subscribeFrames(for subscription: FeedSubscription) -> [String] {
        guard !subscription.isEmpty else { return [] }
        var writer = JSONWriter()
        writer.array { writer in
            writer.object {
                $0.key("ticket")
                $0.string("coinboard-\(UInt64.random(in: 1...UInt64.max))")
            }
            for (type, codes) in [
                ("ticker", subscription.tickers), ("orderbook", subscription.orderBooks),
                ("trade", subscription.trades),
            ] where !codes.isEmpty {
                writer.object { writer in
                    writer.field("type", type)
                    writer.key("codes")
                    writer.array { writer in for code in codes { writer.string(code.code) } }
                }
            }
            writer.object {
                $0.key("format")
                $0.string("DEFAULT")
            }
        }
        return [writer.text]
    }
}
