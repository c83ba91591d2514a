import FeedRecording
import Foundation
import MarketCore
import MarketRuntime
import MarketWire
import Synchronization
import TestFixtures
import Testing

/// A recording played back as a feed: its frames decoded with the recorded dialect, once, and
/// its REST answers from the recorded responses.
@Suite("Recording: replay")
struct ReplayTests {
    static func source(speed: Double = 0) throws -> ReplaySource {
        let frames = try Fixture.lines("upbit-ws-ticker-1.jsonl") + [Array("not json".utf8)]
        var text = #"{"coinboard":"recording","feeds":{"upbit":"upbit"},"version":2}"# + "\n"
        let listing = try Fixture.json("bithumb-v2-rest-market-all-ccxt-1.jsonc")
        text += try line(#""request":"/v1/market/all?is_details=true","body":"#, listing)
        for (index, frame) in frames.enumerated() { text += try line(#""at":\#(index),"frame":"#, frame) }
        let recording = try FrameRecording(Data(text.utf8), path: "replay.jsonl")
        return ReplaySource(recording, exchange: .upbit, dialect: .upbit, path: "replay.jsonl", speed: speed)
    }

    static func line(_ prefix: String, _ bytes: [UInt8]) throws -> String {
        let body = String(decoding: try JSONEncoder().encode(String(decoding: bytes, as: UTF8.self)), as: UTF8.self)
        return #"{"exchange":"upbit",\#(prefix.hasPrefix(#""at""#) ? "" : #""at":0,"#)\#(prefix)\#(body)}"# + "\n"
    }

    @Test("the frames are decoded in order with the recorded dialect, played once, then the transport says the recording ended")
    func playsOnce() async throws {
        let source = try Self.source()
        let playedCount = Mutex(0)
        let transport = ReplayTransport(source) { playedCount.withLock { $0 += 1 } }
        #expect(transport.bookUpdates == Dialect.upbit.bookUpdates)
        #expect(transport.endpointDescription == "replay.jsonl")
        let received = Mutex<[FeedMessage]>([])
        try await transport.connect { messages, _ in
            for try await message in messages { received.withLock { $0.append(message) } }
        }
        let messages = received.withLock { $0 }
        let tickers = messages.flatMap(\.events).compactMap { if case .ticker(let ticker) = $0 { ticker } else { nil } }
        #expect(messages.count == source.frames.count)
        #expect(tickers.count == source.frames.count - 1)
        #expect(tickers.allSatisfy { $0.market == MarketCode(code: "KRW-BTC") })
        #expect(messages.last?.events.isEmpty == true && messages.last?.decodeErrors.count == 1)
        #expect(playedCount.withLock { $0 } == 1)
        await #expect(throws: RecordingError.ended(path: "replay.jsonl", frames: source.frames.count)) {
            try await transport.connect { _, _ in }
        }
    }

    @Test("the fetcher answers the listing from the recording and a resource never fetched with nothing")
    func fetcherAnswersFromTheRecording() async throws {
        let fetcher = ReplayFetcher(try Self.source())
        let listing = try await fetcher.fetch(.markets)
        var markets: [Market] = []
        for case .markets(let listed) in listing.events { markets = listed }
        #expect(markets.contains { $0.code == MarketCode(code: "KRW-BTC") })
        let book = try await fetcher.fetch(.orderBook(MarketCode(code: "KRW-BTC")!))
        #expect(book.events.isEmpty && book.decodeErrors.isEmpty)
    }

    @Test("a recording without a listing is refused when the feed asks for one")
    func noListing() async throws {
        let recording = try FrameRecording(
            Data(#"{"coinboard":"recording","feeds":{"upbit":"upbit"},"version":2}"#.utf8), path: "empty.jsonl")
        let fetcher = ReplayFetcher(ReplaySource(recording, exchange: .upbit, dialect: .upbit, path: "empty.jsonl", speed: 1))
        await #expect(throws: RecordingError.withoutListing(path: "empty.jsonl")) { try await fetcher.fetch(.markets) }
    }
}
