public import MarketCore

extension UpbitFamilyCodec {
    public func requests(for resource: SnapshotResource) -> [RESTRequest] {
        typealias Item = RESTRequest.QueryItem
        switch resource {
        case .markets:
            return [RESTRequest(path: "/v1/market/all", query: [profile.marketDetailsQuery])]
        case .tickers(let markets):
            return stride(from: 0, to: markets.count, by: UpbitFamilyProfile.tickersPerRequest).map { start in
                let chunk = markets[start..<min(start + UpbitFamilyProfile.tickersPerRequest, markets.count)]
                return RESTRequest(path: "/v1/ticker", query: [Item("markets", chunk.map(\.code).joined(separator: ","))])
            }
        case .orderBook(let market):
            return [RESTRequest(path: "/v1/orderbook", query: [Item("markets", market.code)])]
        case .trades(let market, let count):
            let limited = min(max(count, 1), UpbitFamilyProfile.tradesPerRequest)
            return [RESTRequest(path: "/v1/trades/ticks", query: [Item("market", market.code), Item("count", String(limited))])]
        case .candles(let market, let interval, let count, let before):
            let source = Self.sourceInterval(for: interval)
            let needed = count * interval.minutes / source.minutes
            var query = [
                Item("market", market.code),
                Item("count", String(min(max(needed, 1), UpbitFamilyProfile.candlesPerRequest))),
            ]
            if let before { query.append(Item("to", profile.candleTime(before))) }
            if source == .oneDay { return [RESTRequest(path: "/v1/candles/days", query: query)] }
            return [RESTRequest(path: "/v1/candles/minutes/\(source.minutes)", query: query)]
        case .warnings:
            return profile.dialect == .bithumb ? [RESTRequest(path: "/v1/market/virtual_asset_warning")] : []
        case .transfers:
            // Bithumb serves its legacy asset status beside API 2.0; Upbit publishes none.
            return profile.dialect == .bithumb ? [RESTRequest(path: BithumbLegacyCodec.transfersPath)] : []
        }
    }

    public mutating func decode(response: UnsafeRawBufferPointer, for resource: SnapshotResource) -> DecodedMessages {
        let profile = profile
        var result = DecodedMessages()
        tokenizer.decode(response, limit: WireLimits.responseBytes, into: &result) { (root, result) throws(WireError) in
            if case .transfers = resource {
                try BithumbLegacyCodec.decodeTransfers(root, into: &result)
                return
            }
            try Self.decodeBody(try Self.bodyRows(root), for: resource, profile: profile, into: &result)
        }
        return result
    }

    private static func decodeBody(
        _ rows: JSONValue, for resource: SnapshotResource, profile: UpbitFamilyProfile,
        into result: inout DecodedMessages
    ) throws(WireError) {
        let keys = UpbitKeys.default
        switch resource {
        case .markets:
            markets(rows, into: &result)
        case .warnings:
            warnings(rows, into: &result)
        case .transfers:
            break
        case .tickers:
            let tickers = collect(rows, into: &result) { (row) throws(WireError) in
                MarketEvent.ticker(
                    try ticker(
                        row, keys: keys, marketKey: "market",
                        timeFromText: profile.restTickerTimeFromText, profile: profile))
            }
            result.events.append(contentsOf: tickers)
        case .orderBook:
            var levelErrors: [WireError] = []
            var storage = DecodeStorage()
            let books = collect(rows, into: &result) { (row) throws(WireError) in
                MarketEvent.orderBook(try orderBook(row, keys: keys, marketKey: "market", storage: &storage, errors: &levelErrors))
            }
            result.errors.append(contentsOf: levelErrors)
            result.events.append(contentsOf: books)
        case .trades:
            let trades = collect(rows, into: &result) { (row) throws(WireError) in
                try trade(row, keys: keys, marketKey: "market", timeKey: "timestamp")
            }
            // Rows come newest first; reversing before the (stable) sort keeps trades that share
            // a timestamp in the order they happened.
            result.events.append(.trades(trades.reversed().sorted { $0.timestamp < $1.timestamp }))
        case .candles(let market, let interval, let count, let before):
            var coveredUntil: Timestamp?
            let source = sourceInterval(for: interval)
            let candles = collect(rows, into: &result) { (row) throws(WireError) in
                let candle = try Self.candle(row)
                if let last = try? row.epochTime("timestamp"), last >= candle.start,
                    last < candle.start.advanced(byMicroseconds: source.microseconds)
                {
                    coveredUntil = max(coveredUntil ?? last, last)
                }
                return candle
            }
            result.events.append(
                .candles(
                    .served(candles, of: source, as: interval, market: market, count: count, coveredUntil: coveredUntil, before: before)))
        }
    }

    /// The rows of a body: its array, or the exchange's error (`{"error":{…}}`, or the gateway's
    /// bare `{"name":…}`) thrown.
    static func bodyRows(_ body: JSONValue) throws(WireError) -> JSONValue {
        if body.kind == .object {
            let error = body["error"] ?? body
            throw .exchange(code: errorName(error), message: error.optionalString("message") ?? "")
        }
        guard body.kind == .array else { throw .invalidField("body", reason: "expected an array") }
        return body
    }

    /// `/v1/market/all` as a body of its own: the listing with names, which the legacy dialect
    /// uses too.
    static func decodeMarkets(_ body: JSONValue, into result: inout DecodedMessages) throws(WireError) {
        markets(try bodyRows(body), into: &result)
    }

    /// `/v1/market/virtual_asset_warning` as a body of its own (the legacy dialect asks it too).
    static func decodeWarnings(_ body: JSONValue, into result: inout DecodedMessages) throws(WireError) {
        warnings(try bodyRows(body), into: &result)
    }

    private static func markets(_ rows: JSONValue, into result: inout DecodedMessages) {
        let markets = collect(rows, into: &result) { (row) throws(WireError) in try market(row) }
        result.events.append(.markets(markets))
    }

    /// Decodes every row; a bad row adds an error to `result` and the others still decode.
    private static func collect<Value>(
        _ rows: JSONValue, into result: inout DecodedMessages,
        _ decode: (JSONValue) throws(WireError) -> Value
    ) -> [Value] {
        var values: [Value] = []
        for row in rows.elements {
            do throws(WireError) { values.append(try decode(row)) } catch { result.errors.append(error) }
        }
        return values
    }

    private static func candle(_ row: JSONValue) throws(WireError) -> Candle {
        try WireRule.candle(
            start: try row.wallTime("candle_date_time_utc", .utc),
            open: try row.decimal("opening_price"), high: try row.decimal("high_price"),
            low: try row.decimal("low_price"), close: try row.decimal("trade_price"),
            volume: try row.decimal("candle_acc_trade_volume"),
            tradeValue: try row.optionalDecimal("candle_acc_trade_price"))
    }

    /// The interval fetched to build `interval`: itself where served, else the finest
    /// served interval that divides it (6 h and 12 h come from 1 h candles).
    static func sourceInterval(for interval: CandleInterval) -> CandleInterval {
        if interval == .oneDay || UpbitFamilyProfile.minuteUnits.contains(interval.minutes) { return interval }
        return .oneHour
    }
}
