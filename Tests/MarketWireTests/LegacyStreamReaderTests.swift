import MarketCore
import TestFixtures
import Testing

@testable import MarketWire

/// The legacy feed's one-pass reader (``LegacyStreamReader``) against the tape: it reads the
/// real tickers, transactions and book changes itself, and whatever it reads — real,
/// renumbered or mutated frames — decodes exactly as the tape decodes it, with no error. What it
/// does not read, the codec leaves to the tape (``DifferentialTests`` covers the two together).
@Suite struct LegacyStreamReaderTests {
    /// The reader's events for `frame`, or `nil` when it leaves the frame to the tape.
    static func read(_ frame: [UInt8], with reader: inout LegacyStreamReader) -> DecodedMessages? {
        var storage = DecodeStorage()
        var result = DecodedMessages()
        let read = frame.withUnsafeBytes { reader.decode($0, storage: &storage, into: &result) }
        #expect(read || result == DecodedMessages(), "a frame left to the tape leaves no events behind")
        return read ? result : nil
    }

    static func read(_ frame: [UInt8]) -> DecodedMessages? {
        var reader = LegacyStreamReader()
        return read(frame, with: &reader)
    }

    static func corpus() throws -> [[UInt8]] {
        try MutationTests.corpus(.bithumbLegacy).filter { $0.resource == nil }.map(\.bytes)
    }

    @Test func everyRealStreamMessageIsReadInOnePass() throws {
        var read = 0
        for frame in try Self.corpus() {
            let text = String(decoding: frame, as: UTF8.self)
            let reference = DifferentialTests.previousDecode(.bithumbLegacy, frame)
            guard ["\"ticker\"", "\"transaction\"", "\"orderbookdepth\""].contains(where: text.contains),
                reference.errors.isEmpty
            else { continue }
            let events = try #require(Self.read(frame), "\(text)")
            #expect(events == reference)
            read += 1
        }
        #expect(read >= 3)
    }

    /// 30,000 real frames renumbered or mutated, through one reader as a feed reads them: every
    /// one it takes decodes as the tape decodes it, with no error; it takes a good share.
    @Test func whatItReadsTheTapeReadsAlike() throws {
        let corpus = try Self.corpus()
        var random = SeededGenerator(seed: 0x1E6A)
        var reader = LegacyStreamReader()
        var outcomes = (read: 0, left: 0)
        for round in 0..<30_000 {
            let real = corpus[round % corpus.count]
            let frame =
                round % 2 == 0
                ? StreamReaderTests.plainlyRenumbered(real, inStrings: true, using: &random) : DifferentialTests.generated(from: real, using: &random)
            guard let read = Self.read(frame, with: &reader) else {
                outcomes.left += 1
                continue
            }
            outcomes.read += 1
            let reference = DifferentialTests.previousDecode(.bithumbLegacy, frame)
            #expect(read == reference, "\(String(decoding: frame, as: UTF8.self))")
            #expect(reference.errors.isEmpty)
        }
        #expect(outcomes.read > 3_000)
        #expect(outcomes.left > 10_000)
    }

