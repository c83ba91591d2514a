import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketSim
import MarketWire
import TestFixtures
import Testing

/// Bithumb API 2.0 REST: every endpoint answers in the real exchange's shape (compared with
/// captured responses) with the exchange's own state, and errors are byte-for-byte the real ones.
@Suite("Demo exchange: Bithumb 2.0 REST")
struct BithumbRESTTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!

    @Test("market list, tickers, book, trades and candles: real shapes, the exchange's own figures")
    func endpoints() async throws {
        try await withDemoExchange(frozen: true) { exchange, port in
            let state = try #require(await exchange.state(of: .bithumb))
            var codec = UpbitFamilyCodec(profile: .bithumb)

            let markets = try await get(port, "/v1/market/all?isDetails=true")
            #expect(try JSONShape(markets.body) == JSONShape(Fixture.json("bithumb-v2-rest-market-all-ccxt-1.jsonc")))
            #expect(codec.decode(response: markets.body, for: .markets).events == [.markets(state.markets)])

            let tickers = try await get(port, "/v1/ticker?markets=KRW-BTC,krw-eth")
            #expect(try JSONShape(tickers.body) == JSONShape(Fixture.json("bithumb-v2-rest-ticker-ccxt-1.jsonc")))
            let decodedTickers = codec.decode(response: tickers.body, for: .tickers([btc, eth]))
            #expect(decodedTickers.errors.isEmpty)
            let expectedPrices = [btc, eth].compactMap { state.ticker(for: $0, change: .sinceMidnightKST, session: .sinceMidnightKST)?.price }
            #expect(decodedTickers.events.compactMap { if case .ticker(let t) = $0 { t.price } else { nil } } == expectedPrices)

            let book = try await get(port, "/v1/orderbook?markets=KRW-BTC")
            #expect(try JSONShape(book.body).paths == JSONShape(Fixture.json("bithumb-v2-rest-orderbook-ccxt-1.jsonc")).paths)
            guard case .orderBook(let served)? = codec.decode(response: book.body, for: .orderBook(btc)).events.first,
                let own = state.orderBook(for: btc)
            else {
                Issue.record("no order book")
                return
            }
            #expect(served.bids == Array(own.bids.prefix(30)))
            #expect(served.asks == Array(own.asks.prefix(30)))

            let trades = try await get(port, "/v1/trades/ticks?market=KRW-BTC&count=5")
            #expect(try JSONShape(trades.body).paths == JSONShape(Fixture.json("bithumb-v2-rest-trades-ticks-ccxt-1.json")).paths)
            guard case .trades(let servedTrades)? = codec.decode(response: trades.body, for: .trades(btc, count: 5)).events.first else {
                Issue.record("no trades")
                return
            }
            #expect(servedTrades.map(\.wireIdentity).sorted() == state.recentTrades(for: btc, count: 5).map(\.wireIdentity).sorted())

            let candles = try await get(port, "/v1/candles/minutes/1?market=KRW-BTC&count=3")
            #expect(try JSONShape(candles.body) == JSONShape(Fixture.json("bithumb-v2-rest-candles-minutes-ccxt-1.jsonc")))
            guard case .candles(let history)? = codec.decode(response: candles.body, for: .candles(btc, .oneMinute, count: 3)).events.first else {
                Issue.record("no candles")
                return
            }
            #expect(history.candles.sorted { $0.start < $1.start } == state.candles(for: btc, interval: .oneMinute, count: 3))

            let days = try await get(port, "/v1/candles/days?market=KRW-BTC&count=2")
            #expect(codec.decode(response: days.body, for: .candles(btc, .oneDay, count: 2)).errors.isEmpty)
        }
    }

    @Test("errors are the exchange's own: HTTP 200 error bodies, 404 for no route, 400 past 200 markets")
    func errors() async throws {
        try await withDemoExchange(frozen: true) { _, port in
            let missing = try await get(port, "/v1/ticker")
            #expect(missing.status == 200)
            #expect(missing.body == (try Fixture.bytes("bithumb-v2-rest-error-missing-param-1.json")).trimmed)
            let unknown = try await get(port, "/v1/orderbook?markets=KRW-NOPE")
            #expect(unknown.status == 200)
            #expect(unknown.body == (try Fixture.bytes("bithumb-v2-rest-error-code-not-found-1.json")).trimmed)
            let noRoute = try await get(port, "/v1/nope")
            #expect(noRoute.status == 404)
            #expect(noRoute.body == (try Fixture.bytes("bithumb-v2-rest-error-no-route-1.json")).trimmed)
            let badUnit = try await get(port, "/v1/candles/minutes/7?market=KRW-BTC")
            #expect(badUnit.status == 404)
            let state = try await get(port, "/v1/market/all")
            let codes = try JSONShape(state.body).paths.contains("[].market_warning")
            #expect(!codes, "without isDetails the rows carry no warning")
        }
        try await withDemoExchange(markets: 201, frozen: true) { _, port in
            let all = try await get(port, "/v1/market/all")
            var codec = UpbitFamilyCodec(profile: .bithumb)
            guard case .markets(let markets)? = codec.decode(response: all.body, for: .markets).events.first else {
                Issue.record("no markets")
                return
            }
            let tooMany = try await get(port, "/v1/ticker?markets=" + markets.map(\.code.code).joined(separator: ","))
            #expect(tooMany.status == 400)
            #expect(String(decoding: tooMany.body, as: UTF8.self).contains("less than or equal to 200"))
        }
    }
}

extension Trade {
    /// What the 2.0 wire keeps of a trade: its id, price, size and side, and its time in ms.
    var wireIdentity: String { "\(id ?? 0) \(price) \(quantity) \(side) \(timestamp.milliseconds)" }
}

extension [UInt8] {
    /// Without surrounding whitespace (fixture files end with a newline).
    var trimmed: [UInt8] {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(self[first...last])
    }
}
