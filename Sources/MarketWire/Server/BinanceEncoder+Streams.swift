public import MarketCore

/// Binance's market-stream frames: events bare (`/ws/…`) or wrapped with their stream's name
/// (`/stream`), and the answers to requests.
extension BinanceEncoder {
    /// A `24hrMiniTicker` (`mini`) or `24hrTicker` event as a text frame, wrapped as
    /// `{"stream":…,"data":…}` for the combined endpoint (`stream` given), bare on `/ws/…`.
    public func tickerFrame(_ ticker: Ticker, _ extras: TickerExtras, mini: Bool, stream: String?) -> [UInt8] {
        streamFrame(stream) { tickerEvent(ticker, extras, mini: mini, into: &$0) }
    }

    /// `!miniTicker@arr`'s list of mini tickers as a text frame (see ``tickerFrame(_:_:mini:stream:)``).
    public func miniTickersFrame(_ tickers: [(Ticker, TickerExtras)], stream: String?) -> [UInt8] {
        streamFrame(stream) { writer in
            writer.array { writer in for (ticker, extras) in tickers { tickerEvent(ticker, extras, mini: true, into: &writer) } }
        }
    }

    /// A `trade` event as a text frame (see ``tickerFrame(_:_:mini:stream:)``).
    public func tradeFrame(_ trade: Trade, eventTime: Timestamp, stream: String?) -> [UInt8] {
        streamFrame(stream) { tradeEvent(trade, eventTime: eventTime, into: &$0) }
    }

    /// A `depthUpdate` event as a text frame: the levels changed since update `first − 1`, up
    /// to `last`, with their sizes now (`"0.00000000"` deletes).
    public func depthUpdateFrame(
        _ market: MarketCode, first: UInt64, last: UInt64, bids: [BookLevel], asks: [BookLevel], time: Timestamp, stream: String?
    ) -> [UInt8] {
        streamFrame(stream) { depthUpdateEvent(market, first: first, last: last, bids: bids, asks: asks, time: time, into: &$0) }
    }

    /// A partial book (`@depth20`) as a text frame: the top levels, with no symbol and no time,
    /// as Binance sends it.
    public func partialDepthFrame(_ book: OrderBook, lastUpdateID: UInt64, levels count: Int, stream: String?) -> [UInt8] {
        streamFrame(stream) { partialDepthEvent(book, lastUpdateID: lastUpdateID, levels: count, into: &$0) }
    }

    private func streamFrame(_ stream: String?, _ event: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        guard let stream else {
            event(&writer)
            return writer.bytes
        }
        writer.object { writer in
            writer.field("stream", stream)
            writer.key("data")
            event(&writer)
        }
        return writer.bytes
    }

    private func tickerEvent(_ ticker: Ticker, _ extras: TickerExtras, mini: Bool, into writer: inout JSONWriter) {
        let figures = TickerFigures(ticker, extras)
        let miniFields: [(StaticString, String)] = [
            ("c", figures.price), ("o", figures.open), ("h", figures.high), ("l", figures.low), ("v", figures.volume), ("q", figures.quoteVolume),
        ]
        let fullFields: [(StaticString, String)] = [
            ("p", figures.change), ("P", figures.percent), ("w", figures.weightedAverage), ("x", figures.open), ("c", figures.price),
            ("Q", figures.lastQuantity), ("b", figures.bid), ("B", figures.bidQuantity), ("a", figures.ask), ("A", figures.askQuantity),
            ("o", figures.open), ("h", figures.high), ("l", figures.low), ("v", figures.volume), ("q", figures.quoteVolume),
        ]
        let fields = mini ? miniFields : fullFields
        writer.object { writer in
            writer.field("e", mini ? "24hrMiniTicker" : "24hrTicker")
            writer.field("E", figures.closeTime)
            writer.field("s", figures.symbol)
            for (name, value) in fields { writer.field(name, value) }
            guard !mini else { return }
            for (name, value) in [
                ("O", figures.openTime), ("C", figures.closeTime), ("F", Int64(clamping: figures.firstID)), ("L", Int64(clamping: figures.lastID)),
                ("n", Int64(figures.count)),
            ] as [(StaticString, Int64)] {
                writer.field(name, value)
            }
        }
    }

    private func tradeEvent(_ trade: Trade, eventTime: Timestamp, into writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("e", "trade")
            writer.field("E", Self.milliseconds(eventTime))
            writer.field("s", BinanceSymbol.symbol(of: trade.market))
            writer.field("t", trade.id ?? 0)
            writer.field("p", Self.text(trade.price))
            writer.field("q", Self.text(trade.quantity))
            writer.field("T", Self.milliseconds(trade.timestamp))
            writer.field("m", trade.side == .sell)
            writer.field("M", true)
        }
    }

    private func depthUpdateEvent(
        _ market: MarketCode, first: UInt64, last: UInt64, bids: [BookLevel], asks: [BookLevel], time: Timestamp,
        into writer: inout JSONWriter
    ) {
        writer.object { writer in
            writer.field("e", "depthUpdate")
            writer.field("E", Self.milliseconds(time))
            writer.field("s", BinanceSymbol.symbol(of: market))
            writer.field("U", first)
            writer.field("u", last)
            levels("b", bids, into: &writer)
            levels("a", asks, into: &writer)
        }
    }

    private func partialDepthEvent(_ book: OrderBook, lastUpdateID: UInt64, levels count: Int, into writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("lastUpdateId", lastUpdateID)
            levels("bids", Array(book.bids.prefix(count)), into: &writer)
            levels("asks", Array(book.asks.prefix(count)), into: &writer)
        }
    }

    private func levels(_ key: StaticString, _ levels: [BookLevel], into writer: inout JSONWriter) {
        writer.key(key)
        writer.array { writer in
            for level in levels {
                writer.array { writer in
                    writer.string(Self.text(level.price))
                    writer.string(Self.text(level.quantity))
                }
            }
        }
    }

    /// The answer to a request: `{"result":null,"id":…}` (a list of streams for
    /// `LIST_SUBSCRIPTIONS`), the id echoed as it was sent.
    public func resultFrame(_ streams: [String]?, id: BinanceStreamRequest.ID) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("result")
            if let streams {
                writer.array { writer in for stream in streams { writer.string(stream) } }
            } else {
                writer.null()
            }
            Self.write(id, into: &writer)
        }
        return writer.bytes
    }

    /// Writes a request's `id` as it was sent.
    static func write(_ id: BinanceStreamRequest.ID, into writer: inout JSONWriter) {
        writer.key("id")
        switch id {
        case .number(let number): writer.number(number)
        case .text(let text): writer.string(text)
        case .none: writer.null()
        }
    }
}
