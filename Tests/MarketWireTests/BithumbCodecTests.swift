import MarketCore
import MarketWire
import TestFixtures
import Testing

@Suite struct BithumbCodecTests {
    @Test func tickerFromARealCapture() throws {
        let ticker = try Harness.ticker(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-ticker-ccxt-1.json")))
        #expect(ticker.market == btc)
        #expect(ticker.price == 95_299_000)
        #expect(ticker.change == PriceChange(direction: .rise, amount: 1_098_000, rate: "0.01165593", basis: .sinceMidnightKST))
        #expect(
            ticker.session
                == TradingSession(
                    basis: .sinceMidnightKST, open: 94_223_000, high: 95_465_000, low: 93_601_000,
                    previousClose: 94_201_000, volume: "151.44914647",
                    tradeValue: "14330306973.41015"))
        #expect(ticker.volume24h == "310.44065227")
        #expect(ticker.tradeValue24h == "29226371799.56915")
        #expect(ticker.timestamp == Timestamp(milliseconds: 1_783_655_148_303))
        #expect(ticker.timestamp.civilTime(in: .kst).timeText(separator: "") == "124548")
    }

    @Test func defaultAndSimpleFormatsDecodeAlike() throws {
        let simple = try Fixture.lines("bithumb-v2-ws-ticker-simple-docexample-1.jsonl").map { Harness.frame(.bithumb, $0) }
        let tickers = try simple.map { try Harness.ticker(try Harness.onlyEvent($0)) }
        #expect(tickers.map(\.market.code) == ["KRW-BTC", "BTC-ETH", "KRW-BTC", "BTC-ETH"])
        #expect(tickers[1].change.signedAmount == -70)
        #expect(tickers[1].change.signedRate == "-0.00146168")
        #expect(tickers[1].tradeValue24h == "728107452.06423197609921044")
        let defaults = try Fixture.lines("bithumb-v2-ws-ticker-default-docexample-1.jsonl").map { Harness.frame(.bithumb, $0) }
        let first = try Harness.ticker(try Harness.onlyEvent(defaults[0]))
        #expect(first.price == 493_100)
        #expect(first.session?.low == 472_500)
        #expect(first.timestamp == Timestamp(milliseconds: 1_725_927_377_174))
    }

    @Test func aTickerWithoutChangeFiguresIsRejectedNotGuessed() throws {
        let decoded = try Harness.fixture(.bithumb, "bithumb-v2-ws-ticker-trimmed-1.json")
        #expect(decoded.events.isEmpty)
        #expect(decoded.errors == [.missingField("change")])
    }

