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
    /// The figures of `basis`'s window at `now`: its tally's, moved there when the market has
    /// not traded since the window moved, or counted afresh for a window no tally keeps.
    func figures(of basis: ChangeBasis, at now: Timestamp) -> WindowFigures {
        var tally = tallies.first { $0.basis == basis } ?? WindowTally(basis: basis)
        tally.move(to: now, over: minuteCandles)
        return tally.figures(lastPrice: lastPrice)
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
