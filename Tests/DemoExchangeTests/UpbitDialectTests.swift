import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketSim
import MarketWire
import NIOHTTP1
import NIOWebSocket
import TestFixtures
import Testing

/// Upbit at the demo's `/upbit` prefix: its REST answers decode with the Upbit codec to the
/// exchange's own state on Upbit's day (00:00 UTC), errors carry their HTTP status, every answer
/// has the `Remaining-Req` header clients read, and the WebSocket streams binary frames in the
/// captured Upbit shapes.
@Suite("Demo exchange: Upbit")
struct UpbitDialectTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!

    @Test("markets, tickers, book, trades and candles on Upbit's day, with Remaining-Req")
    func rest() async throws {
        try await withDemoExchange(frozen: true, exchanges: [.upbit]) { exchange, port in
            let state = try #require(await exchange.state(of: .upbit))
            var codec = UpbitFamilyCodec(profile: .upbit)

            let markets = try await get(port, "/upbit/v1/market/all?is_details=true")
            #expect(markets.headers.first(name: "Remaining-Req") == "group=market; min=600; sec=9")
            #expect(codec.decode(response: markets.body, for: .markets).events == [.markets(state.markets)])
            #expect(String(decoding: markets.body, as: UTF8.self).contains(#""market_event":{"warning":"#))

            let tickers = try await get(port, "/upbit/v1/ticker?markets=KRW-BTC,krw-eth")
            #expect(tickers.headers.first(name: "Remaining-Req") == "group=ticker; min=600; sec=9")
            let decoded = codec.decode(response: tickers.body, for: .tickers([btc, eth]))
            #expect(decoded.errors.isEmpty)
            let own = [btc, eth].compactMap { state.ticker(for: $0, change: .sinceMidnightUTC, session: .sinceMidnightUTC) }
            let served = decoded.events.compactMap { event -> Ticker? in if case .ticker(let ticker) = event { ticker } else { nil } }
            #expect(served.map(\.price) == own.map(\.price))
            #expect(served.map(\.change.basis) == [.sinceMidnightUTC, .sinceMidnightUTC])
            #expect(served.map(\.session?.open) == own.map(\.session?.open))

            // Python's requests sends a list as the parameter repeated.
            let repeated = try await get(port, "/upbit/v1/ticker?markets=KRW-BTC&markets=KRW-ETH")
            #expect(codec.decode(response: repeated.body, for: .tickers([btc, eth])).events.count == 2)

            let all = try await get(port, "/upbit/v1/ticker/all?quote_currencies=KRW")
            #expect(codec.decode(response: all.body, for: .tickers(state.markets.map(\.code))).events.count == state.markets.count)

            let book = try await get(port, "/upbit/v1/orderbook?markets=KRW-BTC")
            #expect(book.headers.first(name: "Remaining-Req") == "group=orderbook; min=600; sec=9")
            guard case .orderBook(let servedBook)? = codec.decode(response: book.body, for: .orderBook(btc)).events.first else {
                Issue.record("no order book")
                return
            }
            #expect(servedBook.bids == Array(state.orderBook(for: btc)?.bids.prefix(30) ?? []))

            let trades = try await get(port, "/upbit/v1/trades/ticks?market=KRW-BTC&count=5")
            guard case .trades(let servedTrades)? = codec.decode(response: trades.body, for: .trades(btc, count: 5)).events.first else {
                Issue.record("no trades")
                return
            }
            #expect(servedTrades.count == 5)

            // pyupbit sends `to` form-encoded, its space as `+`; without an offset Upbit reads UTC.
            let candles = try await get(port, "/upbit/v1/candles/minutes/1?market=KRW-BTC&count=3&to=2100-01-01+00:00:00")
            #expect(candles.status == 200)
            #expect(candles.headers.first(name: "Remaining-Req") == "group=candles; min=600; sec=9")
            guard case .candles(let history)? = codec.decode(response: candles.body, for: .candles(btc, .oneMinute, count: 3)).events.first
            else {
                Issue.record("no candles")
                return
            }
            #expect(history.candles.sorted { $0.start < $1.start } == state.candles(for: btc, interval: .oneMinute, count: 3))
            let latest = try #require(history.candles.map(\.start).max())
            let to = latest.civilTime(in: .utc)
            let before = try await get(
                port, "/upbit/v1/candles/minutes/1?market=KRW-BTC&count=1&to=\(to.dateText())+\(to.timeText())")
            guard case .candles(let earlier)? = codec.decode(response: before.body, for: .candles(btc, .oneMinute, count: 1)).events.first
            else {
                Issue.record("no candles")
                return
            }
            #expect(earlier.candles.count == 1 && earlier.candles.allSatisfy { $0.start < latest }, "`to` is exclusive and read as UTC")
        }
    }

    @Test("errors carry their HTTP status on Upbit, HTTP 200 on Bithumb; an exchange not served answers 404")
    func errors() async throws {
        try await withDemoExchange(frozen: true, exchanges: [.bithumb]) { _, port in
            let upbit = try await get(port, "/upbit/v1/market/all")
            #expect(upbit.status == 404)
            let bithumb = try await get(port, "/v1/market/all")
            #expect(bithumb.status == 200)
        }
        try await withDemoExchange(frozen: true, exchanges: [.upbit]) { _, port in
            let bithumb = try await get(port, "/v1/market/all")
            #expect(bithumb.status == 404)
            let legacy = try await get(port, "/public/ticker/ALL_KRW")
            #expect(legacy.status == 404)
        }
        try await withDemoExchange(frozen: true, exchanges: [.bithumb, .upbit]) { _, port in
            let unknown = try await get(port, "/upbit/v1/ticker?markets=KRW-NOPE")
            #expect(unknown.status == 404)
            #expect(String(decoding: unknown.body, as: UTF8.self) == #"{"error":{"name":404,"message":"Code not found"}}"#)
            let missing = try await get(port, "/upbit/v1/orderbook")
            #expect(missing.status == 400)
            let bithumb = try await get(port, "/v1/ticker?markets=KRW-NOPE")
            #expect(bithumb.status == 200)
            #expect(try await get(port, "/upbit/v1/market/virtual_asset_warning").status == 404, "Bithumb's alert list only")
        }
    }

    @Test("the WebSocket streams binary frames in Upbit's shapes, on Upbit's day")
    func stream() async throws {
        try await withDemoExchange(exchanges: [.upbit]) { _, port in
            let transcript = try await socketSession(port, "/upbit/websocket/v1", send: [BithumbStreamTests.fullRequest]) { frames in
                ["ticker", "orderbook", "trade"].allSatisfy { type in
                    frames.contains { $0.text.hasPrefix(#"{"type":"\#(type)""#) && $0.text.contains("REALTIME") }
                }
            }
            let frames = transcript.frames
            #expect(frames.allSatisfy { $0.opcode == .binary })
            var codec = UpbitFamilyCodec(profile: .upbit)
            #expect(frames.allSatisfy { codec.decode(frame: $0.bytes).errors.isEmpty })
            let book = try #require(frames.first { $0.text.hasPrefix(#"{"type":"orderbook""#) })
            #expect(try JSONShape(Fixture.json("upbit-ws-orderbook-snapshot-1.json")).paths.isSubset(of: JSONShape(book.bytes).paths))
            guard case .orderBook(let decoded)? = codec.decode(frame: book.bytes).events.first else {
                Issue.record("no book")
                return
            }
            #expect(decoded.asks.count == 30, "Upbit streams 30 levels a side")
            let ticker = try #require(frames.first { $0.text.hasPrefix(#"{"type":"ticker""#) })
            #expect(ticker.text.contains(#""delisting_date":null"#))
            guard case .ticker(let decodedTicker)? = codec.decode(frame: ticker.bytes).events.first else {
                Issue.record("no ticker")
                return
            }
            #expect(decodedTicker.change.basis == .sinceMidnightUTC)
            let ping = try await socketSession(port, "/upbit/websocket/v1", send: ["PING"]) { !$0.isEmpty }
            #expect(ping.frames.map(\.text) == [#"{"status":"UP"}"#])
        }
    }
}
