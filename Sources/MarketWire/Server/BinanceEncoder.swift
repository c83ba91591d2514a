public import MarketCore

/// Produces Binance spot REST bodies as the exchange writes them (prices and sizes as strings
/// with eight places, times in milliseconds); the demo exchange serves these for its USDT
/// markets (`USDT-BTC` as `BTCUSDT`).
public struct BinanceEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// What a 24-hour ticker adds to a ``Ticker``: the best prices and the last trade.
    public struct TickerExtras: Sendable {
        /// Best bid and ask, price and size.
        public var bid: BookLevel?
        public var ask: BookLevel?
        /// The last trade's size and id, and the number of trades over the day.
        public var lastQuantity: ExactDecimal
        public var lastID: UInt64
        public var count: Int

        /// Creates the extras.
        public init(bid: BookLevel?, ask: BookLevel?, lastQuantity: ExactDecimal, lastID: UInt64, count: Int) {
            self.bid = bid
            self.ask = ask
            self.lastQuantity = lastQuantity
            self.lastID = lastID
            self.count = count
        }
    }

    /// `/api/v3/exchangeInfo`: every market as a trading spot symbol, with the filters and
    /// permissions clients read.
    public func exchangeInfoBody(_ markets: [Market], serverTime: Timestamp) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + markets.count * 700)
        writer.object { writer in
            writer.field("timezone", "UTC")
            writer.field("serverTime", Self.milliseconds(serverTime))
            writer.key("rateLimits")
            writer.array { writer in
                for (type, interval, number, limit) in [("REQUEST_WEIGHT", "MINUTE", 1, 6000), ("RAW_REQUESTS", "MINUTE", 5, 61000)] {
                    writer.object { writer in
                        writer.field("rateLimitType", type)
                        writer.field("interval", interval)
                        writer.field("intervalNum", number)
                        writer.field("limit", limit)
                    }
                }
            }
            writer.key("exchangeFilters")
            writer.array { _ in }
            writer.key("symbols")
            writer.array { writer in
                for market in markets { symbol(market, into: &writer) }
            }
        }
        return writer.bytes
    }

    private func symbol(_ market: Market, into writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("symbol", BinanceSymbol.symbol(of: market.code))
            writer.field("status", "TRADING")
            writer.field("baseAsset", market.code.base)
            writer.field("baseAssetPrecision", 8)
            writer.field("quoteAsset", market.code.quote)
            writer.field("quotePrecision", 8)
            writer.field("quoteAssetPrecision", 8)
            writer.field("baseCommissionPrecision", 8)
            writer.field("quoteCommissionPrecision", 8)
            writer.key("orderTypes")
            writer.array { writer in for type in ["LIMIT", "LIMIT_MAKER", "MARKET"] { writer.string(type) } }
            writer.field("icebergAllowed", true)
            writer.field("ocoAllowed", true)
            writer.field("quoteOrderQtyMarketAllowed", true)
            writer.field("isSpotTradingAllowed", true)
            writer.field("isMarginTradingAllowed", false)
            writer.key("filters")
            writer.array { writer in
                writer.object { writer in
                    writer.field("filterType", "PRICE_FILTER")
                    writer.field("minPrice", "0.00000001")
                    writer.field("maxPrice", "1000000.00000000")
                    writer.field("tickSize", "0.00000001")
                }
                writer.object { writer in
                    writer.field("filterType", "LOT_SIZE")
                    writer.field("minQty", "0.00000001")
                    writer.field("maxQty", "9000000.00000000")
                    writer.field("stepSize", "0.00000001")
                }
            }
            writer.key("permissions")
            writer.array { _ in }
            writer.key("permissionSets")
            writer.array { writer in writer.array { writer in writer.string("SPOT") } }
        }
    }

    /// `/api/v3/ticker/24hr` for one symbol (an object) or several (an array).
    public func tickersBody(_ tickers: [(Ticker, TickerExtras)], asList: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + tickers.count * 640)
        if asList {
            writer.array { writer in for (ticker, extras) in tickers { tickerObject(ticker, extras, into: &writer) } }
        } else if let (ticker, extras) = tickers.first {
            tickerObject(ticker, extras, into: &writer)
        }
        return writer.bytes
    }

    private func tickerObject(_ ticker: Ticker, _ extras: TickerExtras, into writer: inout JSONWriter) {
        let figures = TickerFigures(ticker, extras)
        writer.object { writer in
            writer.field("symbol", figures.symbol)
            for (name, value) in [
                ("priceChange", figures.change), ("priceChangePercent", figures.percent), ("weightedAvgPrice", figures.weightedAverage),
                ("prevClosePrice", figures.open), ("lastPrice", figures.price), ("lastQty", figures.lastQuantity),
                ("bidPrice", figures.bid), ("bidQty", figures.bidQuantity), ("askPrice", figures.ask), ("askQty", figures.askQuantity),
                ("openPrice", figures.open), ("highPrice", figures.high), ("lowPrice", figures.low), ("volume", figures.volume),
                ("quoteVolume", figures.quoteVolume),
            ] as [(StaticString, String)] {
                writer.field(name, value)
            }
            for (name, value) in [
                ("openTime", figures.openTime), ("closeTime", figures.closeTime), ("firstId", Int64(clamping: figures.firstID)),
                ("lastId", Int64(clamping: figures.lastID)), ("count", Int64(figures.count)),
            ] as [(StaticString, Int64)] {
                writer.field(name, value)
            }
        }
    }

    /// A ticker's figures as Binance writes them, for its REST rows and its stream events alike.
    struct TickerFigures {
        let symbol, change, percent, weightedAverage, open, price, lastQuantity: String
        let bid, bidQuantity, ask, askQuantity, high, low, volume, quoteVolume: String
        let openTime, closeTime: Int64
        let firstID, lastID: UInt64
        let count: Int

        init(_ ticker: Ticker, _ extras: TickerExtras) {
            let volume = ticker.volume24h ?? .zero
            let quoteVolume = ticker.tradeValue24h ?? .zero
            symbol = BinanceSymbol.symbol(of: ticker.market)
            change = BinanceEncoder.text(ticker.change.signedAmount)
            percent = ticker.change.signedRate.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 3).description
            weightedAverage = BinanceEncoder.text(quoteVolume.divided(by: volume, roundedToFractionDigits: 8) ?? ticker.price)
            open = BinanceEncoder.text(ticker.session?.open ?? ticker.referencePrice)
            price = BinanceEncoder.text(ticker.price)
            lastQuantity = BinanceEncoder.text(extras.lastQuantity)
            bid = BinanceEncoder.text(extras.bid?.price ?? .zero)
            bidQuantity = BinanceEncoder.text(extras.bid?.quantity ?? .zero)
            ask = BinanceEncoder.text(extras.ask?.price ?? .zero)
            askQuantity = BinanceEncoder.text(extras.ask?.quantity ?? .zero)
            high = BinanceEncoder.text(ticker.session?.high ?? ticker.price)
            low = BinanceEncoder.text(ticker.session?.low ?? ticker.price)
            self.volume = BinanceEncoder.text(volume)
            self.quoteVolume = BinanceEncoder.text(quoteVolume)
            closeTime = BinanceEncoder.milliseconds(ticker.timestamp)
            openTime = closeTime - 86_400_000
            lastID = extras.lastID
            firstID = extras.lastID >= UInt64(extras.count) ? extras.lastID - UInt64(extras.count) + 1 : 0
            count = extras.count
        }
    }

    /// `/api/v3/ticker/price` for one symbol (an object) or several (an array).
    public func pricesBody(_ prices: [(MarketCode, ExactDecimal)], asList: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + prices.count * 60)
        func price(_ market: MarketCode, _ value: ExactDecimal, _ writer: inout JSONWriter) {
            writer.object { writer in
                writer.field("symbol", BinanceSymbol.symbol(of: market))
                writer.field("price", Self.text(value))
            }
        }
        if asList {
            writer.array { writer in for (market, value) in prices { price(market, value, &writer) } }
        } else if let (market, value) = prices.first {
            price(market, value, &writer)
        }
        return writer.bytes
    }

    /// `/api/v3/depth`: the book's best `limit` levels a side, `[price, size]` as strings.
    public func depthBody(_ book: OrderBook, lastUpdateID: UInt64, limit: Int) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + limit * 80)
        writer.object { writer in
            writer.field("lastUpdateId", lastUpdateID)
            for (key, levels) in [("bids", book.bids), ("asks", book.asks)] as [(StaticString, [BookLevel])] {
                writer.key(key)
                writer.array { writer in
                    for level in levels.prefix(limit) {
                        writer.array { writer in
                            writer.string(Self.text(level.price))
                            writer.string(Self.text(level.quantity))
                        }
                    }
                }
            }
        }
        return writer.bytes
    }

    /// `/api/v3/trades`: oldest first, the buyer the maker when a seller took liquidity.
    public func tradesBody(_ trades: [Trade]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + trades.count * 160)
        writer.array { writer in
            for trade in trades {
                writer.object { writer in
                    writer.field("id", trade.id ?? 0)
                    writer.field("price", Self.text(trade.price))
                    writer.field("qty", Self.text(trade.quantity))
                    writer.field("quoteQty", Self.text(trade.price * trade.quantity))
                    writer.field("time", Self.milliseconds(trade.timestamp))
                    writer.field("isBuyerMaker", trade.side == .sell)
                    writer.field("isBestMatch", true)
                }
            }
        }
        return writer.bytes
    }

    /// `/api/v3/klines`: `[openTime, open, high, low, close, volume, closeTime, quoteVolume,
    /// trades, takerBuyBase, takerBuyQuote, "0"]` rows of `interval`, oldest first.
    public func klinesBody(_ candles: [Candle], interval: CandleInterval) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + candles.count * 200)
        writer.array { writer in
            for candle in candles {
                writer.array { writer in
                    writer.number(Self.milliseconds(candle.start))
                    for price in [candle.open, candle.high, candle.low, candle.close, candle.volume] { writer.string(Self.text(price)) }
                    writer.number(Self.milliseconds(candle.start) + interval.microseconds / 1000 - 1)
                    writer.string(Self.text(candle.tradeValue ?? candle.volume * candle.close))
                    writer.number(0)
                    writer.string(Self.text(.zero))
                    writer.string(Self.text(.zero))
                    writer.string("0")
                }
            }
        }
        return writer.bytes
    }

    /// An error body, `{"code":-1121,"msg":"Invalid symbol."}`; on the streams, a refused
    /// request's `{"code":2,"msg":"Invalid request: …","id":…}` (no `id` when the request
    /// could not be read).
    public func errorBody(code: Int, message: String, id: BinanceStreamRequest.ID? = nil) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("code", code)
            writer.field("msg", message)
            if let id { Self.write(id, into: &writer) }
        }
        return writer.bytes
    }

    /// A decimal as Binance writes it: a string with eight places.
    static func text(_ value: ExactDecimal) -> String {
        value.rounded(toFractionDigits: 8).formatted(fractionDigits: 8)
    }

    /// Milliseconds since the epoch, as Binance gives times.
    public static func milliseconds(_ time: Timestamp) -> Int64 {
        let (whole, rest) = time.microseconds.quotientAndRemainder(dividingBy: 1000)
        return rest < 0 ? whole - 1 : whole
    }
}
