/// A piece of market data a client fetches as a whole (over REST) to start from or to resync.
public enum SnapshotResource: Sendable, Hashable {
    /// The market listing with names.
    case markets
    /// Tickers for these markets.
    case tickers([MarketCode])
    /// One market's order book.
    case orderBook(MarketCode)
    /// One market's recent trades.
    case trades(MarketCode, count: Int)
    /// One market's candle history: the newest `count` candles, or the newest that start
    /// before `before` (an earlier page, where the exchange pages).
    case candles(MarketCode, CandleInterval, count: Int, before: Timestamp? = nil)
    /// The alerts in force on every market (none where the exchange publishes no list).
    case warnings
    /// Every coin's deposit and withdrawal state (none where the exchange publishes none).
    case transfers
}
