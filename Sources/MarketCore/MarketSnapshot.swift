/// An immutable, versioned view of every market, published by the store and read by the UI.
public struct MarketSnapshot: Sendable, Equatable {
    /// Increases by one with every published snapshot.
    public let version: UInt64
    /// When the snapshot was taken, by the publisher's clock.
    public let capturedAt: Timestamp
    /// The connection's state and counters at that moment.
    public let feed: FeedStatus
    /// Listed markets in listing order.
    public let markets: [Market]
    /// Latest ticker per market.
    public let tickers: SharedValueDictionary<MarketCode, Ticker>
    /// Current order book per market that has one.
    public let orderBooks: [MarketCode: OrderBook]
    /// Trade tape per market that has one.
    public let trades: [MarketCode: TradeTape]
    /// Candle series per market and interval.
    public let candles: [MarketCode: [CandleInterval: CandleSeries]]
    /// When data for each market last arrived, by the publisher's clock: how fresh each row is.
    public let receivedAt: [MarketCode: Timestamp]
    /// Books from before the present connection, not replaced since (see ``bookState(of:)``).
    public let staleBooks: Set<MarketCode>
    /// The exchange's alerts in force, by market.
    public let alerts: [MarketCode: MarketWarning]
    /// Deposit and withdrawal state by coin symbol.
    public let transfers: [String: TransferStatus]
    /// When markets that appeared in the listing while watched were first seen.
    public let listedAt: [MarketCode: Timestamp]
    /// Streamed tickers that brought a trade, per market, over the last ten minutes.
    public let activity: [MarketCode: TradeActivity]
    /// What changed since the previous snapshot.
    public let diff: SnapshotDiff

    /// Creates a snapshot.
    public init(
        version: UInt64, capturedAt: Timestamp, feed: FeedStatus, markets: [Market], tickers: SharedValueDictionary<MarketCode, Ticker>,
        orderBooks: [MarketCode: OrderBook], trades: [MarketCode: TradeTape],
        candles: [MarketCode: [CandleInterval: CandleSeries]], receivedAt: [MarketCode: Timestamp],
        staleBooks: Set<MarketCode> = [], alerts: [MarketCode: MarketWarning] = [:],
        transfers: [String: TransferStatus] = [:], listedAt: [MarketCode: Timestamp] = [:],
        activity: [MarketCode: TradeActivity] = [:], diff: SnapshotDiff
    ) {
        self.version = version
        self.capturedAt = capturedAt
        self.feed = feed
        self.receivedAt = receivedAt
        self.staleBooks = staleBooks
        self.markets = markets
        self.tickers = tickers
        self.orderBooks = orderBooks
        self.trades = trades
        self.candles = candles
        self.alerts = alerts
        self.transfers = transfers
        self.listedAt = listedAt
        self.activity = activity
        self.diff = diff
    }

    /// An empty snapshot, version 0.
    public static let empty = MarketSnapshot(
        version: 0, capturedAt: Timestamp(microseconds: 0), feed: FeedStatus(),
        markets: [], tickers: [:], orderBooks: [:], trades: [:], candles: [:],
        receivedAt: [:], diff: SnapshotDiff())
}
