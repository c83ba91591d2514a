/// An immutable, versioned view of every market, published by the store and read by the UI.
public struct MarketSnapshot: Sendable {
    /// Increases by one with every published snapshot.
    public let version: UInt64
    /// Listed markets in listing order.
    public let markets: [Market]
    /// Latest ticker per market.
    public let tickers: [MarketCode: Ticker]
    /// Current order book per market that has one.
    public let orderBooks: [MarketCode: OrderBook]
    /// Trade tape per market that has one.
    public let trades: [MarketCode: TradeTape]
    /// Candle series per market and interval.
    public let candles: [MarketCode: [CandleInterval: CandleSeries]]
    /// What changed since the previous snapshot.
    public let diff: SnapshotDiff

    /// Creates a snapshot.
    public init(version: UInt64, markets: [Market], tickers: [MarketCode: Ticker], orderBooks: [MarketCode: OrderBook],
                trades: [MarketCode: TradeTape], candles: [MarketCode: [CandleInterval: CandleSeries]], diff: SnapshotDiff) {
        self.version = version
        self.markets = markets
        self.tickers = tickers
        self.orderBooks = orderBooks
        self.trades = trades
        self.candles = candles
        self.diff = diff
    }

    /// An empty snapshot, version 0.
    public static let empty = MarketSnapshot(version: 0, markets: [], tickers: [:], orderBooks: [:], trades: [:],
                                             candles: [:], diff: SnapshotDiff())
}
