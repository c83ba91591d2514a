import DemoExchange
import ExchangeTestSupport
import MarketCore
import MarketWire
import NIOWebSocket
import TestFixtures
import Testing

/// Bithumb legacy WebSocket: the greeting, one acknowledged filter per stream type, text
/// frames in the captured shapes, and `5100` for a malformed filter.
@Suite("Demo exchange: Bithumb legacy WebSocket")
struct LegacyStreamTests {
    @Test("greeting, acknowledgements, then ticker, transaction, depth and snapshot frames in the real shapes")
    func streams() async throws {
        try await withDemoExchange { _, port in
            let filters = [
                #"{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["24H","MID"]}"#,
                #"{"type":"transaction","symbols":["BTC_KRW"]}"#,
                #"{"type":"orderbookdepth","symbols":["BTC_KRW"]}"#,
                #"{"type":"orderbooksnapshot","symbols":["BTC_KRW"]}"#,
            ]
            let kinds = ["ticker", "transaction", "orderbookdepth", "orderbooksnapshot"]
            let transcript = try await socketSession(port, "/pub/ws", send: filters) { frames in
                kinds.allSatisfy { kind in frames.contains { $0.text.hasPrefix(#"{"type":"\#(kind)""#) } }
                    && frames.contains { $0.text.contains(#""tickType":"MID""#) }
            }
            let frames = transcript.frames
            #expect(frames.allSatisfy { $0.opcode == .text })
            #expect(frames.first?.bytes == (try Fixture.bytes("bithumb-legacy-ws-connected-1.json")).trimmed)
            let acknowledgement = (try Fixture.bytes("bithumb-legacy-ws-filter-registered-1.json")).trimmed
            // Each filter is acknowledged; a tick may stream the first filters' data before the
            // last acknowledgement.
            #expect(frames.dropFirst().first?.bytes == acknowledgement)
            #expect(frames.filter { $0.bytes == acknowledgement }.count == filters.count)
            var codec = BithumbLegacyCodec()
            #expect(frames.allSatisfy { codec.decode(frame: $0.bytes).errors.isEmpty })
            let shapes = [
                ("ticker", "bithumb-legacy-ws-ticker-1.json"), ("transaction", "bithumb-legacy-ws-transaction-1.json"),
                ("orderbookdepth", "bithumb-legacy-ws-orderbookdepth-1.json"),
                ("orderbooksnapshot", "bithumb-legacy-ws-orderbooksnapshot-1.json"),
            ]
            for (kind, fixture) in shapes {
                let frame = try #require(frames.last { $0.text.hasPrefix(#"{"type":"\#(kind)""#) })
                #expect(try JSONShape(frame.bytes) == JSONShape(Fixture.json(fixture)), "\(kind)")
            }
        }
    }

    @Test("a malformed filter is answered with 5100 Invalid Filter Syntax and the connection stays open")
    func invalidFilter() async throws {
        try await withDemoExchange { _, port in
            let invalid = (try Fixture.bytes("bithumb-legacy-ws-error-invalid-filter-1.json")).trimmed
            let transcript = try await socketSession(
                port, "/pub/ws",
                send: [
                    #"{"type":"nope","symbols":["BTC_KRW"]}"#, "not json", #"{"type":"ticker","symbols":"BTC_KRW"}"#,
                    #"{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["2H"]}"#,
                    #"{"type":"transaction","symbols":["BTC_KRW"]}"#,
                ]
            ) { frames in
                frames.contains { $0.text.hasPrefix(#"{"type":"transaction""#) }
            }
            #expect(transcript.frames.dropFirst().prefix(4).allSatisfy { $0.bytes == invalid })
            #expect(transcript.frames.last?.text.hasPrefix(#"{"type":"transaction""#) == true)
        }
    }
}
