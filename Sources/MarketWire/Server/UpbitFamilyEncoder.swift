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
        /// 52-week extremes and when they were reached.
        public var yearHigh: PriceMark?
        public var yearLow: PriceMark?

        /// Creates details.
        public init(lastTrade: Trade? = nil, yearHigh: PriceMark? = nil, yearLow: PriceMark? = nil) {
            self.lastTrade = lastTrade
            self.yearHigh = yearHigh
            self.yearLow = yearLow
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
            writer.field(keys.type, "orderbook")
            writer.field(keys.code, book.market.code)
            writeBookFields(
                book, depth: min(depth ?? profile.bookDepth, profile.bookDepth), keys: keys,
                timestamp: profile.dialect == .upbit ? book.timestamp.milliseconds : book.timestamp.microseconds,
                into: &writer)
            writer.field(keys.level, Int64(profile.dialect == .upbit ? 0 : 1))
            writer.field(keys.streamType, stream.rawValue)
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
            writer.field(keys.type, "trade")
            writer.field(keys.code, trade.market.code)
            writer.field(keys.tradePrice, trade.price)
            writer.field(keys.tradeVolume, trade.quantity)
            writer.field(keys.askBid, trade.side == .buy ? "BID" : "ASK")
            writer.field(keys.prevClosingPrice, previousClose)
            let change = trade.price - previousClose
            writer.field(keys.change, change.isZero ? "EVEN" : (change.isNegative ? "FALL" : "RISE"))
            writer.field(keys.changePrice, change.magnitude)
            writer.field(keys.tradeMessageDate, WireTime.dashedDate(trade.timestamp, profile.tradeClock))
            writer.field(keys.tradeTime, WireTime.colonTime(trade.timestamp, profile.tradeClock))
            writer.field(keys.tradeTimestamp, trade.timestamp.milliseconds)
            writer.field(keys.sequentialID, trade.id ?? UInt64(max(0, trade.timestamp.milliseconds)) * 10_000)
            writer.field(keys.timestamp, trade.timestamp.milliseconds)
            writer.field(keys.streamType, stream.rawValue)
        }
        return writer.bytes
    }

    /// The keepalive answer to a text `PING`.
    public func heartbeatFrame() -> [UInt8] { Array(#"{"status":"UP"}"#.utf8) }

    /// An error frame, e.g. `WRONG_FORMAT` / `Format 이 맞지 않습니다.`.
    public func errorFrame(name: String, message: String) -> [UInt8] {
        Self.errorObject(name: name, message: message)
    }

    /// `{"error":{"name":…,"message":…}}`, the family's error frame and private-API error body.
    static func errorObject(name: String, message: String) -> [UInt8] {
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
                    let designated = market.warning?.step == .designated
                    if !details {
                        return
                    } else if profile.dialect == .upbit {
                        writer.key("market_event")
                        writer.object { writer in
                            writer.field("warning", designated)
                            writer.key("caution")
                            writer.object { writer in
                                for flag in Self.upbitCautionFlags {
                                    writer.key(flag)
                                    writer.bool(market.warning?.reasons.contains(flag) ?? false)
                                }
                            }
                        }
                    } else {
                        writer.field("market_warning", designated ? "CAUTION" : "NONE")
                    }
                }
            }
        }
        return writer.bytes
    }

    /// Upbit's `market_event.caution` flags, in its order.
    static let upbitCautionFlags = [
        "PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING", "DEPOSIT_AMOUNT_SOARING", "GLOBAL_PRICE_DIFFERENCES",
        "CONCENTRATION_OF_SMALL_ACCOUNTS",
    ]

    /// `/v1/market/virtual_asset_warning`: a row per market and reason, its end in KST.
    public func warningsBody(_ warnings: [MarketCode: MarketWarning]) -> [UInt8] {
        var writer = JSONWriter(capacity: warnings.count * 150)
        writer.array { writer in
            for (market, warning) in warnings.sorted(by: { $0.key < $1.key }) where warning.step != .designated {
                for reason in warning.reasons {
                    writer.object { writer in
                        writer.field("market", market.code)
                        writer.field("warning_type", reason)
                        writer.field("warning_step", warning.step.rawValue.uppercased())
                        writer.key("end_date")
                        if let until = warning.until { writer.string(WireTime.spaced(until, .kst, microseconds: false)) } else { writer.null() }
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
        writer.field(keys.openingPrice, session?.open ?? ticker.price)
        writer.field(keys.highPrice, session?.high ?? ticker.price)
        writer.field(keys.lowPrice, session?.low ?? ticker.price)
        writer.field(keys.tradePrice, ticker.price)
        writer.field(keys.prevClosingPrice, session?.previousClose ?? (ticker.price - ticker.change.signedAmount))
        writer.field(keys.change, ticker.change.direction.rawValue.uppercased())
        writer.field(keys.changePrice, ticker.change.amount)
        writer.field(keys.signedChangePrice, ticker.change.signedAmount)
        writer.field(keys.changeRate, ticker.change.rate)
        writer.field(keys.signedChangeRate, ticker.change.signedRate)
        writer.field(keys.tradeVolume, details.lastTrade?.quantity ?? .zero)
        writer.field(keys.accTradeVolume, session?.volume ?? .zero)
        writer.field(keys.accTradeVolume24h, ticker.volume24h ?? .zero)
        writer.field(keys.accTradePrice, session?.tradeValue ?? .zero)
        writer.field(keys.accTradePrice24h, ticker.tradeValue24h ?? .zero)
        if !restTimes {
            writer.field(keys.tradeDate, WireTime.compactDate(tradeTime, profile.tradeClock))
            writer.field(keys.tradeTime, WireTime.compactTime(tradeTime, profile.tradeClock))
            writer.field(keys.tradeTimestamp, tradeTime.milliseconds)
            writer.field(keys.askBid, details.lastTrade?.side == .sell ? "ASK" : "BID")
            writer.field(keys.accAskVolume, ticker.flow?.sellVolume ?? .zero)
            writer.field(keys.accBidVolume, ticker.flow?.buyVolume ?? .zero)
        }
        let high = details.yearHigh ?? PriceMark(price: session?.high ?? ticker.price, time: ticker.timestamp)
        let low = details.yearLow ?? PriceMark(price: session?.low ?? ticker.price, time: ticker.timestamp)
        writer.field(keys.highest52WeekPrice, high.price)
        writer.field(keys.highest52WeekDate, WireTime.dashedDate(high.time, .kst))
        writer.field(keys.lowest52WeekPrice, low.price)
        writer.field(keys.lowest52WeekDate, WireTime.dashedDate(low.time, .kst))
        if !restTimes {
            let status = ticker.status ?? .active
            writer.field(keys.marketState, status.state == .suspended ? "SUSPENDED" : "ACTIVE")
            writer.field(keys.isTradingSuspended, status.state == .suspended)
            writer.key(keys.delistingDate)
            if let date = status.delistingDate {
                writer.string(date.dateText())
            } else if profile.dialect == .upbit {
                writer.null()
            } else {
                writer.string("")
            }
            writer.field(keys.marketWarning, status.isDesignated ? "CAUTION" : "NONE")
        }
        writer.field(keys.timestamp, ticker.timestamp.milliseconds)
    }

    private func writeBookFields(
        _ book: OrderBook, depth: Int, keys: UpbitKeys, timestamp: Int64,
        into writer: inout JSONWriter
    ) {
        let (bids, asks) = book.top(depth)
        writer.field(keys.totalAskSize, asks.reduce(ExactDecimal.zero) { $0 + $1.quantity })
        writer.field(keys.totalBidSize, bids.reduce(ExactDecimal.zero) { $0 + $1.quantity })
        writer.key(keys.orderbookUnits)
        writer.array { writer in
            for index in 0..<max(asks.count, bids.count) {
                let ask = index < asks.count ? asks[asks.startIndex + index] : BookLevel(price: .zero, quantity: .zero)
                let bid = index < bids.count ? bids[bids.startIndex + index] : BookLevel(price: .zero, quantity: .zero)
                writer.object { writer in
                    writer.field(keys.askPrice, ask.price)
                    writer.field(keys.bidPrice, bid.price)
                    writer.field(keys.askSize, ask.quantity)
                    writer.field(keys.bidSize, bid.quantity)
                }
            }
        }
        writer.field(keys.timestamp, timestamp)
    }
}
