import MarketCore

/// What is in view: the markets followed closely and the chart's interval.
extension FeedSession {
    mutating func viewChanged(focus markets: [MarketCode], candleInterval: CandleInterval?) -> [Action] {
        let added = markets.filter { !configuration.focus.contains($0) }
        let focusChanged = Set(markets) != Set(configuration.focus)
        let intervalChanged = candleInterval != configuration.candleInterval
        configuration.focus = markets
        configuration.candleInterval = candleInterval
        guard phase != .disconnected else { return [] }
        var actions: [Action] = []
        for market in added { actions += bootstrap(market) }
        if intervalChanged, let candleInterval {
            for market in markets where !added.contains(market) { actions += enqueue(.candles(market, candleInterval)) }
        }
        if focusChanged, phase == .streaming { actions.append(.subscribe(subscription)) }
        return actions
    }

    /// Asks for one page of candles before `before` for a market in view at the chart's
    /// interval; anything else (a market or interval left meanwhile) is not fetched.
    mutating func earlierCandlesWanted(_ market: MarketCode, _ interval: CandleInterval, before: Timestamp) -> [Action] {
        guard phase == .streaming, configuration.focus.contains(market), configuration.candleInterval == interval else { return [] }
        return enqueue(.earlierCandles(market, interval, before: before))
    }

    /// Starts following a market in view: its book sync, then its book and history over REST.
    mutating func bootstrap(_ market: MarketCode) -> [Action] {
        if case .deltas(let snapshotDepth) = bookUpdates {
            bookSyncs[market] = BookSync(market: market, snapshotDepth: snapshotDepth)
            status.resyncingBooks.insert(market)
        }
        tradesAwaitingStream.insert(market)
        var actions = enqueue(.book(market)) + enqueue(.trades(market))
        if let interval = configuration.candleInterval { actions += enqueue(.candles(market, interval)) }
        return actions
    }

    /// Reads the trades of each market in view again after its first streamed trade (even when
    /// a read is running: it may have been answered already), so the tape holds every trade
    /// from before the subscription to the stream.
    mutating func readTradesAgain(after trades: [Trade]) -> [Action] {
        var actions: [Action] = []
        for trade in trades where configuration.focus.contains(trade.market) && tradesAwaitingStream.remove(trade.market) != nil {
            actions += enqueue(.trades(trade.market), evenIfInFlight: true)
        }
        return actions
    }
}
