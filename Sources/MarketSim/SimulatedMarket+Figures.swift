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
        let (previousClose, traded) = WindowTally.count(minuteCandles.candles, from: windowStart)
        return WindowTally.figures(previousClose: previousClose, traded: traded, lastPrice: lastPrice)
    }

    /// The figures of `basis`'s window at `now`: its tally's when the tally stands there (the
    /// market's own windows, right after a trade), else counted afresh.
    func figures(of basis: ChangeBasis, at now: Timestamp) -> WindowFigures {
        let start = Self.windowStart(of: basis, at: now)
        if let tally = tallies.first(where: { $0.basis == basis && $0.start == start }) { return tally.figures(lastPrice: lastPrice) }
        return figures(from: start)
    }

    /// A ticker whose change is measured on `changeBasis` and whose session figures cover
    /// `sessionBasis`, with rolling 24-hour totals, as of `now`.
    func ticker(change changeBasis: ChangeBasis, session sessionBasis: ChangeBasis, now: Timestamp) -> Ticker {
        let price = lastPrice
        let reference = figures(of: changeBasis, at: now)
        let session = sessionBasis == changeBasis ? reference : figures(of: sessionBasis, at: now)
        let rolling = changeBasis == .rolling24h ? reference : figures(of: .rolling24h, at: now)
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
