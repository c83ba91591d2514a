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
    /// The markets listed now, most traded first (a market listed later joins at the end).
    public var markets: [Market] { states.filter(isListed).map(\.market) }
    /// The simulation's current time.
    public private(set) var now: Timestamp

    private var states: [SimulatedMarket]
    private let indexByCode: [MarketCode: Int]
    /// Running sums of the markets' shares of the activity, for picking where the next order goes.
    private let cumulativeShares: [Double]
    private var generator: SeededGenerator
    private var nextActionTime: Timestamp
    private var nextTradeID: UInt64
    private let notices: DemoNotices

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
        var activeShares = Array(shares.prefix(states.count))
        if let delay = configuration.newListingAfterSeconds {
            // One coin more, made after every other market's history so theirs stay as they were,
            // traded as busily as the twentieth market from its first minute.
            let listing = start.advanced(byMicroseconds: Int64(delay * 1e6))
            let coin = CoinCatalog.coin(after: coins, using: &generator)
            if let code = MarketCode(quote: "KRW", base: coin.symbol) {
                var state = SimulatedMarket(coin: coin, code: code, rank: min(states.count, 19), start: listing)
                state.listedAt = listing
                state.book.apply(OrderBookDelta(market: code, changes: state.refills(using: &generator), timestamp: listing))
                states.append(state)
                activeShares.append(activeShares[min(19, activeShares.count - 1)])
            }
        }
        let allShares = activeShares.reduce(0, +)
        var running = 0.0
        cumulativeShares = activeShares.map { share in
            running += share / allShares
            return running
        }
        self.states = states
        indexByCode = Dictionary(uniqueKeysWithValues: states.indices.map { (states[$0].market.code, $0) })
        now = liveStart
        nextActionTime = liveStart
        nextTradeID = UInt64(max(0, liveStart.milliseconds)) * 10_000
        self.generator = generator
        notices = DemoNotices(start: liveStart)
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
        guard states[index].status.state != .suspended, isListed(states[index]) else { return [] }
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
        listedIndex(code).map { states[$0].book }
    }

    /// The market's ticker now, its change measured on `change` and its session figures
    /// (open, high, low, volume) over `session`; 24-hour totals are always rolling.
    public func ticker(for code: MarketCode, change: ChangeBasis, session: ChangeBasis) -> Ticker? {
        listedIndex(code).map { states[$0].ticker(change: change, session: session, now: now) }
    }

    /// The market's most recent trades, newest first.
    public func recentTrades(for code: MarketCode, count: Int) -> [Trade] {
        guard let index = listedIndex(code) else { return [] }
        return Array(states[index].tape.newestFirst.prefix(max(0, count)))
    }

    /// The market's newest `count` candles of `interval`, oldest first.
    public func candles(for code: MarketCode, interval: CandleInterval, count: Int) -> [Candle] {
        guard let index = listedIndex(code) else { return [] }
        let minutes = states[index].minuteCandles.candles
        let candles = interval == .oneMinute ? minutes : CandleSeries.aggregate(minutes, into: interval)
        return Array(candles.suffix(max(0, count)))
    }

    /// The market's last trade, if any.
    public func lastTrade(for code: MarketCode) -> Trade? {
        listedIndex(code).flatMap { states[$0].lastTrade }
    }

    /// The index of `code`'s state, if it is listed now.
    private func listedIndex(_ code: MarketCode) -> Int? {
        indexByCode[code].flatMap { isListed(states[$0]) ? $0 : nil }
    }

    private func isListed(_ state: SimulatedMarket) -> Bool {
        state.listedAt.map { $0 <= now } ?? true
    }

    /// The alerts in force (Bithumb's `virtual_asset_warning`), by market.
    public var alerts: [MarketCode: MarketWarning] {
        notices.alerts.reduce(into: [:]) { alerts, entry in
            if entry.key < states.count { alerts[states[entry.key].market.code] = entry.value }
        }
    }

    /// Deposit and withdrawal state by coin symbol.
    public var transfers: [String: TransferStatus] {
        states.indices.filter { isListed(states[$0]) }.reduce(into: [:]) { transfers, rank in
            transfers[states[rank].market.code.base] =
                DemoNotices.transferRanks[rank] ?? TransferStatus(deposit: .normal, withdrawal: .normal)
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
