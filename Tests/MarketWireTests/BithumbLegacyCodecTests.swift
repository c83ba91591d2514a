import MarketCore
import MarketWire
import Testing

@Suite struct BithumbLegacyCodecTests {
    let uni = MarketCode(code: "KRW-UNI")!
    let xlm = MarketCode(code: "KRW-XLM")!

    @Test func tickerWithStringNumbersPercentRateAndKSTTime() throws {
        let ticker = try Harness.ticker(try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-ticker-1.json")))
        #expect(ticker.market == uni)
        #expect(ticker.price == 34010)
        #expect(ticker.change == PriceChange(direction: .rise, amount: 610, rate: "0.0183", basis: .rolling24h))
        #expect(ticker.session?.open == 33400)
        #expect(ticker.session?.previousClose == 33530)
        #expect(ticker.tradeValue24h == "45741663716.89916828275244531")
        #expect(ticker.volume24h == "1359398.496892086826189907")
        #expect(ticker.timestamp == utc("2021-08-11 04:20:17"))
    }

    @Test func transactionSideFollowsTheDocumentation() throws {
        let trades = try Harness.trades(try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-transaction-1.json")))
        #expect(
            trades == [
                Trade(
                    market: MarketCode(code: "KRW-DAI")!, price: 1166, quantity: "125.24", side: .sell,
                    timestamp: Timestamp(microseconds: utc("2021-08-13 06:23:42").microseconds + 911_273))
            ])
        let doc = try Harness.trades(
            try Harness.onlyEvent(
                try Harness.fixture(
                    .bithumbLegacy,
                    "bithumb-legacy-ws-transaction-docexample.jsonc")))
        #expect(doc.first?.side == .sell, "buySellGb 1 is 매도체결")
    }

    @Test func depthIsADeltaWithAbsoluteSizes() throws {
        let event = try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-orderbookdepth-1.json"))
        guard case .orderBookDelta(let delta) = event else { throw Harness.Mismatch(event) }
        #expect(delta.market == xlm)
        #expect(delta.timestamp == Timestamp(microseconds: 1_628_835_823_604_483))
        #expect(delta.changes.count == 7)
        #expect(delta.changes[0] == BookChange(side: .ask, price: "401.2", quantity: 0))
        #expect(delta.changes[1] == BookChange(side: .ask, price: "401.6", quantity: "21277.735"))
        #expect(delta.changes[5] == BookChange(side: .bid, price: "399.8", quantity: "31416.8779"))
        let doc = try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-orderbookdepth-docexample.jsonc"))
        guard case .orderBookDelta(let documented) = doc else { throw Harness.Mismatch(doc) }
        #expect(documented.timestamp == Timestamp(microseconds: 1_580_268_255_864_325), "a bare-number datetime decodes too")
    }

    @Test func oneBadDepthEntryDoesNotLoseTheOthers() {
        let frame =
            #"{"type":"orderbookdepth","content":{"list":[{"symbol":"XLM_KRW","orderType":"ask","price":"401.6","#
            + #""quantity":"-5","total":"1"},{"symbol":"XLM_KRW","orderType":"bid","price":"399.8","quantity":"3","total":"1"}],"#
            + #""datetime":"1628835823604483"}}"#
        let decoded = Harness.frame(.bithumbLegacy, Array(frame.utf8))
        #expect(decoded.errors == [.brokenRule(.nonNegativeAmount, field: "quantity", value: "-5")])
        #expect(decoded.events.count == 1)
    }

    @Test func snapshotStream() throws {
        let book = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-orderbooksnapshot-1.json")))
        #expect(book.market == btc)
        #expect(book.asks.map(\.price) == [116_501_000, 116_510_000, 116_511_000])
        #expect(book.bids == [BookLevel(price: 116_500_000, quantity: "0.7074"), BookLevel(price: 116_475_000, quantity: "0.0258")])
        #expect(book.timestamp == Timestamp(microseconds: 1_790_133_914_965_948))
    }

    @Test func greetingAcknowledgementAndRejection() throws {
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-connected-1.json"))
                == .notice(.connected(message: "Connected Successfully")))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-filter-registered-1.json"))
                == .notice(.subscribed(message: "Filter Registered Successfully")))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.bithumbLegacy, "bithumb-legacy-ws-error-invalid-filter-1.json"))
                == .notice(.rejected(code: "5100", message: "Invalid Filter Syntax")))
    }

    @Test func restTickersSkipTheDateKey() throws {
        let decoded = try Harness.rest(.bithumbLegacy, "bithumb-legacy-rest-ticker-all-krw-fixture-1.json", .tickers([btc]))
        #expect(decoded.errors.isEmpty)
        let tickers = try decoded.events.map(Harness.ticker)
        #expect(tickers.map(\.market) == [btc, eth])
        #expect(tickers[0].change == PriceChange(direction: .fall, amount: 351_000, rate: "0.0043", basis: .rolling24h))
        #expect(
            tickers[0].session
                == TradingSession(
                    basis: .sinceMidnightKST, open: 79_934_000, high: 81_500_000, low: 77_734_000,
                    previousClose: 79_999_000, volume: "996.28800643",
                    tradeValue: "79185705179.76399"))
        #expect(tickers[1].volume24h == "20934.260856651159084139")
        let btcQuoted = try Harness.rest(
            .bithumbLegacy, "bithumb-legacy-rest-ticker-all-btc-ccxt-1.jsonc",
            .tickers([MarketCode(code: "BTC-ETH")!]))
        #expect(try btcQuoted.events.map(Harness.ticker).map(\.market.code) == ["BTC-ETH", "BTC-XRP"])
        #expect(try Harness.ticker(btcQuoted.events[1]).timestamp == Timestamp(milliseconds: 1_721_675_913_145))
    }

    @Test func restOrderBookTradesAndCandles() throws {
        let book = try Harness.book(
            try Harness.onlyEvent(
                try Harness.rest(
                    .bithumbLegacy, "bithumb-legacy-rest-orderbook-btc-krw-1.json",
                    .orderBook(btc))))
        #expect(book.bids == [BookLevel(price: 80_838_000, quantity: "0.0586")])
        #expect(book.asks == [BookLevel(price: 80_873_000, quantity: "0.1749")])
        #expect(book.timestamp == Timestamp(milliseconds: 1_723_102_637_709))

        let trades = try Harness.trades(
            try Harness.onlyEvent(
                try Harness.rest(
                    .bithumbLegacy,
                    "bithumb-legacy-rest-transaction-history-1.json", .trades(btc, count: 20))))
        #expect(trades == [Trade(market: btc, price: 80_649_000, quantity: "0.0006", side: .sell, timestamp: utc("2024-08-08 08:14:33"))])

        let event = try Harness.onlyEvent(
            try Harness.rest(
                .bithumbLegacy, "bithumb-legacy-rest-candlestick-1m-1.json",
                .candles(btc, .oneMinute, count: 100)))
        guard case .candles(let history) = event else { throw Harness.Mismatch(event) }
        #expect(
            history.candles == [
                Candle(
                    start: Timestamp(milliseconds: 1_723_014_780_000), open: 81_061_000, high: 81_062_000,
                    low: 80_860_000, close: 80_860_000, volume: "2.1630537")
            ],
            "the legacy order is [t, open, close, high, low, volume]")
    }

    @Test(arguments: [
        ("bithumb-legacy-rest-error-5500-1.json", "상장 코인 아님"),
        ("bithumb-legacy-rest-error-5500-2.json", "입력값을 확인해 주세요."),
    ])
    func restErrorsAreTyped(name: String, message: String) throws {
        let decoded = try Harness.rest(.bithumbLegacy, name, .orderBook(btc))
        #expect(decoded.errors == [.exchange(code: "5500", message: message)])
    }

    @Test func subscribeFramesOnePerType() {
        let codec = Dialect.bithumbLegacy.makeCodec()
        let frames = codec.subscribeFrames(for: FeedSubscription(tickers: [btc, eth], orderBooks: [btc], trades: [btc]))
        #expect(
            frames == [
                #"{"type":"ticker","symbols":["BTC_KRW","ETH_KRW"],"tickTypes":["24H"]}"#,
                #"{"type":"transaction","symbols":["BTC_KRW"]}"#,
                #"{"type":"orderbookdepth","symbols":["BTC_KRW"]}"#,
            ])
        #expect(codec.requests(for: .candles(btc, .fourHours, count: 10)).map(\.path) == ["/public/candlestick/BTC_KRW/1h"])
        #expect(codec.requests(for: .tickers([btc, eth])).map(\.path) == ["/public/ticker/ALL_KRW"])
    }
}