    static func depth(entries: Int) -> [UInt8] {
        let entry = #"{"symbol":"BTC_KRW","orderType":"bid","price":"116000000","quantity":"0.5","total":"1"}"#
        let list = Array(repeating: entry, count: entries).joined(separator: ",")
        return Array(#"{"type":"orderbookdepth","content":{"list":[\#(list)],"datetime":"1790134742106000"}}"#.utf8)
    }

    /// A list of ``LegacyStreamReader/maxEntries`` entries is read in one pass; one more and it
    /// goes to the tape, which decodes both alike.
    @Test func listsBeyondTheEntryBoundAreLeftToTheTape() throws {
        let atBound = Self.depth(entries: LegacyStreamReader.maxEntries)
        let read = try #require(Self.read(atBound))
        #expect(read == DifferentialTests.previousDecode(.bithumbLegacy, atBound))
        let beyond = Self.depth(entries: LegacyStreamReader.maxEntries + 1)
        #expect(Self.read(beyond) == nil)
        var codec = Dialect.bithumbLegacy.makeCodec()
        #expect(codec.decode(frame: beyond) == DifferentialTests.previousDecode(.bithumbLegacy, beyond))
    }

    /// What it leaves to the tape: notices, whole books, content that is no object, a list that is
    /// no array, a member sent twice, an entry that breaks a rule, trailing text, another type.
    @Test func unusualFramesAreLeftToTheTape() {
        let change = #"{"symbol":"BTC_KRW","orderType":"bid","price":"116000000","quantity":"0.5","total":"1"}"#
        let frames = [
            #"{"status":"0000","resmsg":"Connected Successfully"}"#,
            #"{"type":"orderbooksnapshot","content":{"symbol":"BTC_KRW","datetime":"1790134742106000","asks":[["1","1"]],"bids":[]}}"#,
            #"{"type":"orderbookdepth","content":[\#(change)]}"#,
            #"{"type":"orderbookdepth","content":{"list":\#(change),"datetime":"1790134742106000"}}"#,
            #"{"type":"orderbookdepth","content":{"list":[\#(change)],"datetime":"1790134742106000","datetime":"1"}}"#,
            #"{"type":"orderbookdepth","content":{"list":[{"symbol":"BTC_KRW","orderType":"both","price":"116000000","quantity":"0.5","total":"1"}],"datetime":"1790134742106000"}}"#,
            #"{"type":"orderbookdepth","content":{"list":[\#(change)],"datetime":"1790134742106000"}} x"#,
            #"{"type":"orderbook","content":{"list":[\#(change)],"datetime":"1790134742106000"}}"#,
            #"{"type":"transaction","content":{}}"#,
        ]
        for text in frames {
            let frame = Array(text.utf8)
            #expect(Self.read(frame) == nil, "\(text)")
            var codec = Dialect.bithumbLegacy.makeCodec()
            #expect(codec.decode(frame: frame) == DifferentialTests.previousDecode(.bithumbLegacy, frame), "\(text)")
        }
    }

    /// The ticker's window and time and a change's side, read where they are written when
    /// plain, decode as the tape decodes them however they are written.
    @Test func windowsTimesAndSidesReadAlikeHoweverWritten() {
        let ticker = { (tickType: String, date: String, time: String) in
            #"{"type":"ticker","content":{"tickType":"\#(tickType)","date":"\#(date)","time":"\#(time)","openPrice":"3607","#
                + #""closePrice":"3485","lowPrice":"3359","highPrice":"3651","value":"178222991010.1001","volume":"51193571.343","#
                + #""prevClosePrice":"3608","chgRate":"-3.41","chgAmt":"-123","symbol":"XRP_KRW"}}"#
        }
        let change = { (side: String) in
            #"{"type":"orderbookdepth","content":{"list":[{"symbol":"BTC_KRW","orderType":"\#(side)","price":"1","quantity":"2"}],"#
                + #""datetime":"1790134742106000"}}"#
        }
        let frames = [
            ticker("24H", "20261130", "034635"), ticker("MID", "20261130", "034635"), ticker("30M", "20261130", "034635"),
            ticker(#"2\u00344H"#, "20261130", "034635"), ticker("24h", "20261130", "034635"),
            ticker("24H", #"2026113\u0030"#, "034635"), ticker("24H", "20261130", "0346"), ticker("24H", "2026-11-30", "034635"),
            change("bid"), change("ask"), change(#"\u0061sk"#), change("Bid"), change(""),
        ]
        for text in frames {
            let frame = Array(text.utf8)
            var codec = Dialect.bithumbLegacy.makeCodec()
            #expect(codec.decode(frame: frame) == DifferentialTests.previousDecode(.bithumbLegacy, frame), "\(text)")
        }
    }
}
