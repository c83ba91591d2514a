public import MarketCore

/// Produces Bithumb 2.0 / Upbit frames and REST bodies from market values, as the exchange
/// writes them; the demo exchange serves these.
public struct UpbitFamilyEncoder: Sendable {
    /// The exchange whose shape is written.
    public let profile: UpbitFamilyProfile

    /// Creates an encoder.
    public init(profile: UpbitFamilyProfile) {
        self.profile = profile
    }

    /// Whether a message is the first after subscribing or a live update.
    public enum StreamType: String, Sendable, Hashable {
        case snapshot = "SNAPSHOT"
        case realtime = "REALTIME"
    }

    /// `DEFAULT` long keys or `SIMPLE` short keys.
    public enum KeyStyle: Sendable, Hashable {
        case `default`, simple

        var keys: UpbitKeys { self == .default ? .default : .simple }
    }

    /// A price and when it was reached.
    public struct PriceMark: Sendable, Hashable {
        public var price: ExactDecimal
        public var time: Timestamp

        public init(price: ExactDecimal, time: Timestamp) {
            self.price = price
            self.time = time
        }
    }

    /// Figures a ticker message carries beyond ``Ticker``.
    public struct TickerDetails: Sendable, Hashable {
        /// The last trade (its size and side), if any.
        public var lastTrade: Trade?
        /// Session volume taken by sellers and by buyers.
        public var askVolume: ExactDecimal
        public var bidVolume: ExactDecimal
        /// 52-week extremes and when they were reached.
        public var yearHigh: PriceMark?
        public var yearLow: PriceMark?
        /// Whether the market carries a caution flag.
        public var hasWarning: Bool

        /// Creates details.
        public init(
            lastTrade: Trade? = nil, askVolume: ExactDecimal = .zero, bidVolume: ExactDecimal = .zero,
            yearHigh: PriceMark? = nil, yearLow: PriceMark? = nil, hasWarning: Bool = false
        ) {
            self.lastTrade = lastTrade
            self.askVolume = askVolume
            self.bidVolume = bidVolume
            self.yearHigh = yearHigh
            self.yearLow = yearLow
            self.hasWarning = hasWarning
        }
    }

    // MARK: WebSocket frames

