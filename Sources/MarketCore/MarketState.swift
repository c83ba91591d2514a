/// All market data, mutated by applying events and read through published snapshots.
///
/// One owner (the store actor) holds it. Memory is bounded whatever arrives: at most
/// `limits.markets` markets are tracked, books keep a bounded number of levels, tapes and
/// candle series a bounded number of entries.
public struct MarketState: Sendable {
    /// Bounds on what the state holds.
    public struct Limits: Sendable, Hashable {
        /// The most distinct markets tracked; events for further markets are dropped.
        public var markets: Int
        /// Trades kept per market.
        public var tradesPerMarket: Int
        /// Levels kept per book side.
        public var bookLevels: Int
        /// Candles kept per series.
        public var candlesPerSeries: Int
        /// Candles a series may grow to as earlier pages join it (a chart paging back); never
        /// fewer than ``candlesPerSeries``.
        public var candlesWhenPaged: Int

        /// Creates limits.
        public init(
            markets: Int = 4096, tradesPerMarket: Int = 200, bookLevels: Int = OrderBook.defaultLevelLimit,
            candlesPerSeries: Int = CandleSeries.defaultCapacity, candlesWhenPaged: Int = CandleSeries.pagedCapacity
        ) {
            self.markets = markets
            self.tradesPerMarket = tradesPerMarket
            self.bookLevels = bookLevels
            self.candlesPerSeries = candlesPerSeries
            self.candlesWhenPaged = candlesWhenPaged
        }
    }

    /// The bounds in force.
    public let limits: Limits
    /// Listed markets in listing order.
    public private(set) var markets: [Market] = []
    /// Latest ticker per market.
    public private(set) var tickers = SharedValueDictionary<MarketCode, Ticker>()
    /// Current order book per market.
    public private(set) var orderBooks: [MarketCode: OrderBook] = [:]
    /// Trade tape per market.
    public private(set) var trades: [MarketCode: TradeTape] = [:]
    /// Candle series per market and interval.
    public private(set) var candles: [MarketCode: [CandleInterval: CandleSeries]] = [:]
    /// When data for each market last arrived, by the receiver's wall clock (see
    /// ``apply(_:receivedAt:requestedAt:)``): shown, never used to order updates.
    public private(set) var receivedAt = ShardedDictionary<MarketCode, Timestamp>()
    /// The exchange's alerts in force, by market.
    public private(set) var alerts: [MarketCode: MarketWarning] = [:]
    /// Deposit and withdrawal state by coin symbol.
    public private(set) var transfers: [String: TransferStatus] = [:]
    /// Streamed tickers that brought a trade, per market, over the last ten minutes.
    public private(set) var activity = ShardedDictionary<MarketCode, TradeActivity>()
    /// When each market that appeared in a later listing was first seen (the first listing
    /// names no new market).
    public private(set) var listedAt: [MarketCode: Timestamp] = [:]
    /// Books kept from before the present connection and not replaced since (see
    /// ``connectionBegan()``).
    public private(set) var booksFromEarlierConnections: Set<MarketCode> = []
    /// The mark of the event that last replaced each market's ticker.
    private var tickerArrivals: [MarketCode: ArrivalMark] = [:]
    /// The mark of the event that last replaced each market's whole book.
    private var bookArrivals: [MarketCode: ArrivalMark] = [:]
    /// Events applied so far: the arrival order, free of any clock.
    private var applied = ArrivalMark(count: 0)
    /// Events dropped because they named a market beyond `limits.markets`.
    public private(set) var droppedEvents = 0
    /// Version of the last published snapshot.
    public private(set) var version: UInt64 = 0

    private var known: Set<MarketCode> = []
    private var pending = SnapshotDiff()
    private var publishedPrices: [MarketCode: ExactDecimal] = [:]

    /// Creates an empty state.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether anything changed since the last snapshot.
    public var hasChanges: Bool { !pending.isEmpty }

    /// A point in the order events were applied: what ``arrivalMark`` reads before a REST
    /// request is made, so its answer can tell what arrived after it was asked for.
    public struct ArrivalMark: Sendable, Hashable, Comparable {
        /// Events applied before this point.
        let count: UInt64

        /// The point before any event.
        public static let origin = ArrivalMark(count: 0)

        public static func < (lhs: ArrivalMark, rhs: ArrivalMark) -> Bool { lhs.count < rhs.count }
    }

    /// The arrival order now: every event applied later comes after this mark.
    public var arrivalMark: ArrivalMark { applied }

    /// Marks every book held now as from an earlier connection (`stale` in a snapshot) until
    /// the new connection replaces it.
    public mutating func connectionBegan() {
        booksFromEarlierConnections = Set(orderBooks.keys)
        for market in trades.keys { trades[market]?.streamEnded() }
    }

