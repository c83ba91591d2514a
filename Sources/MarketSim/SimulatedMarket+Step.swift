import MarketCore

extension SimulatedMarket {
    /// One thing happens to this market at `time`: an order rests, is cancelled, or trades.
    /// - Returns: the events a feed publishes for it, in order: trades, the book change they
    ///   caused, and the ticker after them.
    mutating func act(
        at time: Timestamp, nextTradeID: inout UInt64,
        using generator: inout some RandomNumberGenerator
    ) -> [MarketEvent] {
        advanceFair(to: time)
        let takeChance = min(0.4, 0.12 * SimMath.exp(regime))
        let roll = generator.unit()
        var trades: [Trade] = []
        var changes: [BookChange]
        if roll < takeChance {
            (trades, changes) = takeLiquidity(at: time, nextTradeID: &nextTradeID, using: &generator)
        } else if roll < takeChance + 0.45 {
            changes = restOrder(at: time, using: &generator)
        } else {
            changes = cancelOrder(using: &generator)
        }
        book.apply(OrderBookDelta(market: market.code, changes: changes, timestamp: time))
        let refilled = refills(using: &generator)
        if !refilled.isEmpty {
            book.apply(OrderBookDelta(market: market.code, changes: refilled, timestamp: time))
            changes += refilled
        }
        guard !changes.isEmpty else { return [] }
        let delta = MarketEvent.orderBookDelta(OrderBookDelta(market: market.code, changes: changes, timestamp: time))
        guard !trades.isEmpty else { return [delta] }
        for trade in trades { record(trade) }
        return [
            .trades(trades), delta,
            .ticker(ticker(change: .sinceMidnightKST, session: .sinceMidnightKST, now: time)),
        ]
    }

    /// Counts a trade into the tallies, the candles, the tape and the session's flow.
    private mutating func record(_ trade: Trade) {
        let candles = minuteCandles
        for index in tallies.indices {
            tallies[index].move(to: trade.timestamp, over: candles)
            tallies[index].include(trade)
        }
        liveCandles.apply(trade)
        tape.append(trade)
        lastTrade = trade
        let session = Self.windowStart(of: .sinceMidnightKST, at: trade.timestamp)
        if session > flowSession {
            flowSession = session
            buyVolume = .zero
            sellVolume = .zero
        }
        if trade.side == .buy { buyVolume += trade.quantity } else { sellVolume += trade.quantity }
    }
}
