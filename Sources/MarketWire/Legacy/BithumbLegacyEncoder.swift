public import MarketCore

/// Produces Bithumb legacy frames and REST bodies as the exchange writes them (numbers as
/// strings, KST wall-clock text); the demo exchange serves these.
public struct BithumbLegacyEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    // MARK: WebSocket frames

    /// The greeting sent on connect.
    public func connectedFrame() -> [UInt8] { statusFrame("0000", "Connected Successfully") }

    /// The answer to an accepted filter.
    public func filterRegisteredFrame() -> [UInt8] { statusFrame("0000", "Filter Registered Successfully") }

    /// The answer to a malformed filter.
    public func invalidFilterFrame() -> [UInt8] { statusFrame("5100", "Invalid Filter Syntax") }

    /// A `ticker` message for the rolling-24-hour window (`tickType` `24H`).
    public func tickerFrame(_ ticker: Ticker, buyVolume: ExactDecimal = .zero, sellVolume: ExactDecimal = .zero) -> [UInt8] {
        var writer = JSONWriter()
        let open = ticker.session?.open ?? (ticker.price - ticker.change.signedAmount)
        writer.object { writer in
            writer.key("type")
            writer.string("ticker")
            writer.key("content")
            writer.object { writer in
                writer.key("tickType")
                writer.string(BithumbLegacyCodec.tickType)
                writer.key("date")
                writer.string(WireTime.compactDate(ticker.timestamp, .kst))
                writer.key("time")
                writer.string(WireTime.compactTime(ticker.timestamp, .kst))
                writer.key("openPrice")
                writer.quoted(open)
                writer.key("closePrice")
                writer.quoted(ticker.price)
                writer.key("lowPrice")
                writer.quoted(ticker.session?.low ?? ticker.price)
                writer.key("highPrice")
                writer.quoted(ticker.session?.high ?? ticker.price)
                writer.key("value")
                writer.quoted(ticker.tradeValue24h ?? .zero)
                writer.key("volume")
                writer.quoted(ticker.volume24h ?? .zero)
                writer.key("sellVolume")
                writer.quoted(sellVolume)
                writer.key("buyVolume")
                writer.quoted(buyVolume)
                writer.key("prevClosePrice")
                writer.quoted(ticker.session?.previousClose ?? open)
                writer.key("chgRate")
                writer.quoted(ticker.change.signedRate.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))
                writer.key("chgAmt")
                writer.quoted(ticker.change.signedAmount)
                writer.key("volumePower")
                let power = sellVolume.isZero ? ExactDecimal(500) : min(ExactDecimal(500),
                    (buyVolume.divided(by: sellVolume) ?? .zero).shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))
                writer.quoted(power)
                writer.key("symbol")
                writer.string(ticker.market.legacySymbol)
            }
        }
        return writer.bytes
    }

    /// A `transaction` message with one or more trades.
    public func transactionFrame(_ trades: [Trade], previousPrices: [MarketCode: ExactDecimal] = [:]) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("type")
            writer.string("transaction")
            writer.key("content")
            writer.object { writer in
                writer.key("list")
                writer.array { writer in
                    for trade in trades {
                        writer.object { writer in
                            writer.key("buySellGb")
                            writer.string(trade.side == .sell ? "1" : "2")
                            writer.key("contPrice")
                            writer.quoted(trade.price)
                            writer.key("contQty")
                            writer.quoted(trade.quantity)
                            writer.key("contAmt")
                            writer.quoted((trade.price * trade.quantity).rounded(toFractionDigits: 4))
                            writer.key("contDtm")
                            writer.string(WireTime.spaced(trade.timestamp, .kst, microseconds: true))
                            writer.key("updn")
                            writer.string(trade.price < (previousPrices[trade.market] ?? trade.price) ? "dn" : "up")
                            writer.key("symbol")
                            writer.string(trade.market.legacySymbol)
                        }
                    }
                }
            }
        }
        return writer.bytes
    }

    /// An `orderbookdepth` message: changed levels with absolute sizes, `"0"` deleting.
    public func orderBookDepthFrame(_ delta: OrderBookDelta) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("type")
            writer.string("orderbookdepth")
            writer.key("content")
            writer.object { writer in
                writer.key("list")
                writer.array { writer in
                    for change in delta.changes {
                        writer.object { writer in
                            writer.key("symbol")
                            writer.string(delta.market.legacySymbol)
                            writer.key("orderType")
                            writer.string(change.side.rawValue)
                            writer.key("price")
                            writer.quoted(change.price)
                            writer.key("quantity")
                            writer.quoted(change.quantity)
                            writer.key("total")
                            writer.string(change.quantity.isZero ? "0" : "1")
                        }
                    }
                }
                writer.key("datetime")
                writer.string(String(delta.timestamp.microseconds))
            }
        }
        return writer.bytes
    }

    /// An `orderbooksnapshot` message: the top 30 levels per side as `[price, size]` pairs.
    public func orderBookSnapshotFrame(_ book: OrderBook) -> [UInt8] {
        var writer = JSONWriter()
        let (bids, asks) = book.top(30)
        writer.object { writer in
            writer.key("type")
            writer.string("orderbooksnapshot")
            writer.key("content")
            writer.object { writer in
                writer.key("symbol")
                writer.string(book.market.legacySymbol)
                writer.key("datetime")
                writer.string(String(book.timestamp.microseconds))
                for (key, levels) in [("asks", asks), ("bids", bids)] {
                    writer.key(key)
                    writer.array { writer in
                        for level in levels {
                            writer.array { writer in
                                writer.quoted(level.price)
                                writer.quoted(level.quantity)
                            }
                        }
                    }
                }
            }
        }
        return writer.bytes
    }

    // MARK: REST bodies

    /// `/public/ticker/ALL_KRW`: one object per coin plus the `date` in ms.
    public func tickersBody(_ tickers: [Ticker], date: Timestamp) -> [UInt8] {
        envelope(capacity: tickers.count * 500) { writer in
            writer.object { writer in
                for ticker in tickers {
                    writer.key(ticker.market.base)
                    writeTicker(ticker, into: &writer)
                }
                writer.key("date")
                writer.string(String(date.milliseconds))
            }
        }
    }

    /// `/public/ticker/{C}_KRW`: one ticker, with its `date` inside.
    public func tickerBody(_ ticker: Ticker, date: Timestamp) -> [UInt8] {
        envelope { writer in writeTicker(ticker, date: date, into: &writer) }
    }

    /// `/public/orderbook/{C}_KRW`.
    public func orderBookBody(_ book: OrderBook, count: Int = 30) -> [UInt8] {
        let (bids, asks) = book.top(count)
        return envelope(capacity: 2000) { writer in
            writer.object { writer in
                writer.key("timestamp")
                writer.string(String(book.timestamp.milliseconds))
                writer.key("payment_currency")
                writer.string(book.market.quote)
                writer.key("order_currency")
                writer.string(book.market.base)
                for (key, levels) in [("bids", bids), ("asks", asks)] {
                    writer.key(key)
                    writer.array { writer in
                        for level in levels {
                            writer.object { writer in
                                writer.key("price")
                                writer.quoted(level.price)
                                writer.key("quantity")
                                writer.quoted(level.quantity)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `/public/transaction_history/{C}_KRW`, oldest first, second-resolution KST times.
    public func transactionHistoryBody(_ trades: [Trade]) -> [UInt8] {
        envelope(capacity: trades.count * 150) { writer in
            writer.array { writer in
                for trade in trades.sorted(by: { $0.timestamp < $1.timestamp }) {
                    writer.object { writer in
                        writer.key("transaction_date")
                        writer.string(WireTime.spaced(trade.timestamp, .kst, microseconds: false))
                        writer.key("type")
                        writer.string(trade.side == .buy ? "bid" : "ask")
                        writer.key("units_traded")
                        writer.quoted(trade.quantity)
                        writer.key("price")
                        writer.quoted(trade.price)
                        writer.key("total")
                        writer.quoted((trade.price * trade.quantity).rounded(toFractionDigits: 0))
                    }
                }
            }
        }
    }

    /// `/public/candlestick/{C}_KRW/{interval}`: `[t_ms, open, close, high, low, volume]`, oldest first.
    public func candlestickBody(_ candles: [Candle]) -> [UInt8] {
        envelope(capacity: candles.count * 80) { writer in
            writer.array { writer in
                for candle in candles.sorted(by: { $0.start < $1.start }) {
                    writer.array { writer in
                        writer.number(candle.start.milliseconds)
                        writer.quoted(candle.open)
                        writer.quoted(candle.close)
                        writer.quoted(candle.high)
                        writer.quoted(candle.low)
                        writer.quoted(candle.volume)
                    }
                }
            }
        }
    }

    /// An error body, e.g. status `5500`, `상장 코인 아님` — sent with HTTP 200.
    public func errorBody(status: String, message: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("status")
            writer.string(status)
            writer.key("message")
            writer.string(message)
        }
        return writer.bytes
    }

    // MARK: Shared

    private func statusFrame(_ status: String, _ message: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("status")
            writer.string(status)
            writer.key("resmsg")
            writer.string(message)
        }
        return writer.bytes
    }

    private func envelope(capacity: Int = 512, _ data: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        writer.object { writer in
            writer.key("status")
            writer.string("0000")
            writer.key("data")
            data(&writer)
        }
        return writer.bytes
    }

    private func writeTicker(_ ticker: Ticker, date: Timestamp? = nil, into writer: inout JSONWriter) {
        let session = ticker.session
        writer.object { writer in
            writer.key("opening_price")
            writer.quoted(session?.open ?? ticker.price)
            writer.key("closing_price")
            writer.quoted(ticker.price)
            writer.key("min_price")
            writer.quoted(session?.low ?? ticker.price)
            writer.key("max_price")
            writer.quoted(session?.high ?? ticker.price)
            writer.key("units_traded")
            writer.quoted(session?.volume ?? .zero)
            writer.key("acc_trade_value")
            writer.quoted(session?.tradeValue ?? .zero)
            writer.key("prev_closing_price")
            writer.quoted(session?.previousClose ?? ticker.price)
            writer.key("units_traded_24H")
            writer.quoted(ticker.volume24h ?? .zero)
            writer.key("acc_trade_value_24H")
            writer.quoted(ticker.tradeValue24h ?? .zero)
            writer.key("fluctate_24H")
            writer.quoted(ticker.change.signedAmount)
            writer.key("fluctate_rate_24H")
            writer.quoted(ticker.change.signedRate.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))
            if let date {
                writer.key("date")
                writer.string(String(date.milliseconds))
            }
        }
    }
}
