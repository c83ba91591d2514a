import MarketCore

extension SimulatedMarket {
    /// Makes up one-minute candles for the `minutes` whole minutes before `end`, walking the
    /// fair value forward through them (it must start at the first of them: see
    /// ``MarketSimulator/historyStart(minutes:liveStart:)``), and counts their session volume
    /// by side.
    mutating func makeHistory(
        minutes: Int, until end: Timestamp, tradesPerMinute: Double,
        using generator: inout some RandomNumberGenerator
    ) {
        let minute: Int64 = 60_000_000
        let lastStart = end.floored(toMultipleOf: minute).microseconds
        var close = KRWTickTable.nearest(to: fairPrice)
        var candles: [Candle] = []
        candles.reserveCapacity(minutes)
        for offset in stride(from: Int64(minutes), to: 0, by: -1) {
            let start = Timestamp(microseconds: lastStart - offset * minute)
            advanceFair(to: start.advanced(byMicroseconds: minute))
            let count = generator.poisson(mean: tradesPerMinute * SimMath.exp(regime))
            guard count > 0 else { continue }
            let open = close
            let from = SimMath.log(open.doubleValue)
            var prices = [open]
            for step in 1...4 {
                let drift = from + (fairLog - from) * Double(step) / 4
                prices.append(KRWTickTable.nearest(to: SimMath.exp(drift + currentVolatility * 4 * generator.normal())))
            }
            close = prices[4]
            let volume = Self.quantity(
                notional: medianNotional * Double(count) * (0.6 + 0.8 * generator.unit()),
                price: close)
            let average = ((open + close).divided(by: 2) ?? close)
            candles.append(
                Candle(
                    start: start, open: open, high: prices.max() ?? open, low: prices.min() ?? open,
                    close: close, volume: volume, tradeValue: (volume * average).rounded(toFractionDigits: 8)))
            if start >= flowSession {
                let bought = (volume * ExactDecimal(count: Int(300 + generator.unit() * 400), fractionDigits: 3))
                    .rounded(toFractionDigits: Self.quantityDigits)
                buyVolume += bought
                sellVolume += volume - bought
            }
        }
        minuteCandles.replace(with: candles, coveredUntil: nil)
    }
}

extension RandomNumberGenerator {
    /// A Poisson count with the given mean (normal approximation above 30).
    mutating func poisson(mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        if mean > 30 {
            return max(0, Int((mean + mean.squareRoot() * normal()).rounded()))
        }
        let limit = SimMath.exp(-mean)
        var product = unit()
        var count = 0
        while product > limit {
            count += 1
            product *= unit()
        }
        return count
    }
}
