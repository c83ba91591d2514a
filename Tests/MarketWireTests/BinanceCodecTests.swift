import Foundation
import MarketCore
import MarketWire
import TestFixtures
import Testing

/// Binance spot, the reference for won prices, decoded from real frames and bodies: USDT
/// symbols become `USDT-…` markets, other quotes are passed over.
@Suite struct BinanceCodecTests {
    let usdtBTC = MarketCode(code: "USDT-BTC")!
    let usdtETH = MarketCode(code: "USDT-ETH")!

    @Test func symbolsMapToUSDTMarketsAndBack() {
        #expect(BinanceSymbol.market("BTCUSDT") == usdtBTC)
        #expect(BinanceSymbol.market("ethusdt") == usdtETH)
        #expect(BinanceSymbol.market("ETHBTC") == nil)
        #expect(BinanceSymbol.market("USDT") == nil)
        #expect(BinanceSymbol.symbol(of: usdtBTC) == "BTCUSDT")
        #expect(BinanceSymbol.streamSymbol(of: usdtBTC) == "btcusdt")
    }

    @Test func theListingKeepsTradingUSDTSymbols() throws {
        let decoded = try Harness.rest(.binance, "binance-rest-exchangeinfo-1.json", .markets)
        #expect(decoded.errors.isEmpty)
        guard case .markets(let markets) = try #require(decoded.events.first) else { throw Harness.Mismatch(decoded.events[0]) }
        #expect(markets.map(\.code) == [usdtBTC, usdtETH])
        #expect(markets.first?.englishName == "BTC")
        let mixed =
            #"{"symbols":[{"symbol":"ETHBTC","status":"TRADING","baseAsset":"ETH","quoteAsset":"BTC"},"#
            + #"{"symbol":"LUNAUSDT","status":"BREAK","baseAsset":"LUNA","quoteAsset":"USDT"},"#
            + #"{"symbol":"XRPUSDT","status":"TRADING","baseAsset":"XRP","quoteAsset":"USDT"}]}"#
        var codec = Dialect.binance.makeCodec()
        let filtered = codec.decode(response: Array(mixed.utf8), for: .markets)
        guard case .markets(let kept) = try #require(filtered.events.first) else { throw Harness.Mismatch(filtered.events[0]) }
        #expect(kept.map(\.code.code) == ["USDT-XRP"], "another quote and a halted symbol are passed over")
    }

    @Test func aRESTTickerCarriesBinancesRollingDayChange() throws {
        let ticker = try Harness.ticker(
            try Harness.onlyEvent(try Harness.rest(.binance, "binance-rest-ticker-24hr-btcusdt-1.json", .tickers([usdtBTC]))))
        #expect(ticker.market == usdtBTC)
        #expect(ticker.price == "60755.18")
        #expect(ticker.change == PriceChange(direction: .fall, amount: "1880.95", rate: "0.03003", basis: .rolling24h))
        #expect(ticker.session?.open == "62636.13")
        #expect(ticker.session?.high == "63732.39")
        #expect(ticker.volume24h == "53076.8465")
        #expect(ticker.tradeValue24h == "3289695271.6771771")
        #expect(ticker.timestamp == Timestamp(microseconds: 1_634_944_401_452_000))
    }

    @Test func streamedTickersFullMiniAndListed() throws {
        let full = try Harness.ticker(try Harness.onlyEvent(try Harness.fixture(.binance, "binance-ws-ticker-combined-1.json")))
        #expect(full.market == usdtETH)
        #expect(full.price == "1792.84")
        #expect(full.change == PriceChange(direction: .rise, amount: "28.23", rate: "0.016", basis: .rolling24h))
        #expect(full.timestamp == Timestamp(microseconds: 1_653_812_650_349_000))
        let listed = try Harness.fixture(.binance, "binance-ws-ticker-arr-combined-1.json")
        #expect(listed.errors.isEmpty && listed.events.isEmpty, "ETHBTC is not a USDT market: passed over")
        let mini =
            #"{"stream":"!miniTicker@arr","data":[{"e":"24hrMiniTicker","E":1672515782136,"s":"BNBBTC","c":"0.0025","o":"0.001","h":"0.0025","l":"0.001","v":"10000","q":"18"},"#
            + #"{"e":"24hrMiniTicker","E":1672515782136,"s":"BTCUSDT","c":"16600","o":"16000","h":"16700","l":"15900","v":"10","q":"166000"}]}"#
        let decoded = Harness.frame(.binance, Array(mini.utf8))
        let ticker = try Harness.ticker(try Harness.onlyEvent(decoded))
        #expect(ticker.market == usdtBTC)
        #expect(ticker.change == PriceChange(direction: .rise, amount: 600, rate: "0.0375", basis: .rolling24h), "price less the open")
        #expect(ticker.session?.volume == 10)
    }

    @Test func theDocumentedMiniTickerNamesAnotherQuote() throws {
        let documented = try Harness.fixture(.binance, "binance-ws-miniticker-docexample.jsonc")
        #expect(documented.events.isEmpty)
        #expect(documented.errors == [.invalidValue("s", value: "BNBBTC")], "a lone event must be a USDT market")
    }

