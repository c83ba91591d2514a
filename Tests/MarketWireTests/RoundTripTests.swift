import MarketCore
import MarketWire
import Testing

/// What the demo exchange's encoders write, the client codecs read back unchanged.
@Suite struct RoundTripTests {
    /// 2026-09-23T03:18:33.739Z.
    let time = Timestamp(milliseconds: 1_790_133_513_739)
    let wholeSecond = Timestamp(milliseconds: 1_790_133_513_000)

    func book(_ time: Timestamp) -> OrderBook {
        OrderBook(
            market: btc, bids: (0..<20).map { BookLevel(price: ExactDecimal(116_200_000 - 1000 * $0), quantity: "0.0123") },
            asks: (0..<20).map { BookLevel(price: ExactDecimal(116_201_000 + 1000 * $0), quantity: "1.5E-3") }, timestamp: time)
    }

    func trades(_ time: Timestamp, ids: Bool) -> [Trade] {
        [
            Trade(
                market: btc, price: 116_208_000, quantity: "0.0009", side: .buy, timestamp: time,
                id: ids ? 17_901_335_137_390_001 : nil),
            Trade(
                market: btc, price: 116_207_000, quantity: "2.5", side: .sell, timestamp: time.advanced(byMicroseconds: 1_000_000),
                id: ids ? 17_901_335_147_390_000 : nil),
            Trade(
                market: btc, price: 116_206_000, quantity: "0.4", side: .sell, timestamp: time.advanced(byMicroseconds: 1_000_000),
                id: ids ? 17_901_335_147_390_001 : nil),
        ]
    }

    func ticker(basis: ChangeBasis, sessionBasis: ChangeBasis, at time: Timestamp) -> Ticker {
        Ticker(
            market: btc, price: 116_208_000,
            change: PriceChange(direction: .fall, amount: 1_338_000, rate: "0.0114", basis: basis),
            session: TradingSession(
                basis: sessionBasis, open: 117_546_000, high: 118_000_000, low: 115_000_000,
                previousClose: 117_546_000, volume: "151.44914647", tradeValue: "17601234567.123456789"),
            volume24h: "310.44065227", tradeValue24h: "29226371799.56915", timestamp: time)
    }

