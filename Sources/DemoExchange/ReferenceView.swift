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

    /// How the market's won prices read in USDT now, at the rate and premium of the current
    /// second (so books move with the market, and with the world only once a second).
    func prices(of market: MarketCode) -> Prices {
        let second = Timestamp(microseconds: state.now.microseconds - state.now.microseconds % 1_000_000)
        return Prices(conversion: world.conversion(of: market.base, at: second))
    }

    /// Won prices of one market in USDT now (zero where the coin is not listed).
    struct Prices {
        let conversion: ReferenceWorld.Conversion?

        func usdt(_ won: ExactDecimal) -> ExactDecimal {
            conversion?.usdt(won) ?? .zero
        }
    }

    /// The market's rolling-day ticker in USDT, with the best prices and the last trade.
    func ticker(of market: MarketCode) -> (Ticker, BinanceEncoder.TickerExtras)? {
        guard let won = state.ticker(for: won(market), change: .rolling24h, session: .rolling24h) else { return nil }
        let prices = prices(of: market)
        var ticker = won
        ticker.market = market
        ticker.price = prices.usdt(won.price)
        let open = prices.usdt(won.session?.open ?? won.referencePrice)
        ticker.change = PriceChange(
            signedAmount: ticker.price - open, signedRate: (ticker.price - open).divided(by: open) ?? .zero, basis: .rolling24h)
        if let session = won.session {
            ticker.session = TradingSession(
                basis: .rolling24h, open: open, high: prices.usdt(session.high), low: prices.usdt(session.low),
                volume: session.volume, tradeValue: session.tradeValue.map(prices.usdt))
        }
        ticker.tradeValue24h = won.tradeValue24h.map(prices.usdt)
        let book = state.orderBook(for: self.won(market))
        let last = state.lastTrade(for: self.won(market))
        let extras = BinanceEncoder.TickerExtras(
            bid: book.flatMap { Self.converted($0.bids, prices, limit: 1).first },
            ask: book.flatMap { Self.converted($0.asks, prices, limit: 1).first },
            lastQuantity: last?.quantity ?? .zero, lastID: last?.id ?? 0,
            count: state.recentTradeCount(for: self.won(market), limit: 1000))
        return (ticker, extras)
    }

    /// The market's book in USDT; levels that round to one price are merged.
    func book(of market: MarketCode) -> OrderBook? {
        guard let won = state.orderBook(for: won(market)) else { return nil }
        let prices = prices(of: market)
        return OrderBook(
            market: market, bids: Self.converted(won.bids, prices), asks: Self.converted(won.asks, prices),
            timestamp: won.timestamp)
    }

    /// `levels` in USDT, the first `limit` of them: levels that round to one price are merged,
    /// and those that round to zero dropped.
    private static func converted(_ levels: [BookLevel], _ prices: Prices, limit: Int = .max) -> [BookLevel] {
        var result: [BookLevel] = []
        for level in levels {
            let price = prices.usdt(level.price)
            if let last = result.last, last.price == price {
                result[result.count - 1].quantity = last.quantity + level.quantity
            } else if price > .zero {
                guard result.count < limit else { break }
                result.append(BookLevel(price: price, quantity: level.quantity))
            }
        }
        return result
    }

    /// The market's newest `count` trades in USDT, oldest first.
    func trades(of market: MarketCode, count: Int) -> [Trade] {
        let prices = prices(of: market)
        return state.recentTrades(for: won(market), count: count).reversed().map { trade in
            var converted = trade
            converted.market = market
            converted.price = prices.usdt(trade.price)
            return converted
        }
    }

    /// The market's candles in USDT, one for every interval and on UTC days, as Binance sends
    /// them (see ``MarketSimulator/candles(for:interval:count:before:gaps:daysStartIn:)``).
    func candles(of market: MarketCode, interval: CandleInterval, count: Int, before end: Timestamp?) -> [Candle] {
        let prices = prices(of: market)
        return state.candles(for: won(market), interval: interval, count: count, before: end, gaps: .filled, daysStartIn: .utc).map {
            candle in
            Candle(
                start: candle.start, open: prices.usdt(candle.open), high: prices.usdt(candle.high),
                low: prices.usdt(candle.low), close: prices.usdt(candle.close), volume: candle.volume,
                tradeValue: candle.tradeValue.map(prices.usdt))
        }
    }
}
