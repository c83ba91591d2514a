public import MarketCore
public import MarketRuntime

/// One source's part of the candle store, as a feed's ``CandleArchive``.
public struct StoreCandleArchive: CandleArchive {
    /// The store.
    public let store: CandleStore
    /// The source the feed's candles are kept under (see ``CandleSeriesKey/source``).
    public let source: String

    /// The part of `store` kept under `source`.
    public init(store: CandleStore, source: String) {
        self.store = store
        self.source = source
    }

    public func candles(of market: MarketCode, interval: CandleInterval, limit: Int, viewedAt: Timestamp) async throws -> [Candle] {
        try await store.markViewed(source: source, market: market, at: viewedAt)
        return try await store.candles(of: CandleSeriesKey(source: source, market: market, interval: interval), limit: limit)
    }

    public func keep(_ candles: [Candle], of market: MarketCode, interval: CandleInterval, covering: Range<Timestamp>?) async throws {
        try await store.save(candles, of: CandleSeriesKey(source: source, market: market, interval: interval), covering: covering)
    }

    public func page(of market: MarketCode, interval: CandleInterval, before: Timestamp, limit: Int) async throws -> [Candle]? {
        try await store.coveredPage(of: CandleSeriesKey(source: source, market: market, interval: interval), before: before, limit: limit)
    }
}
