import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketSim
import MarketWire
import NIOHTTP1
import TestFixtures
import Testing

/// Binance spot REST and Dunamu's forex quote over the demo's one world: Binance's shapes
/// (compared with captured responses), prices that are the Korean ones taken back through the
/// world's rate and each coin's premium, and Binance's own errors and weight header.
@Suite("Demo exchange: Binance REST and the forex quote")
struct BinanceRESTTests {
    let usdtBTC = MarketCode(code: "USDT-BTC")!
    let btc = MarketCode(code: "KRW-BTC")!

    @Test("listing, ticker, book, trades and klines: Binance's shapes, the Korean figures at the world's rate and premium")
    func endpoints() async throws {
        try await withDemoExchange(frozen: true) { exchange, port in
            let state = try #require(await exchange.state(of: .bithumb))
            let world = exchange.referenceWorld
            var codec = BinanceCodec()

            let info = try await get(port, "/binance/api/v3/exchangeInfo")
            guard case .markets(let markets)? = codec.decode(response: info.body, for: .markets).events.first else {
                Issue.record("no listing")
                return
            }
            let listed = state.markets.filter { world.lists($0.code.base) }
            #expect(markets.map(\.code) == listed.compactMap { KimchiPremium.referenceMarket(of: $0.code) })
            #expect(markets.count * 4 > state.markets.count * 2 && markets.count < state.markets.count, "about three quarters")

            let ticker = try await get(port, "/binance/api/v3/ticker/24hr?symbol=BTCUSDT")
            #expect(try JSONShape(ticker.body) == JSONShape(Fixture.json("binance-rest-ticker-24hr-btcusdt-1.json")))
            #expect(ticker.headers.first(name: "X-MBX-USED-WEIGHT-1M").flatMap(Int.init).map { $0 >= 22 } == true, "weight counted")
            let decoded = codec.decode(response: ticker.body, for: .tickers([usdtBTC]))
            guard case .ticker(let reference)? = decoded.events.first, let won = state.ticker(for: btc, change: .rolling24h, session: .rolling24h)
            else {
                Issue.record("no ticker: \(decoded.errors)")
                return
            }
            // Prices are quoted at the rate and premium of the whole second.
            let second = Timestamp(microseconds: state.now.microseconds - state.now.microseconds % 1_000_000)
            let premium = try #require(world.premiumPercent(of: "BTC", at: second))
            let computed = KimchiPremium(
                market: btc, exchange: .bithumb, price: won.price, referenceMarket: usdtBTC, referencePrice: reference.price,
                rate: world.rate(at: second))
            let drawn = try #require(computed.premiumPercent)
            // The price is rounded to the cent (Binance's tick for BTC): half a cent in about $100,000
            // moves the premium by at most 0.000005 points.
            #expect((drawn - premium).magnitude <= ExactDecimal("0.00001")!, "the premium drawn, to rounding: \(drawn) vs \(premium)")

            let depth = try await get(port, "/binance/api/v3/depth?symbol=BTCUSDT&limit=10")
            #expect(try JSONShape(depth.body) == JSONShape(Fixture.json("binance-rest-depth-btcusdt-1.json")))
            let trades = try await get(port, "/binance/api/v3/trades?symbol=BTCUSDT&limit=10")
            #expect(try JSONShape(trades.body) == JSONShape(Fixture.json("binance-rest-trades-btcusdt-1.json")))
            #expect(codec.decode(response: trades.body, for: .trades(usdtBTC, count: 10)).errors.isEmpty)
            let klines = try await get(port, "/binance/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=10")
            #expect(try JSONShape(klines.body) == JSONShape(Fixture.json("binance-rest-klines-1m-btcusdt-1.json")))
            guard case .candles(let history)? = codec.decode(response: klines.body, for: .candles(usdtBTC, .oneMinute, count: 10)).events.first
            else {
                Issue.record("no klines")
                return
            }
            // Binance sends a kline for every minute, one without a trade at the close before it.
            let continuous = state.candles(for: btc, interval: .oneMinute, count: 10, gaps: .filled)
            #expect(history.candles.map(\.start) == continuous.map(\.start))
            #expect(zip(continuous, continuous.dropFirst()).allSatisfy { $1.start.microseconds(since: $0.start) == 60_000_000 })
            #expect(history.candles.count == 10)
            let traded = state.candles(for: btc, interval: .oneMinute, count: 10)
            #expect(Set(continuous.map(\.start)).isSuperset(of: traded.map(\.start)))
            // Binance's days are UTC: its 4-hour and daily klines open at 00:00 UTC and every
            // 4 hours after, where the Korean exchanges' open at 00:00 KST.
            for (name, interval) in [("4h", CandleInterval.fourHours), ("1d", .oneDay)] {
                let body = try await get(port, "/binance/api/v3/klines?symbol=BTCUSDT&interval=\(name)&limit=3").body
                guard case .candles(let long)? = codec.decode(response: body, for: .candles(usdtBTC, interval, count: 3)).events.first
                else {
                    Issue.record("no \(name) klines")
                    continue
                }
                #expect(!long.candles.isEmpty && long.candles.allSatisfy { $0.start.microseconds % interval.microseconds == 0 }, "\(name)")
            }
        }
    }

    @Test("Binance's errors: an unknown symbol, a bad interval, a missing parameter, both symbol forms at once")
    func errors() async throws {
        try await withDemoExchange(frozen: true) { _, port in
            let unknown = try await get(port, "/binance/api/v3/ticker/24hr?symbol=NOPEUSDT")
            #expect(unknown.status == 400)
            #expect(try JSONShape(unknown.body) == JSONShape(Fixture.json("binance-rest-error-invalid-symbol-docexample.json")))
            #expect(unknown.body == Array(#"{"code":-1121,"msg":"Invalid symbol."}"#.utf8))
            let interval = try await get(port, "/binance/api/v3/klines?symbol=BTCUSDT&interval=2h")
            #expect(interval.status == 400 && String(decoding: interval.body, as: UTF8.self).contains("-1120"))
            let missing = try await get(port, "/binance/api/v3/depth")
            #expect(missing.status == 400 && String(decoding: missing.body, as: UTF8.self).contains("-1102"))
            let both = try await get(port, #"/binance/api/v3/ticker/24hr?symbol=BTCUSDT&symbols=["ETHUSDT"]"#)
            #expect(both.status == 400 && String(decoding: both.body, as: UTF8.self).contains("-1128"))
            let list = try await get(port, "/binance/api/v3/ticker/24hr?symbols=%5B%22BTCUSDT%22,%22ETHUSDT%22%5D")
            var codec = BinanceCodec()
            #expect(codec.decode(response: list.body, for: .tickers([])).events.count == 2)
        }
    }

    @Test("the forex quote: the world's rate, requoted each minute, in Dunamu's shape")
    func forex() async throws {
        try await withDemoExchange(frozen: true) { exchange, port in
            let state = try #require(await exchange.state(of: .bithumb))
            let answer = try await get(port, "/fx/v1/forex/recent?codes=FRX.KRWUSD")
            var codec = DunamuForexCodec()
            let rate = try codec.decode(answer.body)
            let minute = Timestamp(microseconds: state.now.microseconds - state.now.microseconds % 60_000_000)
            #expect(rate == WonDollarRate(rate: exchange.referenceWorld.rate(at: minute), source: .dunamu, at: minute))
            let other = try await get(port, "/fx/v1/forex/recent?codes=FRX.KRWJPY")
            #expect(other.body == Array("[]".utf8))
        }
    }
}
