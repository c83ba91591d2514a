public import MarketCore

/// The codec for Binance spot market data, read as the reference for won prices: the combined
/// stream endpoint's text frames (`{"stream":…,"data":…}`, or a bare event on `/ws/…`) and the
/// `/api/v3/…` REST bodies. Prices and sizes are JSON strings, times milliseconds since the
/// epoch. Only USDT-quoted symbols are markets here (`BTCUSDT` is `USDT-BTC`); others in a
/// list (`!miniTicker@arr` holds every symbol that changed) are passed over, not errors.
public struct BinanceCodec: MarketCodec {
    var tokenizer = JSONTokenizer()
    var storage = DecodeStorage()

    /// Creates a codec.
    public init() {}

    public var dialect: Dialect { .binance }

    /// Streams asked for in one `SUBSCRIBE` request.
    static let streamsPerRequest = 200

    public mutating func decode(frame: UnsafeRawBufferPointer, into result: inout DecodedMessages) {
        tokenizer.decode(frame: frame, storage: &storage, into: &result) { (root, storage, result) throws(WireError) in
            try Self.decodeFrame(root, storage: &storage, into: &result)
        }
    }

    /// One `SUBSCRIBE` request per ``streamsPerRequest`` streams: each market's `@miniTicker`
    /// and, for the markets in view, its `@trade`. Asking again for a stream already streamed
    /// changes nothing, so the whole set is sent each time.
    public func subscribeFrames(for subscription: FeedSubscription) -> [String] {
        let streams =
            subscription.tickers.map { BinanceSymbol.streamSymbol(of: $0) + "@miniTicker" }
            + subscription.trades.map { BinanceSymbol.streamSymbol(of: $0) + "@trade" }
        return stride(from: 0, to: streams.count, by: Self.streamsPerRequest).enumerated().map { number, start in
            var writer = JSONWriter()
            writer.object { writer in
                writer.field("method", "SUBSCRIBE")
                writer.key("params")
                writer.array { writer in
                    for stream in streams[start..<min(start + Self.streamsPerRequest, streams.count)] { writer.string(stream) }
                }
                writer.field("id", number + 1)
            }
            return writer.text
        }
    }

    // MARK: Frames

    /// A frame's root: a combined stream's wrapper, a request's answer, or a bare event.
    static func decodeFrame(_ root: JSONValue, storage: inout DecodeStorage, into result: inout DecodedMessages) throws(WireError) {
        switch root.kind {
        case .array:
            miniTickers(root, into: &result)
        case .object:
            if let data = root["data"] {
                try event(data, into: &result)
            } else if root["code"] != nil {
                result.events.append(.notice(.rejected(code: try root.int64("code").description, message: root.optionalString("msg") ?? "")))
            } else if let id = root["id"], root["result"] != nil {
                let number = id.decimalValue?.description ?? id.stringValue ?? ""
                result.events.append(.notice(.subscribed(message: "request \(number)")))
            } else {
                try event(root, into: &result)
            }
        default:
            throw .unknownMessage("not an object")
        }
    }

    /// One stream event, by its type (`e`); an array is `!miniTicker@arr`'s.
    private static func event(_ data: JSONValue, into result: inout DecodedMessages) throws(WireError) {
        if data.kind == .array {
            miniTickers(data, into: &result)
            return
        }
        guard data.kind == .object else { throw .unknownMessage("not an object") }
        let type = try data.string("e")
        switch type {
        case "24hrTicker": result.events.append(.ticker(try ticker(data)))
        case "24hrMiniTicker": result.events.append(.ticker(try miniTicker(data)))
        case "trade": result.events.append(.trades([try trade(data, idKey: "t")]))
        case "aggTrade": result.events.append(.trades([try trade(data, idKey: "a")]))
        case "serverShutdown": result.events.append(.notice(.closing(message: "serverShutdown")))
        default: throw .unknownMessage(type)
        }
    }

    /// The USDT markets' mini tickers of a list; a bad entry adds an error, the rest decode.
    private static func miniTickers(_ list: JSONValue, into result: inout DecodedMessages) {
        for entry in list.elements {
            do throws(WireError) {
                guard BinanceSymbol.market(try entry.string("s")) != nil else { continue }
                result.events.append(.ticker(try miniTicker(entry)))
            } catch {
                result.errors.append(error)
            }
        }
    }

    // MARK: Events

    /// A `24hrTicker` event: the rolling day's change as Binance states it.
    private static func ticker(_ data: JSONValue) throws(WireError) -> Ticker {
        try ticker(
            data, keys: TickerKeys(symbol: "s", price: "c", open: "o", high: "h", low: "l", volume: "v", quoteVolume: "q"),
            change: (try data.decimal("p"), try data.decimal("P")), time: try data.epochTime("E"))
    }

    /// A `24hrMiniTicker` event: the change is the price less the rolling day's open.
    private static func miniTicker(_ data: JSONValue) throws(WireError) -> Ticker {
        try ticker(
            data, keys: TickerKeys(symbol: "s", price: "c", open: "o", high: "h", low: "l", volume: "v", quoteVolume: "q"),
            change: nil, time: try data.epochTime("E"))
    }

    /// The members a ticker's figures are read from: the streams' one-letter keys, or REST's.
    struct TickerKeys {
        let symbol: StaticString
        let price: StaticString
        let open: StaticString
        let high: StaticString
        let low: StaticString
        let volume: StaticString
        let quoteVolume: StaticString
    }

    /// A ticker over the rolling 24 hours; `change` is Binance's (amount, percent) when sent,
    /// else the price less the open.
    static func ticker(
        _ object: JSONValue, keys: TickerKeys, change: (amount: ExactDecimal, percent: ExactDecimal)?, time: Timestamp
    ) throws(WireError) -> Ticker {
        let price = try object.price(keys.price)
        let open = try object.price(keys.open)
        let amount = change?.amount ?? price - open
        let rate = change.map { $0.percent.shifted(byPowerOfTen: -2) } ?? (amount.divided(by: open) ?? .zero)
        let volume = try object.amount(keys.volume)
        let quoteVolume = try object.amount(keys.quoteVolume)
        return Ticker(
            market: try symbol(object, keys.symbol), price: price,
            change: PriceChange(signedAmount: amount, signedRate: rate, basis: .rolling24h),
            session: TradingSession(
                basis: .rolling24h, open: open, high: try object.price(keys.high), low: try object.price(keys.low), volume: volume,
                tradeValue: quoteVolume),
            volume24h: volume, tradeValue24h: quoteVolume, timestamp: time)
    }

    /// A `trade` or `aggTrade` event; the buyer as maker means a seller took liquidity.
    private static func trade(_ data: JSONValue, idKey: StaticString) throws(WireError) -> Trade {
        Trade(
            market: try symbol(data, "s"), price: try data.price("p"), quantity: try data.tradeSize("q"),
            side: try data.optionalBool("m") == true ? .sell : .buy, timestamp: try data.epochTime("T"),
            id: try data.optionalUInt64(idKey))
    }

    /// A USDT-quoted symbol's market.
    static func symbol(_ object: JSONValue, _ key: StaticString) throws(WireError) -> MarketCode {
        let text = try object.string(key)
        guard let market = BinanceSymbol.market(text) else { throw .invalidValue("\(key)", value: text) }
        return market
    }
}