    /// Applies one event; with `time`, the markets it names are marked as updated then. A candle
    /// history joins the series held: the candles before its first stay (pages fetched earlier,
    /// candles kept between runs), and from its first on the series is the history's. A ticker
    /// or a whole book surely older (by exchange time; at the second where either is stamped
    /// only to the second) than the one held is ignored: a REST answer that arrives after newer
    /// stream updates never puts an older price back on screen.
    ///
    /// `requestedAt` marks a REST answer, requested when ``arrivalMark`` read that: it does not
    /// replace a ticker or book that arrived after it was asked for, whatever their exchange
    /// times say (the exchanges stamp REST answers and stream updates differently). Arrival is
    /// the order of application, so no clock, stepped or not, can reorder it.
    public mutating func apply(_ event: MarketEvent, receivedAt time: Timestamp? = nil, requestedAt: ArrivalMark? = nil) {
        applied = ArrivalMark(count: applied.count + 1)
        switch event {
        case .markets(let listing):
            applyListing(listing, at: time)
        case .warnings(let list):
            let kept = list.filter { known.contains($0.key) }
            guard kept != alerts else { return }
            alerts = kept
            pending.signalsChanged = true
        case .transfers(let list):
            let bases = Set(markets.map(\.code.base))
            let kept = list.filter { bases.contains($0.key) }
            guard kept != transfers else { return }
            transfers = kept
            pending.signalsChanged = true
        case .ticker(let ticker):
            if let held = tickers[ticker.market], ticker.timestamp.isSurelyBefore(held.timestamp) { return }
            if let requestedAt, let arrived = tickerArrivals[ticker.market], arrived > requestedAt { return }
            guard admit(ticker.market, at: time) else { return }
            if requestedAt == nil, let time, tickers[ticker.market].map({ $0.timestamp < ticker.timestamp }) ?? true {
                activity[ticker.market, default: TradeActivity()].record(at: time)
            }
            tickerArrivals[ticker.market] = applied
            tickers[ticker.market] = ticker
            pending.tickers.insert(ticker.market)
        case .orderBook(let book):
            if let held = orderBooks[book.market], book.timestamp.isSurelyBefore(held.timestamp) { return }
            if let requestedAt, let arrived = bookArrivals[book.market], arrived > requestedAt { return }
            guard admit(book.market, at: time) else { return }
            orderBooks[book.market] = OrderBook(book, levelLimit: limits.bookLevels)
            bookArrivals[book.market] = applied
            booksFromEarlierConnections.remove(book.market)
            pending.orderBooks.insert(book.market)
        case .orderBookDelta(let delta):
            guard admit(delta.market, at: time) else { return }
            orderBooks[
                delta.market,
                default: OrderBook(
                    market: delta.market, bids: [], asks: [], timestamp: delta.timestamp,
                    levelLimit: limits.bookLevels)
            ].apply(delta)
            pending.orderBooks.insert(delta.market)
        case .trades(let batch):
            guard let first = batch.first?.market else { return }
            if batch.allSatisfy({ $0.market == first }) {
                applyTrades(batch, of: first, at: time)
            } else {
                var markets: [MarketCode] = []
                for trade in batch where !markets.contains(trade.market) { markets.append(trade.market) }
                for market in markets { applyTrades(batch.filter { $0.market == market }, of: market, at: time) }
            }
        case .candles(let history):
            guard admit(history.market, at: time) else { return }
            candles[history.market, default: [:]][history.interval] = joined(history, to: candles[history.market]?[history.interval])
            pending.candles.insert(history.market)
        case .notice:
            break
        }
    }

    /// Publishes the current state, taken at `time` with the feed in `feed` (its
    /// ``FeedStatus/droppedEvents`` set to this state's count), as the next snapshot and starts
    /// a new diff.
    public mutating func snapshot(at time: Timestamp, feed: FeedStatus) -> MarketSnapshot {
        var feed = feed
        feed.droppedEvents = droppedEvents
        for market in pending.tickers {
            guard let price = tickers[market]?.price else { continue }
            if let previous = publishedPrices[market], previous != price {
                pending.priceMoves[market] = price > previous ? .up : .down
            }
            publishedPrices[market] = price
        }
        version += 1
        let snapshot = MarketSnapshot(
            version: version, capturedAt: time, feed: feed, markets: markets, tickers: tickers,
            orderBooks: orderBooks, trades: trades, candles: candles, receivedAt: receivedAt,
            staleBooks: booksFromEarlierConnections, alerts: alerts, transfers: transfers,
            listedAt: listedAt, activity: activity, diff: pending)
        pending = SnapshotDiff()
        return snapshot
    }