    @Test func tradesAndAggregateTradesTakeTheMakerSide() throws {
        let trade = try Harness.trades(try Harness.onlyEvent(try Harness.fixture(.binance, "binance-ws-trade-combined-1.json")))
        #expect(
            trade == [
                Trade(
                    market: usdtETH, price: "4149.74", quantity: "0.4387", side: .sell, timestamp: Timestamp(microseconds: 1_639_351_062_243_000),
                    id: 705_291_099)
            ], "the buyer was the maker: a seller took liquidity")
        let aggregate = try Harness.trades(try Harness.onlyEvent(try Harness.fixture(.binance, "binance-ws-aggtrade-combined-2.json")))
        #expect(aggregate.first?.side == .buy)
        #expect(aggregate.first?.id == 640_283_266)
        #expect(aggregate.first?.market == usdtBTC)
    }

    @Test func restTradesOldestFirst() throws {
        let trades = try Harness.trades(
            try Harness.onlyEvent(try Harness.rest(.binance, "binance-rest-trades-btcusdt-1.json", .trades(usdtBTC, count: 10))))
        #expect(trades.count == 10)
        #expect(
            trades.first
                == Trade(
                    market: usdtBTC, price: "60650", quantity: "0.02924", side: .sell, timestamp: Timestamp(microseconds: 1_634_942_949_263_000),
                    id: 1_111_468_873))
        #expect(zip(trades, trades.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    }

    @Test func klinesAreCandlesWithTheirQuoteVolume() throws {
        let event = try Harness.onlyEvent(
            try Harness.rest(.binance, "binance-rest-klines-1m-btcusdt-1.json", .candles(usdtBTC, .oneMinute, count: 200)))
        guard case .candles(let history) = event else { throw Harness.Mismatch(event) }
        #expect(history.candles.count == 10)
        #expect(
            history.candles.first
                == Candle(
                    start: Timestamp(microseconds: 1_634_943_780_000_000), open: "60685.22", high: "60729.84", low: "60670.9", close: "60719.27",
                    volume: "21.63272", tradeValue: "1313200.0134041"))
        let tenMinutes = try Harness.rest(.binance, "binance-rest-klines-1m-btcusdt-1.json", .candles(usdtBTC, .tenMinutes, count: 200))
        guard case .candles(let combined) = try Harness.onlyEvent(tenMinutes) else { throw Harness.Mismatch(tenMinutes.events[0]) }
        #expect(combined.interval == .tenMinutes && combined.candles.count < 10, "ten-minute candles made from what was served")
    }

    @Test func requestsNameBinancesSymbolsAndLimits() {
        let codec = Dialect.binance.makeCodec()
        #expect(codec.requests(for: .markets).map(\.pathAndQuery) == ["/api/v3/exchangeInfo?permissions=SPOT&symbolStatus=TRADING"])
        #expect(
            codec.requests(for: .tickers([usdtBTC, usdtETH])).map(\.pathAndQuery)
                == ["/api/v3/ticker/24hr?symbols=%5B%22BTCUSDT%22,%22ETHUSDT%22%5D"])
        let many = (0..<250).compactMap { MarketCode(quote: "USDT", base: "C\($0)") }
        #expect(codec.requests(for: .tickers(many)).count == 3, "100 a request")
        #expect(codec.requests(for: .trades(usdtBTC, count: 5000)).map(\.pathAndQuery) == ["/api/v3/trades?symbol=BTCUSDT&limit=1000"])
        let before = Timestamp(microseconds: 1_634_943_780_000_000)
        #expect(
            codec.requests(for: .candles(usdtBTC, .oneDay, count: 200, before: before)).map(\.pathAndQuery)
                == ["/api/v3/klines?symbol=BTCUSDT&interval=1d&limit=200&endTime=1634943779999"])
        #expect(codec.requests(for: .warnings).isEmpty && codec.requests(for: .transfers).isEmpty)
    }

    @Test func answersErrorsAndTheShutdownNotice() throws {
        let ack = try Harness.onlyEvent(try Harness.fixture(.binance, "binance-ws-subscribe-response-docexample.json"))
        #expect(ack == .notice(.subscribed(message: "request 1")))
        let refused = try Harness.onlyEvent(Harness.frame(.binance, Array(#"{"code":2,"msg":"Invalid request: unknown method","id":7}"#.utf8)))
        #expect(refused == .notice(.rejected(code: "2", message: "Invalid request: unknown method")))
        let shutdown = try Harness.onlyEvent(try Harness.fixture(.binance, "binance-ws-servershutdown-raw-docexample.jsonc"))
        #expect(shutdown == .notice(.closing(message: "serverShutdown")))
        let error = try Harness.rest(.binance, "binance-rest-error-invalid-symbol-docexample.json", .tickers([usdtBTC]))
        #expect(error.events.isEmpty)
        #expect(error.errors == [.exchange(code: "-1121", message: "Invalid symbol.")])
    }

    @Test func subscriptionsMatchTheDocumentedRequest() throws {
        let documented = try #require(
            try JSONSerialization.jsonObject(with: Data(try Fixture.json("binance-ws-subscribe-request-docexample.json"))) as? [String: Any])
        let frames = Dialect.binance.makeCodec().subscribeFrames(for: FeedSubscription(tickers: [usdtBTC, usdtETH], trades: [usdtBTC]))
        #expect(frames.count == 1)
        let frame = try #require(frames.first)
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(frame.utf8)) as? [String: Any])
        #expect(ours.keys.sorted() == documented.keys.sorted())
        #expect(ours["method"] as? String == "SUBSCRIBE")
        #expect(ours["params"] as? [String] == ["btcusdt@miniTicker", "ethusdt@miniTicker", "btcusdt@trade"])
        let many = (0..<450).compactMap { MarketCode(quote: "USDT", base: "C\($0)") }
        #expect(Dialect.binance.makeCodec().subscribeFrames(for: FeedSubscription(tickers: many)).count == 3, "200 streams a request")
    }
}
