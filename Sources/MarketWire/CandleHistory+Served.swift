import MarketCore

extension CandleHistory {
    /// The history a REST answer gives for `interval`: its `candles` of the interval the
    /// exchange served (`source`), combined into `interval` where the two differ (the
    /// exchanges have no 6 h or 12 h candles), oldest first, the newest `count` kept.
    static func served(
        _ candles: [Candle], of source: CandleInterval, as interval: CandleInterval, market: MarketCode, count: Int,
        coveredUntil: Timestamp?, before: Timestamp?
    ) -> CandleHistory {
        let shaped = source == interval ? candles : CandleSeries.aggregate(candles, into: interval)
        let asked = before.map { before in shaped.filter { $0.start < before } } ?? shaped
        return CandleHistory(
            market: market, interval: interval, candles: Array(asked.sorted { $0.start < $1.start }.suffix(count)),
            coveredUntil: before == nil ? coveredUntil : nil, endsBefore: before)
    }
}
