import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketSim
import MarketWire
import TestFixtures
import Testing

/// Bithumb legacy REST: the status envelope, string numbers and Korean errors of the real API.
@Suite("Demo exchange: Bithumb legacy REST")
struct LegacyRESTTests {
    let btc = MarketCode(code: "KRW-BTC")!

    @Test("tickers, book, trades and candles: real shapes, the exchange's own figures")
    func endpoints() async throws {
        try await withDemoExchange(frozen: true) { exchange, port in
            let state = try #require(await exchange.state(of: .bithumb))
            var codec = BithumbLegacyCodec()

            let all = try await get(port, "/public/ticker/ALL_KRW")
            let fixture = try JSONShape(Fixture.json("bithumb-legacy-rest-ticker-all-krw-fixture-1.json"))
            let served = try JSONShape(all.body)
            #expect(
                served.kinds.filter { $0.key.hasPrefix("data.BTC") || !$0.key.hasPrefix("data.") }
                    == fixture.kinds.filter { $0.key.hasPrefix("data.BTC") || !$0.key.hasPrefix("data.") })
            let tickers = codec.decode(response: all.body, for: .tickers(state.markets.map(\.code)))
            #expect(tickers.errors.isEmpty)
            #expect(tickers.events.count == state.markets.count)
            let own = try #require(state.ticker(for: btc, change: .rolling24h, session: .sinceMidnightKST))
            #expect(
                tickers.events.contains {
                    if case .ticker(let t) = $0 {
                        t.market == btc && t.price == own.price
                            && t.change.signedAmount == own.change.signedAmount && t.tradeValue24h == own.tradeValue24h
                    } else {
                        false
                    }
                })

            let book = try await get(port, "/public/orderbook/BTC_KRW")
            #expect(try JSONShape(book.body).paths == JSONShape(Fixture.json("bithumb-legacy-rest-orderbook-btc-krw-1.json")).paths)
            guard case .orderBook(let served)? = codec.decode(response: book.body, for: .orderBook(btc)).events.first,
                let ownBook = state.orderBook(for: btc)
            else {
                Issue.record("no order book")
                return
            }
            #expect(served.bids == Array(ownBook.bids.prefix(30)) && served.asks == Array(ownBook.asks.prefix(30)))

            let trades = try await get(port, "/public/transaction_history/BTC_KRW?count=5")
            #expect(try JSONShape(trades.body) == JSONShape(Fixture.json("bithumb-legacy-rest-transaction-history-1.json")))
            #expect(codec.decode(response: trades.body, for: .trades(btc, count: 5)).errors.isEmpty)

            let candles = try await get(port, "/public/candlestick/BTC_KRW/1m")
            #expect(try JSONShape(candles.body) == JSONShape(Fixture.json("bithumb-legacy-rest-candlestick-1m-1.json")))
            guard case .candles(let history)? = codec.decode(response: candles.body, for: .candles(btc, .oneMinute, count: 200)).events.first else {
                Issue.record("no candles")
                return
            }
            let ownCandles = state.candles(for: btc, interval: .oneMinute, count: 5).map { candle in
                var withoutValue = candle
                withoutValue.tradeValue = nil  // the legacy wire carries no traded value
                return withoutValue
            }
            #expect(Array(history.candles.suffix(5)) == ownCandles)
        }
    }

    @Test("unknown coins and quotes get the exchange's 5500 answers")
    func errors() async throws {
        try await withDemoExchange(frozen: true) { _, port in
            let unlisted = try await get(port, "/public/orderbook/NOPE_KRW")
            #expect(unlisted.status == 200)
            #expect(unlisted.body == (try Fixture.bytes("bithumb-legacy-rest-error-5500-1.json")).trimmed)
            let wrongQuote = try await get(port, "/public/ticker/BTC_USDT")
            #expect(wrongQuote.body == (try Fixture.bytes("bithumb-legacy-rest-error-5500-2.json")).trimmed)
            let badInterval = try await get(port, "/public/candlestick/BTC_KRW/7m")
            #expect(String(decoding: badInterval.body, as: UTF8.self).contains(#""status":"5500""#))
        }
    }
}