    private mutating func applyListing(_ listing: [Market], at time: Timestamp?) {
        let unique = listing.removingRepeats(by: \.code)
        let admitted = Array(unique.prefix(limits.markets))
        guard admitted != markets else { return }
        if !markets.isEmpty, let time {
            for market in admitted where !known.contains(market.code) {
                listedAt[market.code] = time
                pending.newListings.append(market.code)
            }
        }
        markets = admitted
        known = Set(admitted.map(\.code))
        listedAt = listedAt.filter { known.contains($0.key) }
        alerts = alerts.filter { known.contains($0.key) }
        for dictionaryKey in Set(tickers.keys).union(activity.keys).union(orderBooks.keys).union(trades.keys).union(candles.keys)
        where !known.contains(dictionaryKey) {
            tickers[dictionaryKey] = nil
            activity[dictionaryKey] = nil
            orderBooks[dictionaryKey] = nil
            trades[dictionaryKey] = nil
            candles[dictionaryKey] = nil
            receivedAt[dictionaryKey] = nil
            booksFromEarlierConnections.remove(dictionaryKey)
            tickerArrivals[dictionaryKey] = nil
            bookArrivals[dictionaryKey] = nil
            publishedPrices[dictionaryKey] = nil
        }
        pending.listingChanged = true
    }

    /// The series `held` (if any) with `history` joined in: the candles before its first stay;
    /// an earlier page also leaves those from its `endsBefore` on as they are (and may grow the
    /// series to ``Limits/candlesWhenPaged``; one with nothing before that time marks the
    /// start of the exchange's history), while a latest history replaces them, counts in the
    /// trades on the tape it does not hold, and brings the series back to its usual capacity.
    private func joined(_ history: CandleHistory, to held: CandleSeries?) -> CandleSeries {
        if let before = history.endsBefore, let held {
            var series = CandleSeries(interval: history.interval, capacity: Swift.max(limits.candlesPerSeries, limits.candlesWhenPaged))
            let page = history.candles.filter { $0.start < before }
            let start = Swift.min(page.lazy.map(\.start).min() ?? before, before)
            let older = held.candles.prefix { $0.start < start }
            series.replace(with: older + page + held.candles.filter { $0.start >= before }, coveredUntil: held.coveredUntil)
            series.hasFetchedHistory = !history.isKept || held.hasFetchedHistory
            series.reachedStart = held.reachedStart || (page.isEmpty && !history.isKept)
            series.answeredSince = [held.answeredSince, page.first.map { _ in start }].compactMap { $0 }.min()
            return series
        }
        var series = CandleSeries(interval: history.interval, capacity: limits.candlesPerSeries)
        let first = history.candles.lazy.map(\.start).min()
        let older = (held?.candles ?? []).prefix { candle in first.map { candle.start < $0 } ?? true }
        series.replace(with: older + history.candles, coveredUntil: history.coveredUntil)
        Self.catchUp(&series, with: trades[history.market])
        series.hasFetchedHistory = !history.isKept || held?.hasFetchedHistory == true
        series.reachedStart = held?.reachedStart == true && series.candles.first?.start == held?.candles.first?.start
        series.answeredSince = history.isKept ? held?.answeredSince : first
        return series
    }

    /// Counts into a history the trades already on the tape that it does not hold, so a REST
    /// history answered after newer trades never takes the chart back: those after its
    /// `coveredUntil` where it says, else only those in buckets after its last candle (counting
    /// into its last candle could count a trade twice).
    private static func catchUp(_ series: inout CandleSeries, with tape: TradeTape?) {
        guard let tape else { return }
        let lastStart = series.candles.last?.start
        for trade in tape.newestFirst.reversed() {
            if series.coveredUntil == nil, let lastStart, series.bucketStart(for: trade.timestamp) <= lastStart { continue }
            series.apply(trade)
        }
    }

    private mutating func applyTrades(_ batch: [Trade], of market: MarketCode, at time: Timestamp?) {
        guard admit(market, at: time) else { return }
        let added = trades[market, default: TradeTape(capacity: limits.tradesPerMarket)].append(contentsOf: batch)
        guard !added.isEmpty else { return }
        pending.trades.insert(market)
        guard let intervals = candles[market].map({ Array($0.keys) }) else { return }
        var changed = false
        for trade in added {
            for interval in intervals where candles[market]?[interval]?.apply(trade) == true {
                changed = true
            }
        }
        if changed { pending.candles.insert(market) }
    }

    /// Whether events for `market` are kept: once a listing exists only listed markets are,
    /// and never more than `limits.markets` in all. A kept event received at `time` marks the
    /// market as updated then.
    private mutating func admit(_ market: MarketCode, at time: Timestamp?) -> Bool {
        if !known.contains(market) {
            guard markets.isEmpty, known.count < limits.markets else {
                droppedEvents += 1
                return false
            }
            known.insert(market)
        }
        if let time { receivedAt[market] = time }
        return true
    }
}
