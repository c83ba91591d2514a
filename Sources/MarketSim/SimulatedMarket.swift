import MarketCore

/// One market's private state on one exchange: its book, the coin's hidden fair value (the
/// same on every exchange) and this exchange's premium over it, its trades and candles. Only
/// ``MarketSimulator`` changes it.
struct SimulatedMarket: Sendable {
    let market: Market
    /// The live order book; every level price lies on the KRW tick grid.
    var book: OrderBook
    /// One-minute candles, history then live trades.
    var minuteCandles: CandleSeries
    /// Recent trades.
    var tape: TradeTape
    /// The windows the exchanges' tickers cover (the days since 00:00 KST and UTC, the rolling
    /// 24 hours), kept as trades come.
    var tallies = [ChangeBasis.sinceMidnightKST, .sinceMidnightUTC, .rolling24h].map(WindowTally.init(basis:))
    /// The last trade, if any.
    var lastTrade: Trade?
    /// Whether it trades, and its designation, as its ticker says.
    let status: TradingStatus
    /// When it is listed, for a market listed after the start (`nil`: listed from the start).
    var listedAt: Timestamp?
    /// Session (since 00:00 KST) volume by aggressor side, and the session it belongs to.
    var buyVolume: ExactDecimal = .zero
    var sellVolume: ExactDecimal = .zero
    var flowSession: Timestamp
    /// The coin's fair value, shared by every exchange.
    var fair: FairValue
    /// This exchange's premium over the fair value, or `nil` for none (the reference exchange).
    var premium: VenuePremium?
    /// Median size of an order, in KRW.
    let medianNotional: Double
    /// Ticks between neighbouring resting levels.
    let spacing: Int

    /// Levels kept per side (more than any feed shows).
    static let levelLimit = 64
    /// Levels each side is refilled to.
    static let targetDepth = 32
    /// One-minute candles kept: a day plus a margin.
    static let candleCapacity = 1500
    /// Trades kept for the REST endpoints.
    static let tapeCapacity = 500
    /// Quantities carry four decimals, as the exchange prints them.
    static let quantityDigits = 4
    static let minimumQuantity = ExactDecimal(count: 1, fractionDigits: quantityDigits)

    /// Natural log of the price this market is drawn to: the fair value with the premium.
    var fairLog: Double { fair.log + (premium?.log ?? 0) }

    var fairPrice: Double { SimMath.exp(fairLog) }

    var regime: Double { fair.regime }

    var volatilityPerSecond: Double { fair.volatilityPerSecond }

    var currentVolatility: Double { fair.currentVolatility }

    /// The last price: the last trade, else the last candle, else the middle of the book.
    var lastPrice: ExactDecimal {
        if let lastTrade { return lastTrade.price }
        if let close = minuteCandles.candles.last?.close { return close }
        guard let bid = book.bestBid?.price, let ask = book.bestAsk?.price else { return KRWTickTable.nearest(to: fairPrice) }
        return KRWTickTable.snappedDown((bid + ask).divided(by: 2) ?? bid)
    }

    /// A quantity of about `notional` KRW at `price`, on the quantity grid and at least its step.
    static func quantity(notional: Double, price: ExactDecimal) -> ExactDecimal {
        let units = notional / max(price.doubleValue, 1e-8) * 1e4
        return ExactDecimal(count: Int(min(max(units.rounded(), 1), 1e15)), fractionDigits: quantityDigits)
    }
}

extension SimulatedMarket {
    /// A fresh market for a listed coin; `rank` 0 is the most traded. Its fair value starts
    /// from the coin's price at `fair`'s start.
    init(coin: ListedCoin, code: MarketCode, rank: Int, start: Timestamp, fair: FairValue, premium: VenuePremium?) {
        let price = KRWTickTable.nearest(to: coin.price)
        let tick = KRWTickTable.tick(at: price).doubleValue
        let designated = coin.dailyVolatility >= 0.1 || DemoNotices.designatedRanks.contains(rank)
        self.init(
            market: Market(
                code: code, koreanName: coin.koreanName, englishName: coin.englishName,
                warning: designated ? MarketWarning(step: .designated) : nil),
            book: OrderBook(market: code, bids: [], asks: [], timestamp: start, levelLimit: Self.levelLimit),
            minuteCandles: CandleSeries(interval: .oneMinute, capacity: Self.candleCapacity),
            tape: TradeTape(capacity: Self.tapeCapacity),
            status: DemoNotices.status(rank: rank, designated: designated, start: start),
            flowSession: Self.windowStart(of: .sinceMidnightKST, at: start),
            fair: fair, premium: premium,
            medianNotional: max(20_000, 400_000 * SimMath.exp(-0.6 * SimMath.log(Double(rank + 1)))),
            spacing: max(1, Int((price.doubleValue * 2e-5 / tick).rounded())))
    }
}