    /// A `ticker` message.
    public func tickerFrame(
        _ ticker: Ticker, details: TickerDetails = TickerDetails(), stream: StreamType,
        style: KeyStyle = .default
    ) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field(style.keys.type, "ticker")
            writer.field(style.keys.code, ticker.market.code)
            writeTickerFields(ticker, details: details, keys: style.keys, restTimes: false, into: &writer)
            writer.field(style.keys.streamType, stream.rawValue)
        }
        return writer.bytes
    }

    /// An `orderbook` message holding the whole book: the best `depth` levels per side, at
    /// most the profile's depth.
    public func orderBookFrame(_ book: OrderBook, depth: Int? = nil, stream: StreamType, style: KeyStyle = .default) -> [UInt8] {
        let keys = style.keys
        var writer = JSONWriter()
        writer.object { writer in
            writer.key(keys.type)
            writer.string("orderbook")
            writer.key(keys.code)
            writer.string(book.market.code)
            writeBookFields(
                book, depth: min(depth ?? profile.bookDepth, profile.bookDepth), keys: keys,
                timestamp: profile.dialect == .upbit ? book.timestamp.milliseconds : book.timestamp.microseconds,
                into: &writer)
            writer.key(keys.level)
            writer.number(Int64(profile.dialect == .upbit ? 0 : 1))
            writer.key(keys.streamType)
            writer.string(stream.rawValue)
        }
        return writer.bytes
    }

    /// A `trade` message.
    public func tradeFrame(
        _ trade: Trade, previousClose: ExactDecimal, stream: StreamType,
        style: KeyStyle = .default
    ) -> [UInt8] {
        let keys = style.keys
        var writer = JSONWriter()
        writer.object { writer in
            writer.key(keys.type)
            writer.string("trade")
            writer.key(keys.code)
            writer.string(trade.market.code)
            writer.key(keys.tradePrice)
            writer.number(trade.price)
            writer.key(keys.tradeVolume)
            writer.number(trade.quantity)
            writer.key(keys.askBid)
            writer.string(trade.side == .buy ? "BID" : "ASK")
            writer.key(keys.prevClosingPrice)
            writer.number(previousClose)
            let change = trade.price - previousClose
            writer.key(keys.change)
            writer.string(change.isZero ? "EVEN" : (change.isNegative ? "FALL" : "RISE"))
            writer.key(keys.changePrice)
            writer.number(change.magnitude)
            writer.key(keys.tradeMessageDate)
            writer.string(WireTime.dashedDate(trade.timestamp, profile.tradeClock))
            writer.key(keys.tradeTime)
            writer.string(WireTime.colonTime(trade.timestamp, profile.tradeClock))
            writer.key(keys.tradeTimestamp)
            writer.number(trade.timestamp.milliseconds)
            writer.key(keys.sequentialID)
            writer.number(trade.id ?? UInt64(max(0, trade.timestamp.milliseconds)) * 10_000)
            writer.key(keys.timestamp)
            writer.number(trade.timestamp.milliseconds)
            writer.key(keys.streamType)
            writer.string(stream.rawValue)
        }
        return writer.bytes
    }

    /// The keepalive answer to a text `PING`.
    public func heartbeatFrame() -> [UInt8] { Array(#"{"status":"UP"}"#.utf8) }

    /// An error frame, e.g. `WRONG_FORMAT` / `Format 이 맞지 않습니다.`.
    public func errorFrame(name: String, message: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("error")
            writer.object { writer in
                writer.field("name", name)
                writer.field("message", message)
            }
        }
        return writer.bytes
    }

    // MARK: REST bodies

    /// `/v1/market/all`; with `details` (`isDetails=true`, Upbit's `is_details=true`) each row
    /// carries its warning flag.
    public func marketsBody(_ markets: [Market], details: Bool = true) -> [UInt8] {
        var writer = JSONWriter(capacity: markets.count * 100)
        writer.array { writer in
            for market in markets {
                writer.object { writer in
                    writer.field("market", market.code.code)
                    writer.field("korean_name", market.koreanName)
                    writer.field("english_name", market.englishName)
                    if !details {
                        return
                    } else if profile.dialect == .upbit {
                        writer.key("market_event")
                        writer.object { writer in
                            writer.field("warning", market.hasWarning)
                        }
                    } else {
                        writer.field("market_warning", market.hasWarning ? "CAUTION" : "NONE")
                    }
                }
            }
        }
        return writer.bytes
    }

    /// `/v1/ticker?markets=…`.
    public func tickersBody(_ tickers: [(Ticker, TickerDetails)]) -> [UInt8] {
        var writer = JSONWriter(capacity: tickers.count * 800)
        writer.array { writer in
            for (ticker, details) in tickers {
                writer.object { writer in
                    writer.field("market", ticker.market.code)
                    writeTickerFields(ticker, details: details, keys: .default, restTimes: true, into: &writer)
                }
            }
        }
        return writer.bytes
    }

    /// `/v1/orderbook?markets=…`, with millisecond timestamps as the REST API uses: 30 levels
    /// per side (on Bithumb 15 each when several markets are asked for).
    public func orderBooksBody(_ books: [OrderBook]) -> [UInt8] {
        let depth = profile.dialect == .upbit || books.count == 1 ? 30 : 15
        var writer = JSONWriter(capacity: books.count * 2000)
        writer.array { writer in
            for book in books {
                writer.object { writer in
                    writer.field("market", book.market.code)
                    writeBookFields(book, depth: depth, keys: .default, timestamp: book.timestamp.milliseconds, into: &writer)
                }
            }
        }
        return writer.bytes
    }

    /// `/v1/trades/ticks`, newest first.
    public func tradesBody(_ trades: [Trade], previousClose: ExactDecimal) -> [UInt8] {
        var writer = JSONWriter(capacity: trades.count * 300)
        writer.array { writer in
            for trade in trades.sorted(by: { $0.timestamp > $1.timestamp }) {
                writer.object { writer in
                    writer.field("market", trade.market.code)
                    writer.field("trade_date_utc", WireTime.dashedDate(trade.timestamp, .utc))
                    writer.field("trade_time_utc", WireTime.colonTime(trade.timestamp, .utc))
                    writer.field("timestamp", trade.timestamp.milliseconds)
                    writer.field("trade_price", trade.price)
                    writer.field("trade_volume", trade.quantity)
                    writer.field("prev_closing_price", previousClose)
                    writer.field("change_price", trade.price - previousClose)
                    writer.field("ask_bid", trade.side == .buy ? "BID" : "ASK")
                    writer.field("sequential_id", trade.id ?? UInt64(max(0, trade.timestamp.milliseconds)) * 10_000)
                }
            }
        }
        return writer.bytes
    }

    /// `/v1/candles/minutes/{unit}` or `/v1/candles/days`, newest first.
    /// - Parameter lastTradeTimes: the time of each candle's last trade, by start; the candle's
    ///   end is written where it is missing.
    public func candlesBody(
        market: MarketCode, interval: CandleInterval, candles: [Candle],
        lastTradeTimes: [Timestamp: Timestamp] = [:]
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: candles.count * 330)
        writer.array { writer in
            for candle in candles.sorted(by: { $0.start > $1.start }) {
                writer.object { writer in
                    writer.field("market", market.code)
                    writer.field("candle_date_time_utc", WireTime.localISO(candle.start, .utc))
                    writer.field("candle_date_time_kst", WireTime.localISO(candle.start, .kst))
                    writer.field("opening_price", candle.open)
                    writer.field("high_price", candle.high)
                    writer.field("low_price", candle.low)
                    writer.field("trade_price", candle.close)
                    writer.key("timestamp")
                    let end = candle.start.advanced(byMicroseconds: interval.microseconds - 1000)
                    writer.number((lastTradeTimes[candle.start] ?? end).milliseconds)
                    writer.field("candle_acc_trade_price", candle.tradeValue ?? candle.close * candle.volume)
                    writer.field("candle_acc_trade_volume", candle.volume)
                    if interval == .oneDay {
                        writer.field("prev_closing_price", candle.open)
                    } else {
                        writer.field("unit", interval.minutes)
                    }
                }
            }
        }
        return writer.bytes
    }

    /// A REST error body: `{"error":{"name":404,"message":"Code not found"}}`.
    public func errorBody(name: Int, message: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("error")
            writer.object { writer in
                writer.field("name", name)
                writer.field("message", message)
            }
        }
        return writer.bytes
    }

    // MARK: Shared fields

    private func writeTickerFields(
        _ ticker: Ticker, details: TickerDetails, keys: UpbitKeys, restTimes: Bool,
        into writer: inout JSONWriter
    ) {
        let session = ticker.session
        let tradeTime = details.lastTrade?.timestamp ?? ticker.timestamp
        if restTimes {
            writer.field("trade_date", WireTime.compactDate(tradeTime, .utc))
            writer.field("trade_time", WireTime.compactTime(tradeTime, .utc))
            writer.field("trade_date_kst", WireTime.compactDate(tradeTime, .kst))
            writer.field("trade_time_kst", WireTime.compactTime(tradeTime, .kst))
            writer.field("trade_timestamp", tradeTime.milliseconds)
        }
        writer.key(keys.openingPrice)
        writer.number(session?.open ?? ticker.price)
        writer.key(keys.highPrice)
        writer.number(session?.high ?? ticker.price)
        writer.key(keys.lowPrice)
        writer.number(session?.low ?? ticker.price)
        writer.key(keys.tradePrice)
        writer.number(ticker.price)
        writer.key(keys.prevClosingPrice)
        writer.number(session?.previousClose ?? (ticker.price - ticker.change.signedAmount))
        writer.key(keys.change)
        writer.string(ticker.change.direction.rawValue.uppercased())
        writer.key(keys.changePrice)
        writer.number(ticker.change.amount)
        writer.key(keys.signedChangePrice)
        writer.number(ticker.change.signedAmount)
        writer.key(keys.changeRate)
        writer.number(ticker.change.rate)
        writer.key(keys.signedChangeRate)
        writer.number(ticker.change.signedRate)
        writer.key(keys.tradeVolume)
        writer.number(details.lastTrade?.quantity ?? .zero)
        writer.key(keys.accTradeVolume)
        writer.number(session?.volume ?? .zero)
        writer.key(keys.accTradeVolume24h)
        writer.number(ticker.volume24h ?? .zero)
        writer.key(keys.accTradePrice)
        writer.number(session?.tradeValue ?? .zero)
        writer.key(keys.accTradePrice24h)
        writer.number(ticker.tradeValue24h ?? .zero)
        if !restTimes {
            writer.key(keys.tradeDate)
            writer.string(WireTime.compactDate(tradeTime, profile.tradeClock))
            writer.key(keys.tradeTime)
            writer.string(WireTime.compactTime(tradeTime, profile.tradeClock))
            writer.key(keys.tradeTimestamp)
            writer.number(tradeTime.milliseconds)
            writer.key(keys.askBid)
            writer.string(details.lastTrade?.side == .sell ? "ASK" : "BID")
            writer.key(keys.accAskVolume)
            writer.number(details.askVolume)
            writer.key(keys.accBidVolume)
            writer.number(details.bidVolume)
        }
        let high = details.yearHigh ?? PriceMark(price: session?.high ?? ticker.price, time: ticker.timestamp)
        let low = details.yearLow ?? PriceMark(price: session?.low ?? ticker.price, time: ticker.timestamp)
        writer.key(keys.highest52WeekPrice)
        writer.number(high.price)
        writer.key(keys.highest52WeekDate)
        writer.string(WireTime.dashedDate(high.time, .kst))
        writer.key(keys.lowest52WeekPrice)
        writer.number(low.price)
        writer.key(keys.lowest52WeekDate)
        writer.string(WireTime.dashedDate(low.time, .kst))
        if !restTimes {
            writer.key(keys.marketState)
            writer.string("ACTIVE")
            writer.key(keys.isTradingSuspended)
            writer.bool(false)
            writer.key(keys.delistingDate)
            if profile.dialect == .upbit { writer.null() } else { writer.string("") }
            writer.key(keys.marketWarning)
            writer.string(details.hasWarning ? "CAUTION" : "NONE")
        }
        writer.key(keys.timestamp)
        writer.number(ticker.timestamp.milliseconds)
    }

    private func writeBookFields(
        _ book: OrderBook, depth: Int, keys: UpbitKeys, timestamp: Int64,
        into writer: inout JSONWriter
    ) {
        let (bids, asks) = book.top(depth)
        writer.key(keys.totalAskSize)
        writer.number(asks.reduce(ExactDecimal.zero) { $0 + $1.quantity })
        writer.key(keys.totalBidSize)
        writer.number(bids.reduce(ExactDecimal.zero) { $0 + $1.quantity })
        writer.key(keys.orderbookUnits)
        writer.array { writer in
            for index in 0..<max(asks.count, bids.count) {
                let ask = index < asks.count ? asks[asks.startIndex + index] : BookLevel(price: .zero, quantity: .zero)
                let bid = index < bids.count ? bids[bids.startIndex + index] : BookLevel(price: .zero, quantity: .zero)
                writer.object { writer in
                    writer.key(keys.askPrice)
                    writer.number(ask.price)
                    writer.key(keys.bidPrice)
                    writer.number(bid.price)
                    writer.key(keys.askSize)
                    writer.number(ask.quantity)
                    writer.key(keys.bidSize)
                    writer.number(bid.quantity)
                }
            }
        }
        writer.key(keys.timestamp)
        writer.number(timestamp)
    }
}
