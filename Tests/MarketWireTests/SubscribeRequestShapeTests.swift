import Foundation
import MarketCore
import MarketWire
import TestFixtures
import Testing

/// Our subscribe request has the structure of the requests real clients sent (captured in
/// `*-ws-subscribe-request-1.json`): a ticket first, one `type`+`codes` object per stream,
/// the format last.
@Suite struct SubscribeRequestShapeTests {
    /// The member names of each element of a request array.
    static func shape(_ bytes: [UInt8]) throws -> [[String]] {
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        return elements.map { $0.keys.sorted() }
    }

    @Test(arguments: [
        (Dialect.bithumb, "bithumb-v2-ws-subscribe-request-1.json"),
        (Dialect.upbit, "upbit-ws-subscribe-request-1.json"),
    ])
    func matchesTheCapturedRequest(dialect: Dialect, fixture: String) throws {
        let captured = try Self.shape(try Fixture.bytes(fixture))
        let frames = dialect.makeCodec().subscribeFrames(for: FeedSubscription(tickers: [btc], orderBooks: [btc], trades: [btc]))
        let ours = try Self.shape(Array(try #require(frames.first).utf8))
        #expect(frames.count == 1)
        #expect(ours.first == captured.first)
        #expect(ours.last == captured.last)
        #expect(Set(ours.dropFirst().dropLast()) == Set(captured.dropFirst().dropLast()))
        #expect(ours == [["ticket"], ["codes", "type"], ["codes", "type"], ["codes", "type"], ["format"]])
    }
}
