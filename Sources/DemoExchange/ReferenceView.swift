import MarketCore
import MarketSim
import MarketWire

/// The demo's Korean world seen from the reference exchange: each coin the ``ReferenceWorld``
/// lists, priced in USDT at the world's rate and the coin's premium now (books, trades, tickers
/// and candles alike), under Binance's names.
struct ReferenceView {
    let state: MarketSimulator
    let world: ReferenceWorld

    /// The USDT markets, in the Korean listing's order.
    var markets: [Market] {
        state.markets.compactMap { market in
            guard market.code.isKRW, world.lists(market.code.base) else { return nil }
            return Market(code: KimchiPremium.referenceMarket(of: market.code), koreanName: market.code.base, englishName: market.code.base)
        }
    }

    /// The USDT market a Binance symbol names, when it is listed.
    func market(symbol: String) -> MarketCode? {
        guard let code = BinanceSymbol.market(symbol), world.lists(code.base), state.orderBook(for: won(code)) != nil else {
            return nil
        }
        return code
    }

    /// The won market a USDT market stands for.
    func won(_ market: MarketCode) -> MarketCode {
        market.inWon
    }

    /// A won price in USDT now, at the rate and premium of the current second (so books move
    /// with the market, and with the world only once a second).
    func usdt(_ won: ExactDecimal, of market: MarketCode) -> ExactDecimal {
        let second = Timestamp(microseconds: state.now.microseconds - state.now.microseconds % 1_000_000)
        return world.usdtPrice(ofWonPrice: won, coin: market.base, at: second) ?? .zero
    }

    /// The market's rolling-day ticker in USDT, with the best prices and the last trade.
    func ticker(of market: MarketCode) -> (Ticker, BinanceEncoder.TickerExtras)? {
        guard let won = state.ticker(for: won(market), change: .rolling24h, session: .rolling24h) else { return nil }
        var ticker = won
        ticker.market = market
        ticker.price = usdt(won.price, of: market)
        let open = usdt(won.session?.open ?? won.referencePrice, of: market)
        ticker.change = PriceChange(
            signedAmount: ticker.price - open, signedRate: (ticker.price - open).divided(by: open) ?? .zero, basis: .rolling24h)
        if let session = won.session {
            ticker.session = TradingSession(
                basis: .rolling24h, open: open, high: usdt(session.high, of: market), low: usdt(session.low, of: market),
                volume: session.volume, tradeValue: session.tradeValue.map { usdt($0, of: market) })
        }
        ticker.tradeValue24h = won.tradeValue24h.map { usdt($0, of: market) }
        let book = self.book(of: market)
        let last = state.lastTrade(for: self.won(market))
        let extras = BinanceEncoder.TickerExtras(
            bid: book?.bids.first, ask: book?.asks.first, lastQuantity: last?.quantity ?? .zero, lastID: last?.id ?? 0,
            count: state.recentTrades(for: self.won(market), count: 1000).count)
        return (ticker, extras)
    }

    /// The market's book in USDT; levels that round to one price are merged.
    func book(of market: MarketCode) -> OrderBook? {
        guard let won = state.orderBook(for: won(market)) else { return nil }
        func converted(_ levels: [BookLevel]) -> [BookLevel] {
            var result: [BookLevel] = []
            for level in levels {
                let price = usdt(level.price, of: market)
                if let last = result.last, last.price == price {
                    result[result.count - 1].quantity = last.quantity + level.quantity
                } else if price > .zero {
                    result.append(BookLevel(price: price, quantity: level.quantity))
                }
            }
            return result
        }
        return OrderBook(market: market, bids: converted(won.bids), asks: converted(won.asks), timestamp: won.timestamp)
    }

    /// The market's newest `count` trades in USDT, oldest first.
    func trades(of market: MarketCode, count: Int) -> [Trade] {
        state.recentTrades(for: won(market), count: count).reversed().map { trade in
            var converted = trade
            converted.market = market
            converted.price = usdt(trade.price, of: market)
            return converted
        }
    }

    /// The market's candles in USDT (see ``MarketSimulator/candles(for:interval:count:before:)``).
    func candles(of market: MarketCode, interval: CandleInterval, count: Int, before end: Timestamp?) -> [Candle] {
        state.candles(for: won(market), interval: interval, count: count, before: end).map { candle in
            Candle(
                start: candle.start, open: usdt(candle.open, of: market), high: usdt(candle.high, of: market),
                low: usdt(candle.low, of: market), close: usdt(candle.close, of: market), volume: candle.volume,
                tradeValue: candle.tradeValue.map { usdt($0, of: market) })
        }
    }
}