    @Test func orderBookFramesAreWholeBooks() throws {
        let snapshot = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-orderbook-snapshot-1.json")))
        #expect(snapshot.market == eth)
        #expect(
            snapshot.asks == [
                BookLevel(price: 3_715_000, quantity: "8.4592"), BookLevel(price: 3_716_000, quantity: "3.3766"),
                BookLevel(price: 3_717_000, quantity: "4.1755"),
            ])
        #expect(snapshot.bids.map(\.price) == [3_714_000, 3_713_000, 3_712_000])
        #expect(snapshot.timestamp == Timestamp(microseconds: 1_790_133_505_546_514))
        let realtime = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-orderbook-realtime-1.json")))
        #expect(realtime.bids.first?.quantity == "4.106")
        let ccxt = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-orderbook-ccxt-1.jsonc")))
        #expect(ccxt.timestamp == Timestamp(microseconds: 1_783_657_882_348_968))
        #expect(ccxt.bestAsk == BookLevel(price: 95_340_000, quantity: "0.0007"))
    }

    @Test func zeroSizeAndZeroPaddingLevelsAreDropped() throws {
        let book = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-orderbook-snapshot-zerosize-1.json")))
        #expect(book.asks.map(\.price) == [116_208_000, 116_209_000])
        #expect(book.bids.count == 3)
        var fragment = String(decoding: try Fixture.bytes("bithumb-v2-ws-orderbook-padding-fragment-1.json"), as: UTF8.self)
        fragment = #"{"type":"orderbook","code":"KRW-BTC","timestamp":1790133505564033,"# + fragment.dropFirst()
        let padded = try Harness.book(try Harness.onlyEvent(Harness.frame(.bithumb, Array(fragment.utf8))))
        #expect(padded.asks.map(\.price) == [120_000_000])
        #expect(padded.bids.map(\.price) == [113_000_000, 112_000_000, 111_000_000])
    }

    @Test func simpleOrderBookExcerptWithoutItsTimestampIsRejected() throws {
        let decoded = try Harness.fixture(.bithumb, "bithumb-v2-ws-orderbook-simple-1.json")
        #expect(decoded.errors == [.missingField("tms")])
    }

    @Test func tradesKeepIdsAbove2To53Exactly() throws {
        let probe = try Harness.trades(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-trade-1.json")))
        #expect(
            probe == [
                Trade(
                    market: btc, price: 116_208_000, quantity: "0.0009", side: .buy,
                    timestamp: Timestamp(milliseconds: 1_790_133_513_739), id: 1_079_953_210_371_761_700)
            ])
        let ccxt = try Harness.trades(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-trade-ccxt-1.json")))
        #expect(ccxt.first?.id == 862_683_813_820_523_888)
        #expect(ccxt.first?.side == .sell)
    }

    @Test func controlFramesBecomeNotices() throws {
        #expect(try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-status-up-1.json")) == .notice(.heartbeat))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-error-no-ticket-1.json"))
                == .notice(.rejected(code: "NO_TICKET", message: "티켓이 존재하지 않거나, 유효하지 않습니다.")))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-error-wrong-format-1.json"))
                == .notice(.rejected(code: "WRONG_FORMAT", message: "Format 이 맞지 않습니다.")))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.bithumb, "bithumb-v2-ws-error-invalid-param-1.json"))
                == .notice(.rejected(code: "INVALID_PARAM", message: "nope 은 지원하지 않는 타입입니다.")))
    }

    @Test func restBodies() throws {
        let markets = try Harness.onlyEvent(try Harness.rest(.bithumb, "bithumb-v2-rest-market-all-ccxt-1.jsonc", .markets))
        #expect(markets == .markets([Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin")]))

        let usdc = try #require(MarketCode(code: "BTC-USDC"))
        let ticker = try Harness.ticker(
            try Harness.onlyEvent(
                try Harness.rest(
                    .bithumb, "bithumb-v2-rest-ticker-ccxt-1.jsonc",
                    .tickers([usdc]))))
        #expect(ticker.change == PriceChange(direction: .fall, amount: "0.00000014", rate: "0.0084", basis: .sinceMidnightKST))
        #expect(ticker.tradeValue24h == "1.7637341012146638")
        #expect(ticker.timestamp == utc("2026-07-01 23:35:33"), "REST ticker time comes from the UTC text, not the KST-skewed epoch")

        let book = try Harness.book(
            try Harness.onlyEvent(
                try Harness.rest(
                    .bithumb, "bithumb-v2-rest-orderbook-ccxt-1.jsonc",
                    .orderBook(usdc))))
        #expect(book.bestAsk == BookLevel(price: "0.00001687", quantity: 155))
        #expect(book.timestamp == Timestamp(milliseconds: 1_782_807_920_105))

        let trades = try Harness.trades(
            try Harness.onlyEvent(
                try Harness.rest(
                    .bithumb, "bithumb-v2-rest-trades-ticks-ccxt-1.json",
                    .trades(usdc, count: 1))))
        #expect(
            trades == [
                Trade(
                    market: usdc, price: "0.00001646", quantity: "42.0335581", side: .sell,
                    timestamp: Timestamp(milliseconds: 1_782_981_670_705), id: 17_829_816_707_050_000)
            ])

        let candles = try Harness.onlyEvent(
            try Harness.rest(
                .bithumb, "bithumb-v2-rest-candles-minutes-ccxt-1.jsonc",
                .candles(usdc, .oneMinute, count: 200)))
        guard case .candles(let history) = candles else { throw Harness.Mismatch(candles) }
        #expect(
            history.candles == [
                Candle(
                    start: utc("2026-07-02 08:59:00"), open: "0.0000165", high: "0.0000165",
                    low: "0.0000165", close: "0.0000165", volume: 70, tradeValue: "0.001155")
            ])
        #expect(history.coveredUntil == Timestamp(milliseconds: 1_782_982_784_329))
    }

    @Test(arguments: [
        ("bithumb-v2-rest-error-code-not-found-1.json", "404", "Code not found"),
        (
            "bithumb-v2-rest-error-missing-param-1.json", "400",
            "Missing request parameter error. Check the required parameters!"
        ),
        ("bithumb-v2-rest-error-no-route-1.json", "not_found", "No Route matched with those values"),
    ])
    func restErrorsAreTyped(name: String, code: String, message: String) throws {
        let decoded = try Harness.rest(.bithumb, name, .orderBook(btc))
        #expect(decoded.events.isEmpty)
        #expect(decoded.errors == [.exchange(code: code, message: message)])
    }

    @Test func requestsStayWithinTheExchangeLimits() {
        let codec = Dialect.bithumb.makeCodec()
        let markets = (0..<480).map { MarketCode(quote: "KRW", base: "C\($0)")! }
        let requests = codec.requests(for: .tickers(markets))
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.query[0].value.split(separator: ",").count <= 200 })
        #expect(
            codec.requests(for: .candles(btc, .fourHours, count: 100)).map(\.pathAndQuery)
                == ["/v1/candles/minutes/240?market=KRW-BTC&count=100"])
        #expect(
            codec.requests(for: .candles(btc, .sixHours, count: 20)).map(\.pathAndQuery)
                == ["/v1/candles/minutes/60?market=KRW-BTC&count=120"])
        #expect(codec.requests(for: .candles(btc, .oneDay, count: 30)).map(\.path) == ["/v1/candles/days"])
        let before = Timestamp(microseconds: 1_764_300_000_000_000)
        #expect(
            codec.requests(for: .candles(btc, .oneMinute, count: 200, before: before)).map(\.pathAndQuery)
                == ["/v1/candles/minutes/1?market=KRW-BTC&count=200&to=2025-11-28T12:20:00"], "Bithumb reads `to` in KST")
        #expect(
            UpbitFamilyCodec(profile: .upbit).requests(for: .candles(btc, .oneMinute, count: 200, before: before)).map(\.pathAndQuery)
                == ["/v1/candles/minutes/1?market=KRW-BTC&count=200&to=2025-11-28T03:20:00"], "Upbit in UTC")
        #expect(codec.requests(for: .markets).map(\.pathAndQuery) == ["/v1/market/all?isDetails=true"])
    }

    @Test func subscribeRequestIsOneUnionFrame() throws {
        let codec = Dialect.bithumb.makeCodec()
        let frames = codec.subscribeFrames(for: FeedSubscription(tickers: [btc, eth], orderBooks: [btc], trades: [btc]))
        #expect(frames.count == 1)
        let text = try #require(frames.first)
        #expect(text.hasPrefix(#"[{"ticket":"coinboard-"#))
        #expect(
            text.hasSuffix(
                #"{"type":"ticker","codes":["KRW-BTC","KRW-ETH"]},{"type":"orderbook","codes":["KRW-BTC"]},"#
                    + #"{"type":"trade","codes":["KRW-BTC"]},{"format":"DEFAULT"}]"#))
        #expect(codec.subscribeFrames(for: FeedSubscription()).isEmpty)
    }
}
