import MarketCore
import Testing

@Suite struct MarketStateTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let testTime = Timestamp(microseconds: 1_700_000_000_000_000)

    func ticker(_ market: MarketCode, _ price: Int) -> Ticker {
        Ticker(
            market: market, price: ExactDecimal(price),
            change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightKST), timestamp: Timestamp(microseconds: 1))
    }

    @Test func snapshotsAreVersionedAndCarryWhatChanged() {
        var state = MarketState()
        state.apply(
            .markets([
                Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin"),
                Market(code: eth, koreanName: "이더리움", englishName: "Ethereum"),
            ]))
        state.apply(.ticker(ticker(btc, 100)))
        let first = state.snapshot(at: testTime, feed: FeedStatus())
        #expect(first.version == 1)
        #expect(first.diff.listingChanged)
        #expect(first.diff.tickers == [btc])
        #expect(first.diff.priceMoves.isEmpty)
        #expect(!state.hasChanges)

        state.apply(.ticker(ticker(btc, 90)))
        state.apply(.ticker(ticker(btc, 95)))
        state.apply(.ticker(ticker(eth, 10)))
        let second = state.snapshot(at: testTime, feed: FeedStatus())
        #expect(second.version == 2)
        #expect(!second.diff.listingChanged)
        #expect(second.diff.tickers == [btc, eth])
        #expect(second.diff.priceMoves == [btc: .down])
        #expect(first.tickers[btc]?.price == 100)
        #expect(second.tickers[btc]?.price == 95)
    }

    @Test func tradesFillTheTapeAndExtendCandles() {
        var state = MarketState(limits: .init(tradesPerMarket: 2))
        state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: [], coveredUntil: nil)))
        _ = state.snapshot(at: testTime, feed: FeedStatus())
        let trades = (1...3).map { second in
            Trade(
                market: btc, price: ExactDecimal(100 + second), quantity: 1, side: .sell,
                timestamp: Timestamp(microseconds: Int64(second) * 1_000_000))
        }
        state.apply(.trades(trades))
        let snapshot = state.snapshot(at: testTime, feed: FeedStatus())
        #expect(snapshot.trades[btc]?.newestFirst.map(\.price) == [103, 102])
        #expect(snapshot.candles[btc]?[.oneMinute]?.candles.first?.volume == 3)
        #expect(snapshot.diff.trades == [btc])
        #expect(snapshot.diff.candles == [btc])
    }

    @Test func aListingDropsUnlistedMarketsAndBoundsWhatIsTracked() {
        var state = MarketState(limits: .init(markets: 2))
        state.apply(.ticker(ticker(btc, 1)))
        state.apply(.ticker(ticker(eth, 1)))
        state.apply(.ticker(ticker(MarketCode(code: "KRW-XRP")!, 1)))
        #expect(state.tickers.count == 2)
        #expect(state.droppedEvents == 1)
        state.apply(.markets([Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin")]))
        #expect(Array(state.tickers.keys) == [btc])
        state.apply(.ticker(ticker(eth, 2)))
        #expect(state.tickers[eth] == nil)
        #expect(state.droppedEvents == 2)
        #expect(state.snapshot(at: Timestamp(microseconds: 1), feed: FeedStatus()).feed.droppedEvents == 2)
    }

    @Test func booksReplaceAndApplyDeltas() {
        var state = MarketState()
        state.apply(
            .orderBook(
                OrderBook(
                    market: btc, bids: [BookLevel(price: 99, quantity: 1)],
                    asks: [BookLevel(price: 101, quantity: 1)], timestamp: Timestamp(microseconds: 1))))
        state.apply(
            .orderBookDelta(
                OrderBookDelta(
                    market: btc, changes: [BookChange(side: .bid, price: 99, quantity: 0)],
                    timestamp: Timestamp(microseconds: 2))))
        let snapshot = state.snapshot(at: testTime, feed: FeedStatus())
        #expect(snapshot.orderBooks[btc]?.bids.isEmpty == true)
        #expect(snapshot.orderBooks[btc]?.asks.count == 1)
        #expect(snapshot.diff.orderBooks == [btc])
    }

    @Test func marketNamesAreStrippedOfControlCharacters() {
        let market = Market(code: btc, koreanName: "비트\u{1B}[2J코인\u{202E}", englishName: "Bit\ncoin\u{7}")
        #expect(market.koreanName == "비트[2J코인")
        #expect(market.englishName == "Bitcoin")
    }

    @Test func snapshotsCarryTheFeedAndWhenEachMarketLastGotData() {
        var state = MarketState()
        let later = testTime.advanced(byMicroseconds: 5_000_000)
        state.apply(.ticker(ticker(btc, 1)), receivedAt: testTime)
        state.apply(
            .trades([
                Trade(
                    market: eth, price: 10, quantity: 1, side: .buy, timestamp: Timestamp(microseconds: 1),
                    id: 1)
            ]), receivedAt: later)
        state.apply(.ticker(ticker(btc, 2)))
        let feed = FeedStatus(state: .stale, messages: 3, decodeErrors: 1, reconnects: 2, lastMarketDataAt: later)
        let snapshot = state.snapshot(at: later, feed: feed)
        #expect(snapshot.receivedAt == [btc: testTime, eth: later])
        #expect(snapshot.feed == feed)
        #expect(snapshot.capturedAt == later)
        #expect(feed.secondsSinceMarketData(at: later.advanced(byMicroseconds: 1_500_000)) == 1.5)
    }
}

extension MarketStateTests {
    /// A ticker for KRW-BTC stamped at `microseconds`.
    func timedTicker(_ price: Int, at microseconds: Int64) -> MarketEvent {
        .ticker(
            Ticker(
                market: btc, price: ExactDecimal(price),
                change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h),
                timestamp: Timestamp(microseconds: microseconds)))
    }

    /// A REST ticker snapshot taken before a stream ticker, but answered after it, does not put
    /// the older price back; nor does an older whole book. Equal times still replace.
    @Test func anOlderTickerOrBookArrivingLateNeverReplacesANewerOne() {
        var state = MarketState()
        func book(_ ask: Int, at microseconds: Int64) -> MarketEvent {
            .orderBook(
                OrderBook(
                    market: btc, bids: [BookLevel(price: 1, quantity: 1)], asks: [BookLevel(price: ExactDecimal(ask), quantity: 1)],
                    timestamp: Timestamp(microseconds: microseconds)))
        }
        state.apply(timedTicker(4452, at: 2_000))
        state.apply(timedTicker(4448, at: 1_000))
        #expect(state.tickers[btc]?.price == 4452)
        state.apply(timedTicker(4450, at: 2_000))
        #expect(state.tickers[btc]?.price == 4450)
        state.apply(book(10, at: 5_000))
        state.apply(book(11, at: 4_999))
        #expect(state.orderBooks[btc]?.bestAsk?.price == 10)
        state.apply(book(12, at: 5_001))
        #expect(state.orderBooks[btc]?.bestAsk?.price == 12)
    }

    /// A time stamped only to the second stands for any moment in it: the legacy feed's stream
    /// ticker (trade time, whole seconds) after its REST ticker (the answer's time, in ms) of
    /// the same second is taken, since its trade may well be the later; one a second earlier is not.
    @Test func timesStampedToTheSecondAreComparedBySecond() {
        var state = MarketState()
        let second: Int64 = 1_790_121_600_000_000
        state.apply(timedTicker(4448, at: second + 700_000))
        state.apply(timedTicker(4452, at: second))
        #expect(state.tickers[btc]?.price == 4452)
        state.apply(timedTicker(4450, at: second - 1_000_000))
        #expect(state.tickers[btc]?.price == 4452)
        #expect(Timestamp(microseconds: second).isSurelyBefore(Timestamp(microseconds: second + 1_000_000)))
        #expect(!Timestamp(microseconds: second + 999_999).isSurelyBefore(Timestamp(microseconds: second)))
    }
}

extension MarketStateTests {
    /// A book reads `resyncing` while the feed rebuilds it, `stale` when it is from before the
    /// present connection, and `live` once the connection replaces it; a market without a book
    /// has no state.
    @Test func aBookStateSaysHowFarItCanBeTrusted() {
        var state = MarketState()
        let connected = Timestamp(microseconds: 1_790_121_600_000_000)
        let book = OrderBook(
            market: btc, bids: [BookLevel(price: 1, quantity: 1)], asks: [BookLevel(price: 2, quantity: 1)],
            timestamp: connected)
        state.apply(.orderBook(book), receivedAt: connected.advanced(byMicroseconds: -1))
        state.apply(.ticker(ticker(eth, 10)), receivedAt: connected)
        #expect(state.snapshot(at: connected, feed: FeedStatus(state: .live)).bookState(of: btc) == .live)
        state.connectionBegan()
        let before = state.snapshot(at: connected, feed: FeedStatus(state: .live))
        #expect(before.bookState(of: btc) == .stale)
        #expect(before.bookState(of: eth) == nil)
        let resyncing = state.snapshot(at: connected, feed: FeedStatus(state: .live, resyncingBooks: [btc]))
        #expect(resyncing.bookState(of: btc) == .resyncing)
        state.apply(.orderBook(book), receivedAt: connected.advanced(byMicroseconds: -3_600_000_000))
        let after = state.snapshot(at: connected, feed: FeedStatus(state: .live))
        #expect(after.bookState(of: btc) == .live, "replaced on this connection, whatever the wall clock read")
    }
}

extension MarketStateTests {
    /// A candle history answered after newer trades arrived does not take the chart back: the
    /// trades it does not hold are counted in, and those it holds are not counted twice.
    @Test func aLateCandleHistoryKeepsTheTradesItDoesNotHold() {
        let minute: Int64 = 60_000_000
        let start = Timestamp(microseconds: 1_790_121_600_000_000)
        func trade(_ price: Int, atMinute offset: Int64, second: Int64 = 0) -> Trade {
            Trade(
                market: btc, price: ExactDecimal(price), quantity: 1, side: .buy,
                timestamp: start.advanced(byMicroseconds: offset * minute + second * 1_000_000))
        }
        let old = Candle(start: start, open: 100, high: 101, low: 99, close: 100, volume: 5)
        for coveredUntil in [Optional(start.advanced(byMicroseconds: 30_000_000)), nil] {
            var state = MarketState()
            state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: [old], coveredUntil: coveredUntil)))
            state.apply(.trades([trade(100, atMinute: 0, second: 10), trade(103, atMinute: 1), trade(104, atMinute: 2)]))
            state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: [old], coveredUntil: coveredUntil)))
            let series = state.candles[btc]?[.oneMinute]
            #expect(series?.candles.map(\.close) == [100, 103, 104], "\(String(describing: coveredUntil))")
            #expect(series?.candles.first?.volume == 5, "the trade the history holds is not counted again")
        }
    }
}

