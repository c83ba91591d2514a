public import MarketCore

/// The codec for Bithumb's legacy API: `/pub/ws` text frames and `/public/...` REST bodies,
/// every number a JSON string, times as KST wall-clock text or µs/ms epoch strings.
public struct BithumbLegacyCodec: MarketCodec {
    var tokenizer = JSONTokenizer()
    var storage = DecodeStorage()
    var stream = LegacyStreamReader()

    /// Creates a codec.
    public init() {}

    public var dialect: Dialect { .bithumbLegacy }

    /// The ticker window requested and decoded: rolling 24 hours, the first of ``tickTypes``.
    static let tickType = tickTypes[0].name.description

    public mutating func decode(frame: UnsafeRawBufferPointer, into result: inout DecodedMessages) {
        result.removeAll()
        if frame.count <= WireLimits.frameBytes, stream.decode(frame, storage: &storage, into: &result) { return }
        tokenizer.decode(frame: frame, storage: &storage, into: &result) { (root, storage, result) throws(WireError) in
            try Self.decodeFrame(root, storage: &storage, into: &result)
        }
    }

    /// Decodes a frame's root: a notice or one message.
    static func decodeFrame(_ root: JSONValue, storage: inout DecodeStorage, into result: inout DecodedMessages) throws(WireError) {
        guard root.kind == .object else { throw .unknownMessage("not an object") }
        if root["status"] != nil {
            result.events.append(.notice(try Self.notice(root)))
            return
        }
        let type = try root.string("type")
        guard let content = root["content"], content.kind == .object else { throw .missingField("content") }
        switch type {
        case "ticker": result.events.append(.ticker(try Self.ticker(content)))
        case "transaction":
            try Self.transactions(content, list: { $0.kind == .array ? $0.elements : nil }, storage: &storage, into: &result)
        case "orderbookdepth":
            try Self.depth(content, list: { $0.kind == .array ? $0.elements : nil }, storage: &storage, into: &result)
        case "orderbooksnapshot": result.events.append(.orderBook(try Self.snapshot(content, errors: &result.errors)))
        default: throw .unknownMessage(type)
        }
    }

    public func subscribeFrames(for subscription: FeedSubscription) -> [String] {
        var frames: [String] = []
        for (type, markets) in [
            ("ticker", subscription.tickers), ("transaction", subscription.trades),
            ("orderbookdepth", subscription.orderBooks),
        ] where !markets.isEmpty {
            var writer = JSONWriter()
            writer.object { writer in
                writer.field("type", type)
                writer.key("symbols")
                writer.array { writer in for market in markets { writer.string(market.legacySymbol) } }
                if type == "ticker" {
                    writer.key("tickTypes")
                    writer.array { $0.string(Self.tickType) }
                }
            }
            frames.append(writer.text)
        }
        return frames
    }

    // MARK: Messages

    private static func notice(_ root: JSONValue) throws(WireError) -> FeedNotice {
        let status = try root.string("status")
        let message = root.optionalString("resmsg") ?? root.optionalString("message") ?? ""
        guard status == "0000" else { return .rejected(code: status, message: message) }
        return message.contains("Connected") ? .connected(message: message) : .subscribed(message: message)
    }

    /// The legacy ticker windows (`tickType`) and the bases they stand for; first the one the
    /// codec subscribes to, which its tickers name.
    static let tickTypes: [(name: StaticString, basis: ChangeBasis)] = [
        ("24H", .rolling24h), ("30M", .rolling(minutes: 30)), ("1H", .rolling(minutes: 60)),
        ("12H", .rolling(minutes: 720)), ("MID", .sinceMidnightKST),
    ]

    static func basis(forTickType tickType: String) throws(WireError) -> ChangeBasis {
        guard let entry = tickTypes.first(where: { $0.name.description == tickType }) else {
            throw .invalidValue("tickType", value: tickType)
        }
        return entry.basis
    }

    /// The window a ticker's `tickType` names, compared with each window's name where it is
    /// written when plain, before any text is made of it.
    private static func tickBasis<Content: JSONObjectReading>(_ content: Content) throws(WireError) -> ChangeBasis {
        if let written = content["tickType"], written.kind == .string,
            let entry = tickTypes.first(where: { written.isString($0.name) })
        {
            return entry.basis
        }
        return try basis(forTickType: try content.string("tickType"))
    }

    static func ticker<Content: JSONObjectReading>(_ content: Content) throws(WireError) -> Ticker {
        let basis = try tickBasis(content)
        let timestamp = try content.compactTime(date: "date", time: "time", .kst)
        let volume = try content.amount("volume")
        let value = try content.amount("value")
        let change = PriceChange(
            signedAmount: try content.decimal("chgAmt"),
            signedRate: try content.decimal("chgRate").shifted(byPowerOfTen: -2), basis: basis)
        let session = TradingSession(
            basis: basis, open: try content.price("openPrice"),
            high: try content.price("highPrice"), low: try content.price("lowPrice"),
            previousClose: try content.optionalPrice("prevClosePrice"),
            volume: volume, tradeValue: value)
        var flow: TradeFlow?
        if let sold = try content.optionalAmount("sellVolume"), let bought = try content.optionalAmount("buyVolume") {
            flow = TradeFlow(buyVolume: bought, sellVolume: sold)
        }
        let isDay = basis == .rolling24h
        return Ticker(
            market: try content.legacySymbol("symbol"), price: try content.price("closePrice"), change: change,
            session: session, volume24h: isDay ? volume : nil, tradeValue24h: isDay ? value : nil,
            timestamp: timestamp, flow: flow)
    }

