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

    /// Builds `exchange`'s listing, its history (made on demand) and warm books, ready to run
    /// from `start`.
    ///
    /// Simulators of the same configuration for different exchanges are one world: each coin
    /// has one fair value whichever lists it, and each exchange its own listing (a few coins
    /// only on one), order flow, books and premium over the fair value (Bithumb's is none).
    public init(configuration: SimulationConfiguration, start: Timestamp, exchange: Exchange = .bithumb) throws(SimulationError) {
        if let problem = configuration.problem { throw .invalidConfiguration(problem) }
        self.configuration = configuration
        let seed = configuration.seed
        var catalog = SeededGenerator(seed: seed)
        let coins = CoinCatalog.coins(count: configuration.marketCount, using: &catalog)
        var upbitOnly: [ListedCoin] = []
        for _ in 0..<(configuration.marketCount / 16) { upbitOnly.append(CoinCatalog.coin(after: coins + upbitOnly, using: &catalog)) }
        let listed = Self.listing(coins: coins, upbitOnly: upbitOnly, on: exchange)
        let rankCount = coins.count + upbitOnly.count
        let shares = (0..<rankCount).map { SimMath.exp(-0.9 * SimMath.log(Double($0 + 1))) }
        let totalShare = listed.reduce(0) { $0 + shares[$1.rank] }
        let liveStart = start.advanced(byMicroseconds: -Int64(configuration.warmUpSeconds * 1e6))
        let historyStart = Self.historyStart(minutes: configuration.historyMinutes, liveStart: liveStart)
        var generator = SeededGenerator(seed: SeededGenerator.streamSeed(seed, Self.flowStream, exchange == .bithumb ? 0 : 1))
        var states: [SimulatedMarket] = []
        var activeShares: [Double] = []
        for entry in listed {
            guard let code = MarketCode(quote: "KRW", base: entry.coin.symbol) else { continue }
            let path = Self.fairPath(of: entry.coin, identity: entry.identity, seed: seed)
            let premium =
                exchange == .bithumb
                ? nil
                : VenuePremium(seed: SeededGenerator.streamSeed(seed, Self.premiumStream, entry.identity), rank: entry.rank, start: liveStart)
            let ordersPerMinute = configuration.updatesPerSecond * shares[entry.rank] / totalShare * 60
            var state = SimulatedMarket(
                coin: entry.coin, code: code, rank: entry.rank, start: liveStart, path: path,
                fair: Self.fairValue(on: path, identity: entry.identity, seed: seed, start: liveStart), premium: premium,
                past: SimulatedMarket.PastDraws(
                    range: historyStart..<liveStart.floored(toMultipleOf: 60_000_000),
                    seed: SeededGenerator.streamSeed(seed, Self.pastStream(of: exchange), entry.identity),
                    tradesPerMinute: ordersPerMinute * 0.12 * 1.5))
            state.book.apply(OrderBookDelta(market: code, changes: state.refills(using: &generator), timestamp: liveStart))
            states.append(state)
            activeShares.append(shares[entry.rank])
        }
        if let delay = configuration.newListingAfterSeconds, exchange == .bithumb {
            // One coin more, on Bithumb only, made after every other market so theirs stay as
            // they were, traded as busily as the twentieth market from its first minute.
            let listing = start.advanced(byMicroseconds: Int64(delay * 1e6))
            let coin = CoinCatalog.coin(after: coins + upbitOnly, using: &catalog)
            if let code = MarketCode(quote: "KRW", base: coin.symbol) {
                let path = Self.fairPath(of: coin, identity: rankCount, seed: seed)
                var state = SimulatedMarket(
                    coin: coin, code: code, rank: min(states.count, 19), start: listing, path: path,
                    fair: Self.fairValue(on: path, identity: rankCount, seed: seed, start: listing), premium: nil,
                    past: SimulatedMarket.PastDraws(range: listing..<listing, seed: 0, tradesPerMinute: 0))
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

    /// One coin on one exchange's listing: the coin, which of the world's coins it is (the
    /// same on every exchange), and its rank by activity (0 is the most traded).
    private struct ListedEntry {
        let coin: ListedCoin
        let identity: Int
        let rank: Int
    }

    /// The streams of the seed: fair values live and past, order flow, premiums, each
    /// exchange's past trading.
    private static let fairStream: UInt64 = 1
    private static let flowStream: UInt64 = 2
    private static let premiumStream: UInt64 = 3
    private static let fairPathStream: UInt64 = 4

    private static func pastStream(of exchange: Exchange) -> UInt64 {
        exchange == .bithumb ? 5 : 6
    }

    /// `exchange`'s listing, most traded first: Bithumb lists every catalogued coin; Upbit
    /// leaves out every ninth from the eighth on and lists coins of its own, spread down the
    /// board.
    private static func listing(coins: [ListedCoin], upbitOnly: [ListedCoin], on exchange: Exchange) -> [ListedEntry] {
        let catalogued = coins.enumerated().map { ListedEntry(coin: $1, identity: $0, rank: $0) }
        guard exchange == .upbit else { return catalogued }
        let own = upbitOnly.enumerated().map { ListedEntry(coin: $1, identity: coins.count + $0, rank: 12 + 16 * $0) }
        return (catalogued.filter { $0.rank % 9 != 7 } + own).sorted { ($0.rank, $0.identity) < ($1.rank, $1.identity) }
    }

    /// The past of the world's coin number `identity`: the same on every exchange.
    private static func fairPath(of coin: ListedCoin, identity: Int, seed: UInt64) -> FairPath {
        FairPath(price: coin.price, dailyVolatility: coin.dailyVolatility, seed: SeededGenerator.streamSeed(seed, fairPathStream, identity))
    }

    /// The fair value of the world's coin number `identity` from `start` on `path`: the same on
    /// every exchange.
    private static func fairValue(on path: FairPath, identity: Int, seed: UInt64, start: Timestamp) -> FairValue {
        FairValue(path: path, start: start, seed: SeededGenerator.streamSeed(seed, fairStream, identity))
    }

    /// Where the history of `minutes` whole minutes before `liveStart` begins.
    static func historyStart(minutes: Int, liveStart: Timestamp) -> Timestamp {
        let minute: Int64 = 60_000_000
        return Timestamp(microseconds: liveStart.floored(toMultipleOf: minute).microseconds - Int64(minutes) * minute)
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

    /// How many trades the market's tape holds, at most `limit`.
    public func recentTradeCount(for code: MarketCode, limit: Int) -> Int {
        guard let index = listedIndex(code) else { return 0 }
        return min(states[index].tape.count, max(0, limit))
    }

    /// The market's newest `count` candles of `interval` that start before `end` (by default,
    /// every candle so far), oldest first: its past is made for the minutes they cover. An
    /// interval with no trade has no candle, as on the Korean exchanges, unless `gaps` is
    /// ``CandleGaps/filled``. Day-long candles start at midnight on `dayClock` (and 4-hour ones
    /// on that day's phase): KST, as the Korean exchanges' do, unless said.
    public func candles(
        for code: MarketCode, interval: CandleInterval, count: Int, before end: Timestamp? = nil, gaps: CandleGaps = .skipped,
        daysStartIn dayClock: WallClock = .kst
    ) -> [Candle] {
        guard let index = listedIndex(code), count > 0 else { return [] }
        let last = end.map { min($0.advanced(byMicroseconds: -1), now) } ?? now
        let span = interval.microseconds * Int64(min(count, Self.candleCountLimit) - 1)
        let lastStart = CandleSeries(interval: interval, daysStartIn: dayClock).bucketStart(for: last)
        let from = lastStart.advanced(byMicroseconds: -span)
        let history = states[index].minuteCandles
        let minutes = history.candles(in: from..<last.advanced(byMicroseconds: 1))
        var candles = interval == .oneMinute ? minutes : CandleSeries.aggregate(minutes, into: interval, daysStartIn: dayClock)
        if gaps == .filled {
            candles = CandleSeries.filled(
                candles, interval: interval, from: from, through: lastStart, previousClose: history.last(before: from)?.close)
        }
        return Array(candles.suffix(count))
    }

    /// The most candles of one interval a call covers: a week of minutes, and more.
    private static let candleCountLimit = 100_000

    /// The market's last trade, if any.
    public func lastTrade(for code: MarketCode) -> Trade? {
        listedIndex(code).flatMap { states[$0].lastTrade }
    }

    /// `code`'s private state, if it is listed now (for tests).
    func simulatedMarket(_ code: MarketCode) -> SimulatedMarket? {
        listedIndex(code).map { states[$0] }
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
