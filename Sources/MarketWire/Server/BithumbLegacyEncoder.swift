public import MarketCore

/// Produces Bithumb legacy frames and REST bodies as the exchange writes them (numbers as
/// strings, KST wall-clock text); the demo exchange serves these.
public struct BithumbLegacyEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// `/public/assetsstatus/ALL`: each coin's deposit and withdrawal state as 1 or 0.
    public func transfersBody(_ transfers: [String: TransferStatus]) -> [UInt8] {
        var writer = JSONWriter(capacity: transfers.count * 60)
        writer.object { writer in
            writer.field("status", "0000")
            writer.key("data")
            writer.object { writer in
                for (symbol, status) in transfers.sorted(by: { $0.key < $1.key }) {
                    writer.key(symbol)
                    writer.object { writer in
                        writer.field("deposit_status", status.deposit == .normal ? 1 : 0)
                        writer.field("withdrawal_status", status.withdrawal == .normal ? 1 : 0)
                    }
                }
            }
        }
        return writer.bytes
    }

    // MARK: WebSocket frames

    /// The greeting sent on connect.
    public func connectedFrame() -> [UInt8] { statusFrame("0000", "Connected Successfully") }

    /// The answer to an accepted filter.
    public func filterRegisteredFrame() -> [UInt8] { statusFrame("0000", "Filter Registered Successfully") }

    /// The answer to a malformed filter.
    public func invalidFilterFrame() -> [UInt8] { statusFrame("5100", "Invalid Filter Syntax") }

    /// A `ticker` message. Its `tickType` names the ticker's change basis (`24H` for the
    /// rolling day, `MID` since 00:00 KST, …); open, high, low, volume and value are the
    /// session's, which should cover the same window.
    public func tickerFrame(_ ticker: Ticker, buyVolume: ExactDecimal = .zero, sellVolume: ExactDecimal = .zero) -> [UInt8] {
        var writer = JSONWriter()
        let open = ticker.session?.open ?? (ticker.price - ticker.change.signedAmount)
        let tickType = BithumbLegacyCodec.tickTypes.first { $0.basis == ticker.change.basis }?.name.description ?? BithumbLegacyCodec.tickType
        writer.object { writer in
            writer.field("type", "ticker")
            writer.key("content")
            writer.object { writer in
                writer.field("tickType", tickType)
                writer.field("date", WireTime.compactDate(ticker.timestamp, .kst))
                writer.field("time", WireTime.compactTime(ticker.timestamp, .kst))
                writer.quotedField("openPrice", open)
                writer.quotedField("closePrice", ticker.price)
                writer.quotedField("lowPrice", ticker.session?.low ?? ticker.price)
                writer.quotedField("highPrice", ticker.session?.high ?? ticker.price)
                writer.quotedField("value", ticker.session?.tradeValue ?? ticker.tradeValue24h ?? .zero)
                writer.quotedField("volume", ticker.session?.volume ?? ticker.volume24h ?? .zero)
                writer.quotedField("sellVolume", sellVolume)
                writer.quotedField("buyVolume", buyVolume)
                writer.quotedField("prevClosePrice", ticker.session?.previousClose ?? open)
                writer.quotedField("chgRate", ticker.change.signedRate.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))
                writer.quotedField("chgAmt", ticker.change.signedAmount)
                writer.key("volumePower")
                let power =
                    sellVolume.isZero
                    ? ExactDecimal(500)
                    : min(
                        ExactDecimal(500),
                        (buyVolume.divided(by: sellVolume) ?? .zero).shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))
                writer.quoted(power)
                writer.field("symbol", ticker.market.legacySymbol)
            }
        }
        return writer.bytes
    }

    /// A `transaction` message with one or more trades.
    public func transactionFrame(_ trades: [Trade], previousPrices: [MarketCode: ExactDecimal] = [:]) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("type", "transaction")
            writer.key("content")
            writer.object { writer in
                writer.key("list")
                writer.array { writer in
                    for trade in trades {
                        writer.object { writer in
                            writer.field("buySellGb", trade.side == .sell ? "1" : "2")
                            writer.quotedField("contPrice", trade.price)
                            writer.quotedField("contQty", trade.quantity)
                            writer.quotedField("contAmt", (trade.price * trade.quantity).rounded(toFractionDigits: 4))
                            writer.field("contDtm", WireTime.spaced(trade.timestamp, .kst, microseconds: true))
                            writer.field("updn", trade.price < (previousPrices[trade.market] ?? trade.price) ? "dn" : "up")
                            writer.field("symbol", trade.market.legacySymbol)
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
            writer.field("type", "orderbookdepth")
            writer.key("content")
            writer.object { writer in
                writer.key("list")
                writer.array { writer in
                    for change in delta.changes {
                        writer.object { writer in
                            writer.field("symbol", delta.market.legacySymbol)
                            writer.field("orderType", change.side.rawValue)
                            writer.quotedField("price", change.price)
                            writer.quotedField("quantity", change.quantity)
                            writer.field("total", change.quantity.isZero ? "0" : "1")
                        }
                    }
                }
                writer.field("datetime", String(delta.timestamp.microseconds))
            }
        }
        return writer.bytes
    }

    /// An `orderbooksnapshot` message: the top 30 levels per side as `[price, size]` pairs.
    public func orderBookSnapshotFrame(_ book: OrderBook) -> [UInt8] {
        var writer = JSONWriter()
        let (bids, asks) = book.top(30)
        writer.object { writer in
            writer.field("type", "orderbooksnapshot")
            writer.key("content")
            writer.object { writer in
                writer.field("symbol", book.market.legacySymbol)
                writer.field("datetime", String(book.timestamp.microseconds))
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
                writer.field("date", String(date.milliseconds))
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
                writer.field("timestamp", String(book.timestamp.milliseconds))
                writer.field("payment_currency", book.market.quote)
                writer.field("order_currency", book.market.base)
                for (key, levels) in [("bids", bids), ("asks", asks)] {
                    writer.key(key)
                    writer.array { writer in
                        for level in levels {
                            writer.object { writer in
                                writer.quotedField("price", level.price)
                                writer.quotedField("quantity", level.quantity)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `/public/transaction_history/{C}_KRW` from trades given newest first (as a tape holds
    /// them), written oldest first with second-resolution KST times as the exchange does.
    public func transactionHistoryBody(_ trades: [Trade]) -> [UInt8] {
        envelope(capacity: trades.count * 150) { writer in
            writer.array { writer in
                for trade in trades.reversed() {
                    writer.object { writer in
                        writer.field("transaction_date", WireTime.spaced(trade.timestamp, .kst, microseconds: false))
                        writer.field("type", trade.side == .buy ? "bid" : "ask")
                        writer.quotedField("units_traded", trade.quantity)
                        writer.quotedField("price", trade.price)
                        writer.quotedField("total", (trade.price * trade.quantity).rounded(toFractionDigits: 0))
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
            writer.field("status", status)
            writer.field("message", message)
        }
        return writer.bytes
    }

    // MARK: Shared

    private func statusFrame(_ status: String, _ message: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("status", status)
            writer.field("resmsg", message)
        }
        return writer.bytes
    }

    private func envelope(capacity: Int = 512, _ data: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter(capacity: capacity)
        writer.object { writer in
            writer.field("status", "0000")
            writer.key("data")
            data(&writer)
        }
        return writer.bytes
    }

    private func writeTicker(_ ticker: Ticker, date: Timestamp? = nil, into writer: inout JSONWriter) {
        let session = ticker.session
        writer.object { writer in
            writer.quotedField("opening_price", session?.open ?? ticker.price)
            writer.quotedField("closing_price", ticker.price)
            writer.quotedField("min_price", session?.low ?? ticker.price)
            writer.quotedField("max_price", session?.high ?? ticker.price)
            writer.quotedField("units_traded", session?.volume ?? .zero)
            writer.quotedField("acc_trade_value", session?.tradeValue ?? .zero)
            writer.quotedField("prev_closing_price", session?.previousClose ?? ticker.price)
            writer.quotedField("units_traded_24H", ticker.volume24h ?? .zero)
            writer.quotedField("acc_trade_value_24H", ticker.tradeValue24h ?? .zero)
            writer.quotedField("fluctate_24H", ticker.change.signedAmount)
            writer.quotedField("fluctate_rate_24H", ticker.change.signedRate.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))
            if let date {
                writer.field("date", String(date.milliseconds))
            }
        }
    }
}
