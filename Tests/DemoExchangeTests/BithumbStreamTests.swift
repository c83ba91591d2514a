import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketWire
import NIOWebSocket
import TestFixtures
import Testing

/// Bithumb API 2.0 WebSocket: binary frames, snapshots then live updates, `PING` → `UP`,
/// a new request replacing the subscription, the exact error frames, and the idle cut.
@Suite("Demo exchange: Bithumb 2.0 WebSocket")
struct BithumbStreamTests {
    static let fullRequest =
        #"[{"ticket":"t1"},{"type":"ticker","codes":["KRW-BTC"]},{"type":"orderbook","codes":["KRW-BTC"]},{"type":"trade","codes":["KRW-BTC"]},{"format":"DEFAULT"}]"#

    @Test("snapshots first, then live ticker, trade and book frames in the real shapes, all binary")
    func streams() async throws {
        try await withDemoExchange { _, port in
            // Tickers and trades stream only when KRW-BTC trades, so read until one of each is
            // live (within the session's 10 s), not just a count of frames.
            let transcript = try await socketSession(port, "/websocket/v1", send: [Self.fullRequest]) { frames in
                frames.count >= 60
                    && ["ticker", "orderbook", "trade"].allSatisfy { type in
                        frames.contains { $0.text.hasPrefix(#"{"type":"\#(type)""#) && $0.text.contains("REALTIME") }
                    }
            }
            let frames = transcript.frames
            #expect(frames.count >= 60)
            #expect(frames.allSatisfy { $0.opcode == .binary })
            #expect(frames.prefix(2).allSatisfy { $0.text.contains(#""stream_type":"SNAPSHOT""#) })
            var codec = UpbitFamilyCodec(profile: .bithumb)
            #expect(frames.allSatisfy { codec.decode(frame: $0.bytes).errors.isEmpty })
            let shapes = [
                ("ticker", "bithumb-v2-ws-ticker-ccxt-1.json"), ("orderbook", "bithumb-v2-ws-orderbook-snapshot-1.json"),
                ("trade", "bithumb-v2-ws-trade-ccxt-1.json"),
            ]
            for (type, fixture) in shapes {
                let frame = try #require(
                    frames.last { $0.text.hasPrefix(#"{"type":"\#(type)""#) && $0.text.contains("REALTIME") },
                    "no live \(type) frame")
                #expect(try JSONShape(frame.bytes).paths == JSONShape(Fixture.json(fixture)).paths, "\(type)")
            }
        }
    }

    @Test("PING is answered with {\"status\":\"UP\"}; SIMPLE format uses the short keys; depth follows .N")
    func pingAndFormats() async throws {
        try await withDemoExchange { _, port in
            let ping = try await socketSession(port, "/websocket/v1", send: ["PING"]) { !$0.isEmpty }
            #expect(ping.frames.map(\.bytes) == [try Fixture.bytes("bithumb-v2-ws-status-up-1.json").trimmed])
            #expect(ping.frames.first?.opcode == .binary)

            let simple = #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC.5"]},{"format":"SIMPLE"}]"#
            let transcript = try await socketSession(port, "/websocket/v1", send: [simple]) { $0.count >= 3 }
            let first = try #require(transcript.frames.first)
            // The captured SIMPLE frame is an excerpt: every key it has is there, under the same short name.
            #expect(try JSONShape(Fixture.json("bithumb-v2-ws-orderbook-simple-1.json")).paths.isSubset(of: JSONShape(first.bytes).paths))
            var codec = UpbitFamilyCodec(profile: .bithumb)
            guard case .orderBook(let book)? = codec.decode(frame: first.bytes).events.first else {
                Issue.record("no book")
                return
            }
            #expect(book.bids.count == 5 && book.asks.count == 5)
        }
    }

    @Test("a new request replaces the subscription; unknown and lower-case codes are ignored")
    func replacement() async throws {
        try await withDemoExchange { _, port in
            let tickers = #"[{"ticket":"a"},{"type":"ticker","codes":["KRW-BTC","krw-eth","KRW-NOPE"]}]"#
            let books = #"[{"ticket":"b"},{"type":"orderbook","codes":["KRW-ETH"]}]"#
            let transcript = try await socketSession(port, "/websocket/v1", send: [tickers], then: [books], pause: .seconds(1)) {
                $0.filter { $0.text.contains(#""code":"KRW-ETH""#) }.count >= 20
            }
            let frames = transcript.frames.map(\.text)
            let switchAt = try #require(frames.firstIndex { $0.hasPrefix(#"{"type":"orderbook""#) })
            #expect(frames[..<switchAt].allSatisfy { $0.hasPrefix(#"{"type":"ticker","code":"KRW-BTC""#) })
            #expect(switchAt > 0)
            #expect(frames[switchAt...].allSatisfy { $0.hasPrefix(#"{"type":"orderbook","code":"KRW-ETH""#) })
        }
    }

    @Test(
        "malformed requests get the exchange's error frame, then a close with code 1000",
        arguments: [
            (#"{"ticket":"x","type":"ticker","codes":["KRW-BTC"]}"#, #"{"error":{"name":"WRONG_FORMAT","message":"Format 이 맞지 않습니다."}}"#),
            ("not json", #"{"error":{"name":"WRONG_FORMAT","message":"Format 이 맞지 않습니다."}}"#),
            (#"[{"type":"ticker","codes":["KRW-BTC"]}]"#, #"{"error":{"name":"NO_TICKET","message":"티켓이 존재하지 않거나, 유효하지 않습니다."}}"#),
            (#"[{"ticket":"x"},{"type":"nope","codes":["KRW-BTC"]}]"#, #"{"error":{"name":"INVALID_PARAM","message":"nope 은 지원하지 않는 타입입니다."}}"#),
            (#"[{"ticket":"x"},{"type":"ticker"}]"#, #"{"error":{"name":"NO_CODES","message":"codes 필드가 존재하지 않습니다."}}"#),
            (#"[{"ticket":"x"},{"type":"ticker","codes":[]}]"#, #"{"error":{"name":"INVALID_PARAM","message":"codes 필드가 비어 있습니다."}}"#),
            (#"[{"ticket":"x"},{"codes":["KRW-BTC"]}]"#, #"{"error":{"name":"WRONG_FORMAT","message":"Format 이 맞지 않습니다."}}"#),
        ])
    func rejections(request: String, answer: String) async throws {
        try await withDemoExchange { _, port in
            let transcript = try await socketSession(port, "/websocket/v1", send: [request], duration: .seconds(60))
            #expect(transcript.frames.map(\.text) == [answer])
            #expect(transcript.closeCode == .normalClosure)
        }
        #expect(
            try Fixture.bytes("bithumb-v2-ws-error-wrong-format-1.json").trimmed
                == Array(
                    #"{"error":{"name":"WRONG_FORMAT","message":"Format 이 맞지 않습니다."}}"#.utf8))
    }

    @Test("a client that stops reading is cut off; the server's queue for it stays bounded")
    func slowClient() async throws {
        try await withDemoExchange(rate: 3000, outboxLimit: 64) { exchange, port in
            let codes = (try await get(port, "/v1/market/all")).body
            var codec = UpbitFamilyCodec(profile: .bithumb)
            guard case .markets(let markets)? = codec.decode(response: codes, for: .markets).events.first else {
                Issue.record("no markets")
                return
            }
            let request = #"[{"ticket":"slow"},{"type":"orderbook","codes":["# + markets.map { "\"\($0.code.code)\"" }.joined(separator: ",") + "]}]"
            // A client that subscribes and never reads, with a small receive buffer: once the
            // kernel's buffers are full, the exchange's writes wait and its queue fills.
            let stalled = try RawConnection(port: port, receiveBuffer: 4096)
            defer { stalled.close() }
            let answer = try stalled.openWebSocket("/websocket/v1", port: port, sending: request)
            #expect(answer.hasPrefix("HTTP/1.1 101"), "\(answer)")
            var dropped = 0
            for _ in 0..<300 where dropped == 0 {
                try await Task.sleep(for: .milliseconds(200))
                dropped = await exchange.statistics().slowClientsDropped
            }
            let statistics = await exchange.statistics()
            #expect(dropped == 1, "\(statistics)")
            #expect(statistics.clients == 0, "the client is forgotten")
        }
    }
}