    /// The trades of a `transaction` message's `list` (`list` gives its entries, or `nil` when
    /// it is no array).
    static func transactions<Content: JSONObjectReading, List: Sequence>(
        _ content: Content, list: (Content.Member) -> List?, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) throws(WireError) where List.Element: JSONObjectReading {
        guard let member = content["list"], let entries = list(member) else {
            result.errors.append(.missingField("list"))
            return
        }
        let trades = try storage.trades { trades in
            for entry in entries {
                do throws(WireError) {
                    trades.append(try trade(entry))
                } catch {
                    result.errors.append(error)
                }
            }
        }
        if !trades.isEmpty { result.events.append(.trades(trades)) }
    }

    private static func trade<Entry: JSONObjectReading>(_ entry: Entry) throws(WireError) -> Trade {
        let side: TradeSide
        switch try entry.string("buySellGb") {
        case "1": side = .sell
        case "2": side = .buy
        case let other: throw .invalidValue("buySellGb", value: other)
        }
        return Trade(
            market: try entry.legacySymbol("symbol"), price: try entry.price("contPrice"),
            quantity: try entry.tradeSize("contQty"), side: side,
            timestamp: try entry.wallTime("contDtm", .kst))
    }

    /// Changed levels grouped per symbol, in order of each symbol's first change. A frame
    /// usually changes one market, whose changes are read into the codec's storage.
    static func depth<Content: JSONObjectReading, List: Sequence>(
        _ content: Content, list: (Content.Member) -> List?, storage: inout DecodeStorage,
        into result: inout DecodedMessages
    ) throws(WireError) where List.Element: JSONObjectReading {
        let time = try content.epochTime("datetime")
        guard let member = content["list"], let entries = list(member) else { throw .missingField("list") }
        var firstMarket: MarketCode?
        var others: [OrderBookDelta] = []
        let firstChanges = try storage.bookChanges { changes in
            for entry in entries {
                do throws(WireError) {
                    let market = try entry.legacySymbol("symbol")
                    let side = try Self.side(entry)
                    let change = BookChange(side: side, price: try entry.price("price"), quantity: try entry.amount("quantity"))
                    if firstMarket == nil || market == firstMarket {
                        firstMarket = market
                        changes.append(change)
                    } else if let index = others.firstIndex(where: { $0.market == market }) {
                        others[index].changes.append(change)
                    } else {
                        others.append(OrderBookDelta(market: market, changes: [change], timestamp: time))
                    }
                } catch {
                    result.errors.append(error)
                }
            }
        }
        guard let first = firstMarket else { return }
        result.events.append(.orderBookDelta(OrderBookDelta(market: first, changes: firstChanges, timestamp: time)))
        for delta in others { result.events.append(.orderBookDelta(delta)) }
    }

    /// A change's `orderType`: `bid` or `ask`, compared where it is written before it is read.
    private static func side<Entry: JSONObjectReading>(_ entry: Entry) throws(WireError) -> BookSide {
        if let written = entry["orderType"] {
            if written.isString("bid") { return .bid }
            if written.isString("ask") { return .ask }
        }
        let text = try entry.string("orderType")
        guard let side = BookSide(rawValue: text) else { throw .invalidValue("orderType", value: text) }
        return side
    }

    /// A whole book of `[price, size]` pairs; a pair that breaks a ``WireRule`` adds an error to
    /// `errors` and the rest of the book is kept.
    private static func snapshot(_ content: JSONValue, errors: inout [WireError]) throws(WireError) -> OrderBook {
        func levels(_ key: StaticString) throws(WireError) -> [BookLevel] {
            guard let side = content[key], side.kind == .array else { throw .missingField("\(key)") }
            var levels: [BookLevel] = []
            for pair in side.elements {
                do throws(WireError) {
                    var values: [ExactDecimal] = []
                    for element in pair.elements { values.append(try element.asDecimal(field: key)) }
                    guard values.count == 2 else { throw .invalidField("\(key)", reason: "expected [price, size]") }
                    if let level = try WireRule.wholeBookLevel(price: values[0], size: values[1], field: key) {
                        levels.append(level)
                    }
                } catch {
                    errors.append(error)
                }
            }
            return levels
        }
        return OrderBook(
            market: try content.legacySymbol("symbol"), bids: try levels("bids"), asks: try levels("asks"),
            timestamp: try content.epochTime("datetime"))
    }
}
