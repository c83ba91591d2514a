import DemoExchange
import ExchangeTestSupport
import Glibc
import NIOCore
import NIOWebSocket
import RuntimeTestSupport
import Testing
import WSClient

/// The demo exchange as a service that hostile or careless clients cannot wear down: a cap on
/// connections, on request size, repeated codes refused, and the idle cut counting only what
/// the client says.
@Suite("Demo exchange: service limits")
struct ServiceLimitTests {
    static let bookRequest = #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"]}]"#

    @Test("past the connection cap the upgrade is refused with 429, and counted")
    func connectionCap() async throws {
        try await withDemoExchange(maxClients: 2) { exchange, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask { _ = try await socketSession(port, "/websocket/v1", send: [Self.bookRequest], duration: .seconds(60)) }
                }
                var connected = 0
                for _ in 0..<600 where connected < 2 {
                    try await Task.sleep(for: .milliseconds(100))
                    connected = await exchange.statistics().clients
                }
                #expect(connected == 2)
                await #expect(throws: (any Error).self) {
                    try await socketSession(port, "/websocket/v1", send: [Self.bookRequest], duration: .seconds(60))
                }
                #expect(await exchange.statistics().connectionsRefused == 1)
                let upgrade = try await get(port, "/websocket/v1")
                #expect(upgrade.status == 429, "a plain GET of the socket's path is refused the same way")
                group.cancelAll()
            }
        }
    }

    @Test("a WebSocket message over the size cap closes the connection; an HTTP target over it gets 414")
    func requestSizeCap() async throws {
        try await withDemoExchange(requestSizeLimit: 4096) { _, port in
            let codes = (0..<1000).map { #""KRW-C\#($0)""# }.joined(separator: ",")
            let large = #"[{"ticket":"t"},{"type":"ticker","codes":["# + codes + "]}]"
            let transcript = try await socketSession(port, "/websocket/v1", send: [large], duration: .seconds(60))
            #expect(transcript.closeCode == .messageTooLarge)
            #expect(transcript.frames.isEmpty)
            let markets = (0..<1000).map { "KRW-C\($0)" }.joined(separator: ",")
            #expect(try await get(port, "/v1/ticker?markets=\(markets)").status == 414)
            #expect(try await get(port, "/v1/ticker?markets=KRW-BTC").status == 200)
        }
    }

    @Test("a request at the size cap with thousands of distinct codes is read (unknown codes left out)")
    func manyDistinctCodes() async throws {
        try await withDemoExchange { _, port in
            let codes = (0..<4000).map { #""KRW-Q\#($0)""# }.joined(separator: ",")
            let request = #"[{"ticket":"t"},{"type":"ticker","codes":[\#(codes),"KRW-BTC"]}]"#
            #expect(request.utf8.count < 1 << 16)
            let transcript = try await socketSession(port, "/websocket/v1", send: [request], duration: .seconds(60)) { frames in
                !frames.isEmpty
            }
            #expect(transcript.frames.first?.text.contains(#""code":"KRW-BTC""#) == true)
        }
    }

    @Test("a code repeated in one request is refused, over WebSocket and REST")
    func repeatedCodes() async throws {
        try await withDemoExchange { _, port in
            let request = #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC","KRW-ETH","KRW-BTC.5"]}]"#
            let transcript = try await socketSession(port, "/websocket/v1", send: [request], duration: .seconds(60))
            #expect(transcript.frames.map(\.text) == [#"{"error":{"name":"INVALID_PARAM","message":"codes 필드에 KRW-BTC 이 중복되었습니다."}}"#])
            #expect(transcript.closeCode == .normalClosure)
            let answer = try await get(port, "/v1/ticker?markets=KRW-BTC,krw-btc")
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"error":{"name":400,"message":"Duplicate code: KRW-BTC"}}"#)
        }
    }

    @Test("a client that says nothing is cut though the server streams to it, and counted")
    func silentClientIsCut() async throws {
        let clock = DemoExchangeClock()
        // The outbox holds the whole minute the skip streams at once, so the client is cut for
        // its silence, never dropped as slow first.
        try await withDemoExchange(rate: 2000, idleTimeout: .seconds(60), outboxLimit: 1 << 20, clock: clock) { exchange, port in
            // Once the first frame is in, the exchange's clock moves past the idle window: only
            // what the client says counts as hearing from it, so the stream it gets does not save it.
            let transcript = try await socketSession(port, "/websocket/v1", send: [Self.bookRequest], duration: .seconds(120)) {
                frames in
                if frames.count == 1 { clock.skip(.seconds(60)) }
                return false
            }
            #expect(transcript.closeCode == .normalClosure)
            #expect(!transcript.frames.isEmpty, "it was streamed to until the cut")
            #expect(await exchange.statistics().idleClientsCut == 1)
        }
    }

    @Test("a client that only sends protocol pings is not cut though nothing is streamed to it")
    func pingsKeepAClient() async throws {
        let clock = DemoExchangeClock()
        try await withDemoExchange(idleTimeout: .seconds(60), clock: clock) { exchange, port in
            let close = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/websocket/v1", logger: quietLogger) {
                _, outbound, _ in
                let ping = WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())
                // The exchange watches for pings once it has taken the connection in: ping until one is heard.
                var heard = 0
                for _ in 0..<100 where heard == 0 {
                    try await outbound.write(.custom(ping))
                    _ = try await eventually(looks: 100) { await exchange.statistics().pingsHeard > 0 }
                    heard = await exchange.statistics().pingsHeard
                }
                #expect(heard > 0)
                // Then the clock moves on 40 s after each ping is heard: 160 s in all, never 60 without a word.
                for _ in 1...4 {
                    clock.skip(.seconds(40))
                    try await outbound.write(.custom(ping))
                    let expected = heard + 1
                    #expect(try await eventually { await exchange.statistics().pingsHeard == expected })
                    heard = expected
                }
                #expect(await exchange.statistics().idleClientsCut == 0, "160 s of pings, each well inside the 60 s window")
                try await outbound.close(.normalClosure, reason: nil)
            }
            #expect(close?.closeCode == .normalClosure)
            #expect(await exchange.statistics().idleClientsCut == 0)
        }
    }

    @Test("a connection with no message either way is cut once the idle timeout has passed on the exchange's clock")
    func idleCut() async throws {
        let clock = DemoExchangeClock()
        try await withDemoExchange(idleTimeout: .seconds(60), clock: clock) { exchange, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let transcript = try await socketSession(port, "/websocket/v1", duration: .seconds(120))
                    #expect(transcript.closeCode == .normalClosure, "closed by the server, well before the session's deadline")
                }
                #expect(try await eventually { await exchange.statistics().clients == 1 })
                clock.skip(.seconds(60))
                try await group.waitForAll()
            }
            #expect(await exchange.statistics().idleClientsCut == 1)
        }
    }

    @Test("a connection that never sends a request does not hold the exchange when it stops, and is closed")
    func silentConnectionDoesNotHoldTheStop() async throws {
        let exchange = try makeDemoExchange(markets: 5)
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let running = Task { try await exchange.run { announce.yield($0) } }
        var listening = ports.makeAsyncIterator()
        let port = try #require(await listening.next())
        let silent = try RawConnection(port: port)
        defer { silent.close() }
        #expect(try await get(port, "/v1/market/all").status == 200, "answered after the silent connection was accepted")
        let (ended, end) = AsyncStream.makeStream(of: Never.self)
        Task {
            _ = await running.result
            end.finish()
        }
        running.cancel()
        let stopped = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in ended {}
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        // Without the bound the exchange would wait for the connection forever (a half-closed
        // one included), so a failure leaves it behind rather than hang the suite.
        #expect(stopped, "the exchange stops while the silent connection is still open (it never closes it itself)")
        #expect(stopped && silent.readsEndOfStream(), "the exchange closed the silent connection")
    }
}
