public import MarketCore

/// Where one exchange's candles are kept between runs (the candle store), as the feed uses it:
/// what is held is shown before the exchange's page is asked for, and closed candles are
/// written back. A failure is the archive's to report; the feed then carries on without it.
public protocol CandleArchive: Sendable {
    /// Up to `limit` of the newest candles held for `market` at `interval`, oldest first, for a
    /// chart looked at `viewedAt` (the archive spares the markets looked at last).
    func candles(of market: MarketCode, interval: CandleInterval, limit: Int, viewedAt: Timestamp) async throws -> [Candle]
    /// Keeps closed candles of `market` at `interval`; one held at the same start is replaced.
    /// With `covering`, they are the exchange's answer for that stretch of time: every candle
    /// it has there.
    func keep(_ candles: [Candle], of market: MarketCode, interval: CandleInterval, covering: Range<Timestamp>?) async throws
    /// The page of `market` at `interval` before `before` (at most `limit`, oldest first) as
    /// the exchange would answer it, when the archive holds every candle the exchange has from
    /// the oldest of them up to `before`; `nil` when it cannot say.
    func page(of market: MarketCode, interval: CandleInterval, before: Timestamp, limit: Int) async throws -> [Candle]?
}
