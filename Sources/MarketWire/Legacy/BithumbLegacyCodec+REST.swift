public import MarketCore

extension BithumbLegacyCodec {
    /// Levels a side the REST book is asked for (the API's maximum).
    public static let bookSnapshotDepth = 30

    /// The candlestick intervals `/public/candlestick` serves, by the interval they build.
    static func sourceInterval(for interval: CandleInterval) -> CandleInterval {
        switch interval {
        case .fifteenMinutes: .fiveMinutes
        case .fourHours: .oneHour
        default: interval
        }
    }

    public func requests(for resource: SnapshotResource) -> [RESTRequest] {
        typealias Item = RESTRequest.QueryItem
        switch resource {
        case .markets:
            return [RESTRequest(path: "/v1/market/all", query: [Item("isDetails", "true")])]
        case .tickers(let markets):
            let quotes = markets.reduce(into: [String]()) { quotes, market in
                if !quotes.contains(market.quote) { quotes.append(market.quote) }
            }
            return quotes.map { RESTRequest(path: "/public/ticker/ALL_\($0)") }
        case .orderBook(let market):
            return [RESTRequest(path: "/public/orderbook/\(market.legacySymbol)", query: [Item("count", String(Self.bookSnapshotDepth))])]
        case .trades(let market, let count):
            return [
                RESTRequest(
                    path: "/public/transaction_history/\(market.legacySymbol)",
                    query: [Item("count", String(min(max(count, 1), 100)))])
            ]
        case .candles(let market, let interval, _, _):
            return [RESTRequest(path: "/public/candlestick/\(market.legacySymbol)/\(Self.sourceInterval(for: interval).rawValue)")]
        case .warnings:
            return [RESTRequest(path: "/v1/market/virtual_asset_warning")]
        case .transfers:
            return [RESTRequest(path: Self.transfersPath)]
        }
    }

    /// Where every coin's deposit and withdrawal state is served.
    public static let transfersPath = "/public/assetsstatus/ALL"

    public mutating func decode(response: UnsafeRawBufferPointer, for resource: SnapshotResource) -> DecodedMessages {
        var result = DecodedMessages()
        tokenizer.decode(response, limit: WireLimits.responseBytes, into: &result) { (root, result) throws(WireError) in
            switch resource {
            case .markets:
                try UpbitFamilyCodec.decodeMarkets(root, into: &result)
                return
            case .warnings:
                try UpbitFamilyCodec.decodeWarnings(root, into: &result)
                return
            default:
                break
            }
            try Self.decodeData(try Self.envelopeData(root), for: resource, into: &result)
        }
        return result
    }

    /// The `data` of a `{"status":"0000","data":…}` envelope, or the exchange's error thrown
    /// (another status, or the gateway's bare `{"name":…}`).
    private static func envelopeData(_ root: JSONValue) throws(WireError) -> JSONValue {
        guard root.kind == .object else { throw .invalidField("body", reason: "expected an object") }
        if root["status"] == nil, root["name"] != nil {
            throw .exchange(code: UpbitFamilyCodec.errorName(root), message: root.optionalString("message") ?? "")
        }
        let status = try root.string("status")
        guard status == "0000" else { throw .exchange(code: status, message: root.optionalString("message") ?? "") }
        guard let data = root["data"] else { throw .missingField("data") }
        return data
    }

    private static func decodeData(
        _ data: JSONValue, for resource: SnapshotResource,
        into result: inout DecodedMessages
    ) throws(WireError) {
        switch resource {
        case .markets, .warnings:
            break
        case .transfers:
            try transfers(data, into: &result)
        case .tickers(let markets):
            try tickers(data, quote: markets.first?.quote ?? "KRW", into: &result)
        case .orderBook(let market):
            result.events.append(.orderBook(try orderBook(data, market: market, errors: &result.errors)))
        case .trades(let market, _):
            guard data.kind == .array else { throw .invalidField("data", reason: "expected an array") }
            var trades: [Trade] = []
            for row in data.elements {
                do throws(WireError) { trades.append(try trade(row, market: market)) } catch { result.errors.append(error) }
            }
            result.events.append(.trades(trades.sorted { $0.timestamp < $1.timestamp }))
        case .candles(let market, let interval, let count, let before):
            guard data.kind == .array else { throw .invalidField("data", reason: "expected an array") }
            var candles: [Candle] = []
            for row in data.elements {
                do throws(WireError) { candles.append(try candle(row)) } catch { result.errors.append(error) }
            }
            result.events.append(
                .candles(
                    .served(
                        candles, of: sourceInterval(for: interval), as: interval, market: market, count: count, coveredUntil: nil,
                        before: before)))
        }
    }

    /// `/public/assetsstatus/ALL` as a body of its own (Bithumb serves it beside API 2.0 too).
    static func decodeTransfers(_ root: JSONValue, into result: inout DecodedMessages) throws(WireError) {
        try transfers(try envelopeData(root), into: &result)
    }

