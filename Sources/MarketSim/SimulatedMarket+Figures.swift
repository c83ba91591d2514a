import MarketCore

/// Prices and totals of the trades in a time window, and the close before it.
struct WindowFigures: Sendable, Hashable {
    var open: ExactDecimal
    var high: ExactDecimal
    var low: ExactDecimal
    var previousClose: ExactDecimal
    var volume: ExactDecimal
    var value: ExactDecimal
}

extension SimulatedMarket {
    /// The figures of every trade from `windowStart` on, taken from the one-minute candles
    /// (which count every trade), so tickers always agree with trades and candles.
    func figures(from windowStart: Timestamp) -> WindowFigures {
        let candles = minuteCandles.candles
        let first = candles.partitioningIndex { $0.start >= windowStart }
        let previousClose = first > 0 ? candles[first - 1].close : (first < candles.count ? candles[first].open : lastPrice)
        guard first < candles.count else {
            let price = lastPrice
            return WindowFigures(open: price, high: price, low: price, previousClose: previousClose, volume: .zero, value: .zero)
        }
        var figures = WindowFigures(
            open: candles[first].open, high: candles[first].high, low: candles[first].low,
            previousClose: previousClose, volume: .zero, value: .zero)
        for candle in candles[first...] {
            figures.high = max(figures.high, candle.high)
            figures.low = min(figures.low, candle.low)
            figures.volume += candle.volume
            figures.value += candle.tradeValue ?? .zero
        }
        return figures
    }

    /// A ticker whose change is measured on `changeBasis` and whose session figures cover
    /// `sessionBasis`, with rolling 24-hour totals, as of `now`.
    func ticker(change changeBasis: ChangeBasis, session sessionBasis: ChangeBasis, now: Timestamp) -> Ticker {
        let price = lastPrice
        let reference = figures(from: Self.windowStart(of: changeBasis, at: now))
        let session = sessionBasis == changeBasis ? reference : figures(from: Self.windowStart(of: sessionBasis, at: now))
        let rolling = changeBasis == .rolling24h ? reference : figures(from: Self.windowStart(of: .rolling24h, at: now))
        let amount = price - reference.previousClose
        let rate = (amount.divided(by: reference.previousClose) ?? .zero).rounded(toFractionDigits: 8)
        return Ticker(
            market: market.code, price: price,
            change: PriceChange(signedAmount: amount, signedRate: rate, basis: changeBasis),
            session: TradingSession(
                basis: sessionBasis, open: session.open, high: max(session.high, price),
                low: min(session.low, price), previousClose: session.previousClose,
                volume: session.volume, tradeValue: session.value),
            volume24h: rolling.volume, tradeValue24h: rolling.value, timestamp: now,
            flow: TradeFlow(buyVolume: buyVolume, sellVolume: sellVolume), status: status)
    }

    /// Where a basis's window starts: a midnight, or the minute that opens a rolling window.
    static func windowStart(of basis: ChangeBasis, at now: Timestamp) -> Timestamp {
        let day: Int64 = 86_400_000_000
        let minute: Int64 = 60_000_000
        switch basis {
        case .sinceMidnightUTC:
            return now.floored(toMultipleOf: day)
        case .sinceMidnightKST:
            return now.floored(toMultipleOf: day, phase: -WallClock.kst.offsetMicroseconds)
        case .rolling(let minutes):
            return now.floored(toMultipleOf: minute).advanced(byMicroseconds: -Int64(max(1, minutes) - 1) * minute)
        }
    }
}