    @Test(arguments: [UpbitFamilyProfile.bithumb, .upbit])
    func upbitFamilyFrames(profile: UpbitFamilyProfile) throws {
        let encoder = UpbitFamilyEncoder(profile: profile)
        var ticker = ticker(basis: profile.sessionBasis, sessionBasis: profile.sessionBasis, at: time)
        ticker.flow = TradeFlow(buyVolume: "80.1", sellVolume: "71.34914647")
        let statuses = [
            TradingStatus.active, TradingStatus(state: .suspended, isDesignated: true),
            TradingStatus(state: .delisting, delistingDate: CivilTime(year: 2026, month: 12, day: 9)),
        ]
        for style in [UpbitFamilyEncoder.KeyStyle.default, .simple] {
            for status in statuses {
                ticker.status = status
                let frame = encoder.tickerFrame(ticker, stream: .realtime, style: style)
                #expect(try Harness.onlyEvent(Harness.frame(profile.dialect, frame)) == .ticker(ticker))
            }
            let bookFrame = encoder.orderBookFrame(book(time), stream: .snapshot, style: style)
            let decodedBook = try Harness.book(try Harness.onlyEvent(Harness.frame(profile.dialect, bookFrame)))
            #expect(decodedBook.bids == Array(book(time).bids.prefix(profile.bookDepth)))
            #expect(decodedBook.asks == Array(book(time).asks.prefix(profile.bookDepth)))
            #expect(decodedBook.timestamp == time)
            for trade in trades(time, ids: true) {
                let tradeFrame = encoder.tradeFrame(trade, previousClose: 117_546_000, stream: .realtime, style: style)
                #expect(try Harness.onlyEvent(Harness.frame(profile.dialect, tradeFrame)) == .trades([trade]))
            }
        }
        #expect(try Harness.onlyEvent(Harness.frame(profile.dialect, encoder.heartbeatFrame())) == .notice(.heartbeat))
        #expect(
            try Harness.onlyEvent(Harness.frame(profile.dialect, encoder.errorFrame(name: "NO_TICKET", message: "티켓")))
                == .notice(.rejected(code: "NO_TICKET", message: "티켓")))
    }

    @Test(arguments: [UpbitFamilyProfile.bithumb, .upbit])
    func upbitFamilyBodies(profile: UpbitFamilyProfile) throws {
        let encoder = UpbitFamilyEncoder(profile: profile)
        var codec = profile.dialect.makeCodec()
        let markets = [
            Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin"),
            Market(code: eth, koreanName: "이더리움", englishName: "Ethereum \"ETH\"", warning: MarketWarning(step: .designated)),
        ]
        #expect(codec.decode(response: encoder.marketsBody(markets), for: .markets).events == [.markets(markets)])

        let ticker = ticker(basis: profile.sessionBasis, sessionBasis: profile.sessionBasis, at: wholeSecond)
        let tickers = codec.decode(response: encoder.tickersBody([(ticker, .init())]), for: .tickers([btc]))
        #expect(tickers.events == [.ticker(ticker)])

        // REST sends 30 levels per side (15 each for several markets on Bithumb).
        let books = codec.decode(response: encoder.orderBooksBody([book(time)]), for: .orderBook(btc))
        #expect(try Harness.book(try Harness.onlyEvent(books)).bids.count == 20)
        let twoBooks = codec.decode(response: encoder.orderBooksBody([book(time), book(time)]), for: .orderBook(btc))
        #expect(
            twoBooks.events.allSatisfy { event in
                if case .orderBook(let book) = event { book.bids.count == (profile.dialect == .upbit ? 20 : 15) } else { false }
            })

        let trades = trades(time, ids: true)
        #expect(
            codec.decode(response: encoder.tradesBody(trades.reversed(), previousClose: 117_546_000), for: .trades(btc, count: 3)).events
                == [.trades(trades)])

        let candles = (0..<5).map { minute in
            Candle(
                start: Timestamp(milliseconds: 1_790_133_480_000 + Int64(minute) * 60_000), open: 100, high: 120, low: 90,
                close: ExactDecimal(110 + minute), volume: "1.5", tradeValue: "150.75")
        }
        let history = codec.decode(
            response: encoder.candlesBody(market: btc, interval: .oneMinute, candles: candles),
            for: .candles(btc, .oneMinute, count: 200))
        guard case .candles(let decoded) = try Harness.onlyEvent(history) else { throw Harness.Mismatch(history.events[0]) }
        #expect(decoded.candles == candles)
        #expect(decoded.coveredUntil == Timestamp(milliseconds: 1_790_133_480_000 + 4 * 60_000 + 59_999))

        let error = codec.decode(response: encoder.errorBody(name: 404, message: "Code not found"), for: .orderBook(btc))
        #expect(error.errors == [.exchange(code: "404", message: "Code not found")])
    }

    @Test func legacyFrames() throws {
        let encoder = BithumbLegacyEncoder()
        let ticker = ticker(basis: .rolling24h, sessionBasis: .rolling24h, at: wholeSecond)
        var rolling = ticker
        rolling.session?.volume = ticker.volume24h
        rolling.session?.tradeValue = ticker.tradeValue24h
        rolling.flow = TradeFlow(buyVolume: "200.1", sellVolume: "110.34065227")
        let frame = encoder.tickerFrame(rolling, buyVolume: "200.1", sellVolume: "110.34065227")
        #expect(try Harness.onlyEvent(Harness.frame(.bithumbLegacy, frame)) == .ticker(rolling))

        let trades = trades(time, ids: false)
        #expect(try Harness.onlyEvent(Harness.frame(.bithumbLegacy, encoder.transactionFrame(trades))) == .trades(trades))

        let delta = OrderBookDelta(
            market: btc,
            changes: [
                BookChange(side: .ask, price: "401.6", quantity: "21277.735"),
                BookChange(side: .bid, price: "399.5", quantity: 0),
            ],
            timestamp: Timestamp(microseconds: 1_628_835_823_604_483))
        #expect(try Harness.onlyEvent(Harness.frame(.bithumbLegacy, encoder.orderBookDepthFrame(delta))) == .orderBookDelta(delta))

        let snapshot = try Harness.book(try Harness.onlyEvent(Harness.frame(.bithumbLegacy, encoder.orderBookSnapshotFrame(book(time)))))
        #expect(snapshot == book(time))

        #expect(
            try Harness.onlyEvent(Harness.frame(.bithumbLegacy, encoder.connectedFrame()))
                == .notice(.connected(message: "Connected Successfully")))
        #expect(
            try Harness.onlyEvent(Harness.frame(.bithumbLegacy, encoder.filterRegisteredFrame()))
                == .notice(.subscribed(message: "Filter Registered Successfully")))
        #expect(
            try Harness.onlyEvent(Harness.frame(.bithumbLegacy, encoder.invalidFilterFrame()))
                == .notice(.rejected(code: "5100", message: "Invalid Filter Syntax")))
    }

    @Test func legacyBodies() throws {
        let encoder = BithumbLegacyEncoder()
        var codec = Dialect.bithumbLegacy.makeCodec()
        var ticker = ticker(basis: .rolling24h, sessionBasis: .sinceMidnightKST, at: time)
        ticker.change.basis = .rolling24h
        let tickers = codec.decode(response: encoder.tickersBody([ticker], date: time), for: .tickers([btc]))
        #expect(tickers.events == [.ticker(ticker)])

        let book = try Harness.book(try Harness.onlyEvent(codec.decode(response: encoder.orderBookBody(book(time)), for: .orderBook(btc))))
        #expect(book == self.book(time))

        let trades = trades(wholeSecond, ids: false)
        #expect(codec.decode(response: encoder.transactionHistoryBody(trades.reversed()), for: .trades(btc, count: 20)).events == [.trades(trades)])

        let candles = (0..<3).map { minute in
            Candle(
                start: Timestamp(milliseconds: 1_723_014_780_000 + Int64(minute) * 60_000), open: 81_061_000,
                high: 81_062_000, low: 80_860_000, close: 80_860_000, volume: "2.1630537")
        }
        let history = try Harness.onlyEvent(codec.decode(response: encoder.candlestickBody(candles), for: .candles(btc, .oneMinute, count: 10)))
        #expect(history == .candles(CandleHistory(market: btc, interval: .oneMinute, candles: candles, coveredUntil: nil)))

        let error = codec.decode(response: encoder.errorBody(status: "5500", message: "상장 코인 아님"), for: .orderBook(btc))
        #expect(error.errors == [.exchange(code: "5500", message: "상장 코인 아님")])
    }
}
