public import MarketCore

/// A deterministic simulated KRW exchange: hundreds of markets with living order books,
/// trades that consume them, and tickers and candles that add up to those trades.
///
/// Time is injected: ``advance(until:)`` and ``step(to:)`` move the simulation to a time the
/// caller chooses, so the same seed and the same calls give the same events on every platform.
/// Orders arrive at random times at ``SimulationConfiguration/updatesPerSecond`` on average,
/// more often in popular markets, where orders are also larger, so a few hot markets carry
/// most of the traded value; each order changes one book, and about one in eight trades.
public struct MarketSimulator: Sendable {
    /// What is simulated.
    public let configuration: SimulationConfiguration
    /// The listed markets, most traded first.
    public let markets: [Market]
    /// The simulation's current time.
    public private(set) var now: Timestamp

    private var states: [SimulatedMarket]
    private let indexByCode: [MarketCode: Int]
    /// Running sums of the markets' shares of the activity, for picking where the next order goes.
    private let cumulativeShares: [Double]
    private var generator: SeededGenerator
    private var nextActionTime: Timestamp
    private var nextTradeID: UInt64

    /// Builds the listing, a day of history and warm books, ready to run from `start`.
    public init(configuration: SimulationConfiguration, start: Timestamp) throws(SimulationError) {
        if let problem = configuration.problem { throw .invalidConfiguration(problem) }
        self.configuration = configuration
        var generator = SeededGenerator(seed: configuration.seed)
        let coins = CoinCatalog.coins(count: configuration.marketCount, using: &generator)
        let shares = coins.indices.map { SimMath.exp(-0.9 * SimMath.log(Double($0 + 1))) }
        let totalShare = shares.reduce(0, +)
        let liveStart = start.advanced(byMicroseconds: -Int64(configuration.warmUpSeconds * 1e6))
        var states: [SimulatedMarket] = []
        for (rank, coin) in coins.enumerated() {
            guard let code = MarketCode(quote: "KRW", base: coin.symbol) else { continue }
            var state = SimulatedMarket(coin: coin, code: code, rank: rank, start: liveStart)
            let ordersPerMinute = configuration.updatesPerSecond * shares[rank] / totalShare * 60
            state.makeHistory(
                minutes: configuration.historyMinutes, until: liveStart,
                tradesPerMinute: ordersPerMinute * 0.12 * 1.5, using: &generator)
            state.book.apply(OrderBookDelta(market: code, changes: state.refills(using: &generator), timestamp: liveStart))
            states.append(state)
        }
        var running = 0.0
        cumulativeShares = shares.map { share in
            running += share / totalShare
            return running
        }
        self.states = states
        markets = states.map(\.market)
        indexByCode = Dictionary(uniqueKeysWithValues: states.indices.map { (states[$0].market.code, $0) })
        now = liveStart
        nextActionTime = liveStart
        nextTradeID = UInt64(max(0, liveStart.milliseconds)) * 10_000
        self.generator = generator
        scheduleNextAction()
        _ = step(to: start)
    }

    /// Runs the next order if it arrives at or before `deadline`.
    /// - Returns: its events (possibly none), or `nil` when no order arrives by `deadline`;
    ///   the clock then stands at `deadline`.
    public mutating func advance(until deadline: Timestamp) -> [MarketEvent]? {
        guard nextActionTime <= deadline else {
            now = max(now, deadline)
            return nil
        }
        let time = nextActionTime
        now = time
        scheduleNextAction()
        let index = marketIndex(for: generator.unit())
        return states[index].act(at: time, nextTradeID: &nextTradeID, using: &generator)
    }

    /// Runs every order arriving up to `deadline` and returns their events in order.
    public mutating func step(to deadline: Timestamp) -> [MarketEvent] {
        var events: [MarketEvent] = []
        while let next = advance(until: deadline) { events += next }
        return events
    }

    /// The market's current order book.
    public func orderBook(for code: MarketCode) -> OrderBook? {
        indexByCode[code].map { states[$0].book }
    }

    /// The market's ticker now, its change measured on `change` and its session figures
    /// (open, high, low, volume) over `session`; 24-hour totals are always rolling.
    public func ticker(for code: MarketCode, change: ChangeBasis, session: ChangeBasis) -> Ticker? {
        indexByCode[code].map { states[$0].ticker(change: change, session: session, now: now) }
    }

    /// The market's most recent trades, newest first.
    public func recentTrades(for code: MarketCode, count: Int) -> [Trade] {
        guard let index = indexByCode[code] else { return [] }
        return Array(states[index].tape.newestFirst.prefix(max(0, count)))
    }

    /// The market's newest `count` candles of `interval`, oldest first.
    public func candles(for code: MarketCode, interval: CandleInterval, count: Int) -> [Candle] {
        guard let index = indexByCode[code] else { return [] }
        let minutes = states[index].minuteCandles.candles
        let candles = interval == .oneMinute ? minutes : CandleSeries.aggregate(minutes, into: interval)
        return Array(candles.suffix(max(0, count)))
    }

    /// The market's session volume by aggressor side and its last trade.
    public func tradeFlow(for code: MarketCode) -> TradeFlow? {
        indexByCode[code].map {
            TradeFlow(
                buyVolume: states[$0].buyVolume, sellVolume: states[$0].sellVolume,
                lastTrade: states[$0].lastTrade)
        }
    }

    private mutating func scheduleNextAction() {
        let gap = generator.exponential(mean: 1e6 / configuration.updatesPerSecond)
        nextActionTime = nextActionTime.advanced(byMicroseconds: max(1, Int64(gap.rounded())))
    }

    private func marketIndex(for draw: Double) -> Int {
        min(cumulativeShares.partitioningIndex { $0 > draw }, cumulativeShares.count - 1)
    }
}

/// Who took liquidity in the current session (since 00:00 KST), and the last trade.
public struct TradeFlow: Sendable, Hashable {
    /// Volume bought by takers (매수 체결).
    public var buyVolume: ExactDecimal
    /// Volume sold by takers (매도 체결).
    public var sellVolume: ExactDecimal
    /// The latest trade, if any.
    public var lastTrade: Trade?
}
