/// Everything a feed can tell: the one vocabulary past the codecs.
public enum MarketEvent: Sendable, Hashable {
    /// The listed markets with their names (a full listing replaces the previous one).
    case markets([Market])
    /// New ticker figures for a market.
    indirect case ticker(Ticker)
    /// A whole order book, replacing the previous one.
    case orderBook(OrderBook)
    /// Level changes to apply to a market's current book.
    case orderBookDelta(OrderBookDelta)
    /// Executed trades, oldest first.
    case trades([Trade])
    /// Candle history for one market and interval, replacing the previous one.
    case candles(CandleHistory)
    /// The exchange's alerts in force, by market, replacing the previous list (Bithumb's
    /// `/v1/market/virtual_asset_warning`).
    case warnings([MarketCode: MarketWarning])
    /// Deposit and withdrawal state by coin symbol (`BTC`), replacing the previous list.
    case transfers([String: TransferStatus])
    /// A control message from the exchange.
    case notice(FeedNotice)
}

extension MarketEvent {
    /// Whether the event is market data a stream delivers (a ticker, trades, a book or a change
    /// to one): what makes a feed live, unlike notices.
    public var isMarketData: Bool {
        switch self {
        case .ticker, .orderBook, .orderBookDelta: true
        case .trades(let trades): !trades.isEmpty
        case .markets, .candles, .warnings, .transfers, .notice: false
        }
    }
}

/// A control message: greetings, acknowledgements, heartbeats and rejections.
public enum FeedNotice: Sendable, Hashable {
    /// The server greeted a new connection.
    case connected(message: String)
    /// The server accepted a subscription.
    case subscribed(message: String)
    /// A keepalive answer (`{"status":"UP"}`).
    case heartbeat
    /// The server rejected a request; `code` is the exchange's error name or status.
    case rejected(code: String, message: String)
    /// The server said it is about to close the connection (Binance's `serverShutdown`): a
    /// new one should be made at once.
    case closing(message: String)
}

/// Candle history for one market and interval.
public struct CandleHistory: Sendable, Hashable {
    /// The market.
    public var market: MarketCode
    /// The candles' interval.
    public var interval: CandleInterval
    /// The candles, in any order.
    public var candles: [Candle]
    /// The time up to which the history already counts trades, when known.
    public var coveredUntil: Timestamp?
    /// Whether the candles were kept from an earlier run rather than fetched from the exchange.
    public var isKept: Bool
    /// For an earlier page, the time its candles were asked to start before: the series keeps
    /// what it holds from then on.
    public var endsBefore: Timestamp?

    /// Creates a history; `isKept` for candles kept from an earlier run, `endsBefore` for an
    /// earlier page.
    public init(
        market: MarketCode, interval: CandleInterval, candles: [Candle], coveredUntil: Timestamp?, isKept: Bool = false,
        endsBefore: Timestamp? = nil
    ) {
        self.market = market
        self.interval = interval
        self.candles = candles
        self.coveredUntil = coveredUntil
        self.isKept = isKept
        self.endsBefore = endsBefore
    }
}
