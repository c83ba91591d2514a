/// What a connection should stream: tickers for many markets, books and trades for a few.
public struct FeedSubscription: Sendable, Hashable {
    /// Markets whose tickers are wanted (all KRW markets, normally).
    public var tickers: [MarketCode]
    /// Markets whose order books are wanted (the ones in view).
    public var orderBooks: [MarketCode]
    /// Markets whose trades are wanted (the ones in view).
    public var trades: [MarketCode]

    /// Creates a subscription; a market named twice in a list is kept once (the exchanges
    /// refuse a request that repeats a code).
    public init(tickers: [MarketCode] = [], orderBooks: [MarketCode] = [], trades: [MarketCode] = []) {
        self.tickers = tickers.removingRepeats()
        self.orderBooks = orderBooks.removingRepeats()
        self.trades = trades.removingRepeats()
    }

    /// Whether nothing is asked for.
    public var isEmpty: Bool { tickers.isEmpty && orderBooks.isEmpty && trades.isEmpty }
}
