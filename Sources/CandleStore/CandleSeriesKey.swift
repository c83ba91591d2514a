public import MarketCore

/// One series of candles in the store: whose, which market, which interval.
public struct CandleSeriesKey: Sendable, Hashable {
    /// Where the candles come from: an exchange's name for its real endpoints, or a name that
    /// keeps apart what must not mix with them (a seeded demo, an overridden endpoint).
    public var source: String
    /// The market.
    public var market: MarketCode
    /// The candles' interval.
    public var interval: CandleInterval

    /// Creates a key.
    public init(source: String, market: MarketCode, interval: CandleInterval) {
        self.source = source
        self.market = market
        self.interval = interval
    }
}
