public import MarketCore

extension BinanceCodec {
    /// Tickers asked for in one `/api/v3/ticker/24hr?symbols=…` request (weight 40 up to 100).
    static let tickersPerRequest = 100
    /// The most trades and candles one request returns.
    static let rowsPerRequest = 1000

    /// The requests for `resource`. Binance publishes no alert or deposit list, and its books
    /// carry no time, so the reference follows tickers, trades and candles.
    public func requests(for resource: SnapshotResource) -> [RESTRequest] {
        typealias Item = RESTRequest.QueryItem
        switch resource {
        case .markets:
            return [RESTRequest(path: "/api/v3/exchangeInfo", query: [Item("permissions", "SPOT"), Item("symbolStatus", "TRADING")])]
        case .tickers(let markets):
            return stride(from: 0, to: markets.count, by: Self.tickersPerRequest).map { start in
                let chunk = markets[start..<min(start + Self.tickersPerRequest, markets.count)]
                // The JSON array escaped whole: a URL with a bare `[` is not valid, and an HTTP
                // client that escapes it escapes the `%` of `%22` too.
                let symbols = "%5B" + chunk.map { "%22\(BinanceSymbol.symbol(of: $0))%22" }.joined(separator: ",") + "%5D"
                return RESTRequest(path: "/api/v3/ticker/24hr", query: [Item("symbols", symbols)])
            }
        case .trades(let market, let count):
            return [
                RESTRequest(
                    path: "/api/v3/trades",
                    query: [Item("symbol", BinanceSymbol.symbol(of: market)), Item("limit", String(min(max(count, 1), Self.rowsPerRequest)))])
            ]
        case .candles(let market, let interval, let count, let before):
            let source = BinanceSymbol.source(for: interval)
            let needed = count * interval.minutes / source.interval.minutes
            var query = [
                Item("symbol", BinanceSymbol.symbol(of: market)), Item("interval", source.name),
                Item("limit", String(min(max(needed, 1), Self.rowsPerRequest))),
            ]
            if let before { query.append(Item("endTime", String(Self.lastMillisecond(before: before)))) }
            return [RESTRequest(path: "/api/v3/klines", query: query)]
        case .orderBook, .warnings, .transfers:
            return []
        }
    }

    /// The last millisecond before `time`: Binance's `endTime` is inclusive and in ms, so a
    /// candle opening at it or sooner opens before `time`.
    static func lastMillisecond(before time: Timestamp) -> Int64 {
        let (whole, rest) = time.microseconds.quotientAndRemainder(dividingBy: 1000)
        return whole + (rest > 0 ? 1 : 0) - 1
    }

    public mutating func decode(response: UnsafeRawBufferPointer, for resource: SnapshotResource) -> DecodedMessages {
        var result = DecodedMessages()
        tokenizer.decode(response, limit: WireLimits.responseBytes, into: &result) { (root, result) throws(WireError) in
            if root.kind == .object, root["code"] != nil, root["msg"] != nil {
                throw .exchange(code: try root.int64("code").description, message: root.optionalString("msg") ?? "")
            }
            try Self.decodeBody(root, for: resource, into: &result)
        }
        return result
    }

    private static func decodeBody(_ body: JSONValue, for resource: SnapshotResource, into result: inout DecodedMessages) throws(WireError) {
        switch resource {
        case .markets:
            result.events.append(.markets(try markets(body, into: &result)))
        case .tickers:
            let rows = body.kind == .array ? Array(body.elements) : [body]
            for row in rows {
                do throws(WireError) {
                    result.events.append(.ticker(try restTicker(row)))
                } catch {
                    result.errors.append(error)
                }
            }
        case .trades(let market, _):
            guard body.kind == .array else { throw .invalidField("body", reason: "expected an array") }
            var trades: [Trade] = []
            for row in body.elements {
                do throws(WireError) {
                    trades.append(
                        Trade(
                            market: market, price: try row.price("price"), quantity: try row.tradeSize("qty"),
                            side: try row.optionalBool("isBuyerMaker") == true ? .sell : .buy, timestamp: try row.epochTime("time"),
                            id: try row.optionalUInt64("id")))
                } catch {
                    result.errors.append(error)
                }
            }
            result.events.append(.trades(trades.sorted { $0.timestamp < $1.timestamp }))
        case .candles(let market, let interval, let count, let before):
            guard body.kind == .array else { throw .invalidField("body", reason: "expected an array") }
            var candles: [Candle] = []
            for row in body.elements {
                do throws(WireError) {
                    candles.append(try candle(row))
                } catch {
                    result.errors.append(error)
                }
            }
            let source = BinanceSymbol.source(for: interval).interval
            result.events.append(
                .candles(.served(candles, of: source, as: interval, market: market, count: count, coveredUntil: nil, before: before)))
        case .orderBook, .warnings, .transfers:
            break
        }
    }

    /// The USDT-quoted symbols trading, named by their base asset (Binance gives no Korean
    /// name); a symbol in another state or quote is passed over.
    private static func markets(_ body: JSONValue, into result: inout DecodedMessages) throws(WireError) -> [Market] {
        guard let symbols = body["symbols"], symbols.kind == .array else { throw .missingField("symbols") }
        var markets: [Market] = []
        for entry in symbols.elements {
            do throws(WireError) {
                guard try entry.string("status") == "TRADING", try entry.string("quoteAsset") == BinanceSymbol.quote else { continue }
                let base = try entry.string("baseAsset")
                guard let code = MarketCode(quote: BinanceSymbol.quote, base: base) else { throw .invalidValue("baseAsset", value: base) }
                markets.append(Market(code: code, koreanName: base, englishName: base))
            } catch {
                result.errors.append(error)
            }
        }
        return markets
    }

    /// A `/api/v3/ticker/24hr` row: Binance's change over the rolling 24 hours.
    private static func restTicker(_ row: JSONValue) throws(WireError) -> Ticker {
        try ticker(
            row,
            keys: TickerKeys(
                symbol: "symbol", price: "lastPrice", open: "openPrice", high: "highPrice", low: "lowPrice", volume: "volume",
                quoteVolume: "quoteVolume"),
            change: (try row.decimal("priceChange"), try row.decimal("priceChangePercent")), time: try row.epochTime("closeTime"))
    }

    /// A kline row: `[openTime, open, high, low, close, volume, closeTime, quoteVolume, …]`.
    private static func candle(_ row: JSONValue) throws(WireError) -> Candle {
        let fields = Array(row.elements)
        guard row.kind == .array, fields.count >= 8 else { throw .invalidField("kline", reason: "expected at least 8 fields") }
        return try WireRule.candle(
            start: Timestamp(milliseconds: try fields[0].asInt64(field: "openTime")),
            open: try fields[1].asDecimal(field: "open"), high: try fields[2].asDecimal(field: "high"),
            low: try fields[3].asDecimal(field: "low"), close: try fields[4].asDecimal(field: "close"),
            volume: try fields[5].asDecimal(field: "volume"), tradeValue: try fields[7].asDecimal(field: "quoteVolume"))
    }
}