    /// Per coin, `deposit_status` and `withdrawal_status` as 1 (normal) or 0 (suspended); a
    /// coin whose row is broken is dropped alone.
    private static func transfers(_ data: JSONValue, into result: inout DecodedMessages) throws(WireError) {
        guard data.kind == .object else { throw .invalidField("data", reason: "expected an object") }
        /// 1 or 0, as a number or a string.
        func state(_ row: JSONValue, _ key: StaticString) throws(WireError) -> TransferState {
            switch try row.int64(key) {
            case 1: return .normal
            case 0: return .suspended
            case let other: throw .invalidValue("\(key)", value: String(other))
            }
        }
        var transfers: [String: TransferStatus] = [:]
        for (key, row) in data.members {
            do throws(WireError) {
                let symbol = key.stringValue ?? ""
                guard row.kind == .object, MarketCode(quote: "KRW", base: symbol) != nil else {
                    throw .invalidValue("data", value: symbol)
                }
                transfers[symbol] = TransferStatus(
                    deposit: try state(row, "deposit_status"), withdrawal: try state(row, "withdrawal_status"))
            } catch {
                result.errors.append(error)
            }
        }
        result.events.append(.transfers(transfers))
    }

    /// `ALL_KRW`: one object per coin plus a `date` string, which is skipped.
    private static func tickers(_ data: JSONValue, quote: String, into result: inout DecodedMessages) throws(WireError) {
        guard data.kind == .object else { throw .invalidField("data", reason: "expected an object") }
        let time = (try? data.epochTime("date")) ?? Timestamp(microseconds: 0)
        for (key, row) in data.members where row.kind == .object {
            do throws(WireError) {
                let symbol = key.stringValue ?? ""
                guard let market = MarketCode(quote: quote, base: symbol) else { throw .invalidValue("data", value: symbol) }
                result.events.append(.ticker(try ticker(row, market: market, time: time)))
            } catch {
                result.errors.append(error)
            }
        }
    }

    private static func ticker(_ row: JSONValue, market: MarketCode, time: Timestamp) throws(WireError) -> Ticker {
        let price = try row.price("closing_price")
        let signed = try row.decimal("fluctate_24H")
        let change = PriceChange(
            signedAmount: signed,
            signedRate: try row.decimal("fluctate_rate_24H").shifted(byPowerOfTen: -2), basis: .rolling24h)
        let session = TradingSession(
            basis: .sinceMidnightKST, open: try row.price("opening_price"),
            high: try row.price("max_price"), low: try row.price("min_price"),
            previousClose: try row.optionalPrice("prev_closing_price"),
            volume: try row.optionalAmount("units_traded"),
            tradeValue: try row.optionalAmount("acc_trade_value"))
        return Ticker(
            market: market, price: price, change: change, session: session,
            volume24h: try row.amount("units_traded_24H"),
            tradeValue24h: try row.amount("acc_trade_value_24H"), timestamp: time)
    }

    /// A whole book; a level that breaks a ``WireRule`` adds an error to `errors` and the rest
    /// of the book is kept.
    private static func orderBook(
        _ data: JSONValue, market: MarketCode,
        errors: inout [WireError]
    ) throws(WireError) -> OrderBook {
        func levels(_ key: StaticString) throws(WireError) -> [BookLevel] {
            guard let side = data[key], side.kind == .array else { throw .missingField("\(key)") }
            var levels: [BookLevel] = []
            for row in side.elements {
                do throws(WireError) {
                    let level = try WireRule.wholeBookLevel(
                        price: try row.decimal("price"),
                        size: try row.decimal("quantity"), field: "quantity")
                    if let level { levels.append(level) }
                } catch {
                    errors.append(error)
                }
            }
            return levels
        }
        return OrderBook(
            market: market, bids: try levels("bids"), asks: try levels("asks"),
            timestamp: try data.epochTime("timestamp"))
    }

    private static func trade(_ row: JSONValue, market: MarketCode) throws(WireError) -> Trade {
        let type = try row.string("type")
        let side: TradeSide
        switch type {
        case "bid": side = .buy
        case "ask": side = .sell
        default: throw .invalidValue("type", value: type)
        }
        return Trade(
            market: market, price: try row.price("price"), quantity: try row.tradeSize("units_traded"),
            side: side,
            timestamp: try row.wallTime("transaction_date", .kst))
    }

    /// `[time_ms, open, close, high, low, volume]` — close before high and low.
    private static func candle(_ row: JSONValue) throws(WireError) -> Candle {
        var values: [JSONValue] = []
        for element in row.elements { values.append(element) }
        guard values.count == 6 else { throw .invalidField("data", reason: "expected 6 candle fields") }
        return try WireRule.candle(
            start: Timestamp(milliseconds: try values[0].asInt64(field: "time")),
            open: try values[1].asDecimal(field: "open"), high: try values[3].asDecimal(field: "high"),
            low: try values[4].asDecimal(field: "low"), close: try values[2].asDecimal(field: "close"),
            volume: try values[5].asDecimal(field: "volume"), tradeValue: nil)
    }
}