extension MarketStateTests {
    /// A REST answer never replaces a ticker or book that arrived after it was asked for, even
    /// when its exchange time (stamped only to the second) cannot tell which is newer: the
    /// KRW-TON failure (a 4448 REST ticker over the stream's 4452) in Bithumb 2.0.
    @Test func aRESTAnswerGivesWayToWhatArrivedAfterItWasAskedFor() {
        var state = MarketState()
        let second: Int64 = 1_790_121_600_000_000
        let asked = state.arrivalMark
        state.apply(timedTicker(4452, at: second + 500_000), receivedAt: Timestamp(microseconds: 6_000))
        state.apply(timedTicker(4448, at: second), receivedAt: Timestamp(microseconds: 7_000), requestedAt: asked)
        #expect(state.tickers[btc]?.price == 4452)
        let askedLater = state.arrivalMark
        state.apply(timedTicker(4453, at: second), receivedAt: Timestamp(microseconds: 1_000), requestedAt: askedLater)
        #expect(state.tickers[btc]?.price == 4453, "an answer asked for after the last stream update is taken")
        let bookAsked = state.arrivalMark
        let book = OrderBook(
            market: btc, bids: [BookLevel(price: 1, quantity: 1)], asks: [BookLevel(price: 9, quantity: 1)],
            timestamp: Timestamp(microseconds: second))
        state.apply(.orderBook(book), receivedAt: Timestamp(microseconds: 6_000))
        var older = book
        older.replace(bids: [BookLevel(price: 1, quantity: 1)], asks: [BookLevel(price: 8, quantity: 1)], timestamp: book.timestamp)
        state.apply(.orderBook(older), receivedAt: Timestamp(microseconds: 7_000), requestedAt: bookAsked)
        #expect(state.orderBooks[btc]?.bestAsk?.price == 9)
    }
}
