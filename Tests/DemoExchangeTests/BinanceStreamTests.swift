import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketWire
import NIOWebSocket
import RuntimeTestSupport
import TestFixtures
import Testing

/// Binance's market streams over the demo's world: text frames in the captured shapes, requests
/// answered as Binance answers them, and book updates whose ids follow on from the REST book's.
@Suite("Demo exchange: Binance WebSocket")
struct BinanceStreamTests {
    let usdtBTC = MarketCode(code: "USDT-BTC")!

    @Test("the combined endpoint: streams from the URL and from SUBSCRIBE, wrapped with their names, decoded by the client's codec")
    func combined() async throws {
        try await withDemoExchange { _, port in
            let transcript = try await socketSession(
                port, "/binance/stream?streams=btcusdt@miniTicker/btcusdt@trade",
                send: [
                    #"{"method":"SUBSCRIBE","params":["ethusdt@ticker","btcusdt@depth20@100ms"],"id":7}"#,
                    #"{"method":"LIST_SUBSCRIPTIONS","id":"a"}"#,
                ]
            ) { frames in
                // Both answers too: the list's may come after the first frames of the streams it names.
                ["btcusdt@miniTicker", "btcusdt@trade", "ethusdt@ticker", "btcusdt@depth20@100ms"].allSatisfy { name in
                    frames.contains { $0.text.hasPrefix(#"{"stream":"\#(name)""#) }
                } && frames.contains { $0.text.hasSuffix(#""id":7}"#) } && frames.contains { $0.text.hasSuffix(#""id":"a"}"#) }
            }
            let frames = transcript.frames
            #expect(frames.allSatisfy { $0.opcode == .text })
            #expect(frames.contains { $0.text == #"{"result":null,"id":7}"# })
            #expect(
                frames.contains {
                    $0.text == #"{"result":["btcusdt@depth20@100ms","btcusdt@miniTicker","btcusdt@trade","ethusdt@ticker"],"id":"a"}"#
                })
            var codec = BinanceCodec()
            for frame in frames where frame.text.hasPrefix(#"{"stream""#) && !frame.text.contains("depth20") {
                #expect(codec.decode(frame: frame.bytes).errors.isEmpty, "\(frame.text)")
            }
            let ticker = try #require(frames.last { $0.text.hasPrefix(#"{"stream":"ethusdt@ticker""#) })
            #expect(try JSONShape(ticker.bytes) == JSONShape(Fixture.json("binance-ws-ticker-combined-1.json")))
            let trade = try #require(frames.last { $0.text.hasPrefix(#"{"stream":"btcusdt@trade""#) })
            let captured = try JSONShape(Fixture.json("binance-ws-trade-combined-1.json")).paths.subtracting(["data.a", "data.b"])
            #expect(try JSONShape(trade.bytes).paths == captured, "the capture less b and a, which Binance dropped in 2024")
            let depth = try #require(frames.last { $0.text.hasPrefix(#"{"stream":"btcusdt@depth20@100ms""#) })
            #expect(try JSONShape(depth.bytes) == JSONShape(Fixture.json("binance-ws-depth20-combined-1.json")))
        }
    }

    @Test("book updates on /ws/N follow on from the REST book's lastUpdateId, one id after another, and rebuild the book")
    func depthUpdatesFollowTheRESTBook() async throws {
        try await withDemoExchange { _, port in
            let transcript = try await socketSession(
                port, "/binance/ws/0", send: [#"{"method":"SUBSCRIBE","params":["btcusdt@depth@100ms"],"id":1}"#]
            ) { frames in
                let updates = frames.filter { $0.text.hasPrefix(#"{"e":"depthUpdate""#) }
                return updates.count >= 5 && updates.contains(where: Self.changesBothSides)
            }
            let updates = transcript.frames.filter { $0.text.hasPrefix(#"{"e":"depthUpdate""#) }
            #expect(transcript.frames.first?.text == #"{"result":null,"id":1}"#)
            let ids = updates.compactMap { frame -> (Int, Int)? in
                guard let first = frame.text.firstMatch(of: /"U":(\d+),"u":(\d+)/) else { return nil }
                return (Int(first.1) ?? 0, Int(first.2) ?? 0)
            }
            #expect(ids.count == updates.count)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $1.0 == $0.1 + 1 }, "each update follows on from the last: \(ids)")
            let book = try await get(port, "/binance/api/v3/depth?symbol=BTCUSDT&limit=1000")
            let lastUpdateID = try #require(String(decoding: book.body, as: UTF8.self).firstMatch(of: /"lastUpdateId":(\d+)/).flatMap { Int($0.1) })
            #expect(lastUpdateID >= (ids.last?.1 ?? 0), "the REST book is the one the stream published last")
            // An update that changed only one side has an empty list for the other: its shape is
            // compared where both sides changed, as in the documented example.
            let shape = try JSONShape(try #require(updates.last(where: Self.changesBothSides)).bytes).paths
            #expect(try shape == JSONShape(Fixture.json("binance-ws-depthupdate-docexample.jsonc")).paths)
        }
    }

    /// Whether a depth update lists changed levels on both sides.
    static func changesBothSides(_ frame: ReceivedFrame) -> Bool {
        frame.text.contains(#""b":[["#) && frame.text.contains(#""a":[["#)
    }

    @Test("refusals: invalid JSON is code 3, an unknown method or stream code 2 with the request's id")
    func refusals() async throws {
        try await withDemoExchange { _, port in
            let transcript = try await socketSession(
                port, "/binance/ws/0",
                send: [
                    "not json", #"{"method":"NOPE","id":1}"#, #"{"method":"SUBSCRIBE","params":["btcusdt@nope"],"id":2}"#,
                    #"{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":3}"#,
                ]
            ) { frames in
                frames.contains { $0.text == #"{"result":null,"id":3}"# }
            }
            let texts = transcript.frames.map(\.text)
            #expect(texts.first?.hasPrefix(#"{"code":3,"msg":"Invalid JSON"#) == true, "\(texts)")
            #expect(texts.dropFirst().first?.hasPrefix(#"{"code":2,"msg":"Invalid request: unknown method"#) == true, "\(texts)")
            #expect(texts.contains { $0.hasPrefix(#"{"code":2,"msg":"Invalid request: invalid stream btcusdt@nope","id":2}"#) })
        }
    }

    /// Binance pings every interval and keeps a client that answers with pongs, however quiet
    /// it is otherwise. The interval is an hour of the exchange's monotonic clock, which the
    /// test moves on an interval at a time, waiting for each pong: no real time decides it.
    @Test("pings every interval; a client that answers is kept past the idle timeout")
    func pingsKeepAnAnsweringClient() async throws {
        let clock = DemoExchangeClock()
        try await withDemoExchange(clock: clock, referencePingInterval: .seconds(3600)) { exchange, port in
            let session = Task {
                try await socketSession(port, "/binance/ws/btcusdt@trade") { _ in await exchange.statistics().referencePongsHeard >= 5 }
            }
            defer { session.cancel() }
            let connected = try await eventually { await exchange.statistics().clients == 1 }
            #expect(connected)
            for round in 1...5 {
                clock.skip(.seconds(3600))
                let answered = try await eventually { await exchange.statistics().referencePongsHeard >= round }
                let statistics = await exchange.statistics()
                #expect(answered, "round \(round): \(statistics)")
            }
            let transcript = try await session.value
            let statistics = await exchange.statistics()
            #expect(statistics.referencePingsSent >= 5 && statistics.referencePongsHeard >= 5, "\(statistics)")
            #expect(statistics.idleClientsCut == 0 && statistics.referenceClientsUnanswering == 0, "kept past an hour of silence, five times")
            #expect(transcript.frames.contains { $0.text.hasPrefix(#"{"e":"trade""#) }, "the stream named in the path, bare")
        }
    }
}
