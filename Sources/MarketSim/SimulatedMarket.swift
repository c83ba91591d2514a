import MarketCore

/// One market's private state on one exchange: its book, the coin's hidden fair value (the
/// same on every exchange) and this exchange's premium over it, its trades and candles (its
/// past made on demand, its live minutes kept). Only ``MarketSimulator`` changes it.
struct SimulatedMarket: Sendable {
    let market: Market
    /// The live order book; every level price lies on the KRW tick grid.
    var book: OrderBook
    /// The one-minute candles before the live start, made on demand.
    let history: MinuteHistory
    /// The close of the last candle of the history, if it has one.
    var historyClose: ExactDecimal?
    /// The one-minute candles of the live trades.
    var liveCandles: CandleSeries
    /// Recent trades.
    var tape: TradeTape
    /// The windows the exchanges' tickers cover (the days since 00:00 KST and UTC, the rolling
    /// 24 hours, and the legacy API's 30 minutes, hour and 12 hours), kept as trades come, so
    /// no ticker counts its window's candles afresh (those of the past would be made again).
    var tallies = [
        ChangeBasis.sinceMidnightKST, .sinceMidnightUTC, .rolling24h, .rolling(minutes: 30), .rolling(minutes: 60),
        .rolling(minutes: 720),
    ].map(WindowTally.init(basis:))
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
    /// Live one-minute candles kept: a day (the rolling window's) plus a margin.
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

    /// Every one-minute candle: the history, then the live minutes.
    var minuteCandles: MinuteCandles {
        MinuteCandles(history: history, heldFrom: history.range.upperBound, held: liveCandles.candles)
    }

    /// The last price: the last trade, else the last candle, else the middle of the book.
    var lastPrice: ExactDecimal {
        if let lastTrade { return lastTrade.price }
        if let close = liveCandles.candles.last?.close ?? historyClose { return close }
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
    /// What a market's past is drawn from: the minutes it covers, this exchange's seed for it
    /// and how often it traded.
    struct PastDraws {
        let range: Range<Timestamp>
        let seed: UInt64
        let tradesPerMinute: Double
    }

    /// A fresh market for a listed coin; `rank` 0 is the most traded. It goes live at `start`
    /// with its fair value, premium and history (its tallies, last close and session flow
    /// counted from it); the part of `start`'s minute before it is the first live candle,
    /// which the minute's live trades join.
    init(
        coin: ListedCoin, code: MarketCode, rank: Int, start: Timestamp, path: FairPath, fair: FairValue,
        premium: VenuePremium?, past: PastDraws
    ) {
        let price = KRWTickTable.nearest(to: coin.price)
        let tick = KRWTickTable.tick(at: price).doubleValue
        let designated = coin.dailyVolatility >= 0.1 || DemoNotices.designatedRanks.contains(rank)
        let medianNotional = max(20_000, 400_000 * SimMath.exp(-0.6 * SimMath.log(Double(rank + 1))))
        self.init(
            market: Market(
                code: code, koreanName: coin.koreanName, englishName: coin.englishName,
                warning: designated ? MarketWarning(step: .designated) : nil),
            book: OrderBook(market: code, bids: [], asks: [], timestamp: start, levelLimit: Self.levelLimit),
            history: MinuteHistory(
                range: past.range, path: path, premium: premium, seed: past.seed, tradesPerMinute: past.tradesPerMinute,
                medianNotional: medianNotional),
            liveCandles: CandleSeries(interval: .oneMinute, capacity: Self.candleCapacity),
            tape: TradeTape(capacity: Self.tapeCapacity),
            status: DemoNotices.status(rank: rank, designated: designated, start: start),
            flowSession: Self.windowStart(of: .sinceMidnightKST, at: start),
            fair: fair, premium: premium, medianNotional: medianNotional,
            spacing: max(1, Int((price.doubleValue * 2e-5 / tick).rounded())))
        let part = history.part(until: start)
        // Appended, not a history replaced: that reserves the day's capacity, 200 markets' worth.
        if let part { liveCandles.append(part.candle) }
        takeInHistory(at: start, part: part)
    }

    /// Counts the history and the `part` of the start's minute into the tallies, the last close
    /// and the session's flow as they stand at `start`: the stretch the windows cover is made
    /// once and read by all of them.
    private mutating func takeInHistory(at start: Timestamp, part: MinuteHistory.Minute?) {
        let earliest = tallies.map { Self.windowStart(of: $0.basis, at: start) }.reduce(flowSession, min)
        let recent = history.minutes(in: earliest..<history.range.upperBound) + (part.map { [$0] } ?? [])
        let candles = MinuteCandles(history: history, heldFrom: earliest, held: recent.map(\.candle))
        for index in tallies.indices { tallies[index].move(to: start, over: candles) }
        historyClose = candles.last(before: history.range.upperBound)?.close
        for minute in recent where minute.candle.start >= flowSession {
            buyVolume += minute.bought
            sellVolume += minute.candle.volume - minute.bought
        }
    }
}
