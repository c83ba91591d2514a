import MarketCore
import TestFixtures
import Testing

@testable import MarketWire

/// The one-pass reader of the stream's messages (``UpbitStreamReader``) against the tape: it
/// reads the real tickers, books and trades itself, and whatever it reads — real, renumbered,
/// mutated or reshaped frames — decodes exactly as the tape decodes it, with no error. What it
/// does not read, the codec leaves to the tape (``DifferentialTests`` covers the two together).
@Suite struct StreamReaderTests {
    static let dialects: [Dialect] = [.bithumb, .upbit]

    /// The reader's events for `frame`, or `nil` when it leaves the frame to the tape.
    static func read(_ frame: [UInt8], _ dialect: Dialect) -> DecodedMessages? {
        var reader = UpbitStreamReader()
        var storage = DecodeStorage()
        var result = DecodedMessages()
        let profile: UpbitFamilyProfile = dialect == .upbit ? .upbit : .bithumb
        let read = frame.withUnsafeBytes { reader.decode($0, profile: profile, storage: &storage, into: &result) }
        return read ? result : nil
    }

    /// A frame the tape decodes into one ticker, book or trade in the `DEFAULT` format.
    static func isStreamMessage(_ frame: [UInt8], _ dialect: Dialect) -> Bool {
        let decoded = DifferentialTests.previousDecode(dialect, frame)
        guard decoded.errors.isEmpty, decoded.events.count == 1, frame.first == UInt8(ascii: "{") else { return false }
        guard String(decoding: frame, as: UTF8.self).contains("\"type\"") else { return false }
        switch decoded.events[0] {
        case .ticker, .orderBook, .trades: return true
        default: return false
        }
    }

    @Test(arguments: dialects)
    func everyRealStreamMessageIsReadInOnePass(dialect: Dialect) throws {
        let frames = try MutationTests.corpus(dialect).filter { $0.resource == nil }.map(\.bytes)
            .filter { Self.isStreamMessage($0, dialect) }
        #expect(frames.count >= 5)
        for frame in frames {
            let read = try #require(Self.read(frame, dialect), "\(String(decoding: frame, as: UTF8.self))")
            #expect(read == DifferentialTests.previousDecode(dialect, frame))
        }
    }

    /// Real frames with their prices and sizes written anew (plain decimals of up to 12 integer
    /// and 12 fraction digits), renumbered in any shape, or mutated: the reader takes a good
    /// share of them itself, and every one it takes decodes as the tape decodes it, with no error.
    @Test(arguments: dialects)
    func whatItReadsTheTapeReadsAlike(dialect: Dialect) throws {
        let corpus = try MutationTests.corpus(dialect).filter { $0.resource == nil }.map(\.bytes)
            .filter { Self.isStreamMessage($0, dialect) }
        var random = SeededGenerator(seed: 0x0AE5 + UInt64(dialect.rawValue.utf8.count))
        var outcomes = (read: 0, left: 0)
        for round in 0..<30_000 {
            let real = corpus[round % corpus.count]
            let frame =
                round % 2 == 0
                ? Self.plainlyRenumbered(real, using: &random) : DifferentialTests.generated(from: real, using: &random)
            guard let read = Self.read(frame, dialect) else {
                outcomes.left += 1
                continue
            }
            outcomes.read += 1
            let reference = DifferentialTests.previousDecode(dialect, frame)
            #expect(read == reference, "\(String(decoding: frame, as: UTF8.self))")
            #expect(reference.errors.isEmpty)
        }
        #expect(outcomes.read > 12_000)
        #expect(outcomes.left > 6_000)
    }

    /// `frame` with each number shorter than a timestamp (its prices and sizes) replaced by a
    /// positive plain decimal; with `inStrings`, each string holding such a number instead (as
    /// the legacy feed writes its numbers).
    static func plainlyRenumbered(_ frame: [UInt8], inStrings: Bool = false, using random: inout SeededGenerator) -> [UInt8] {
        guard case .success(let tokens) = DifferentialTests.previous(frame) else { return frame }
        func isPlainNumber(_ text: ArraySlice<UInt8>) -> Bool {
            let digits = text.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            return digits > 0 && digits + (text.contains(UInt8(ascii: ".")) ? 1 : 0) == text.count
        }
        var result = frame
        for token in tokens.reversed() where token.end - token.start < 13 {
            let range = Int(token.start)..<Int(token.end)
            guard inStrings ? token.kind == .string && isPlainNumber(frame[range]) : token.kind == .number else { continue }
            var text = String(UInt64.random(in: 1...999_999_999_999, using: &random))
            let fractionDigits = Int.random(in: 0...12, using: &random)
            if fractionDigits > 0 { text += "." + DifferentialTests.digits(fractionDigits, using: &random) }
            result.replaceSubrange(range, with: Array(text.utf8))
        }
        return result
    }

    /// Shapes the exchanges may send and the demo does not: whitespace everywhere, members in
    /// another order, unknown members of every kind, escapes in strings the decoder skips.
    @Test(arguments: dialects)
    func reshapedMessagesAreReadAlike(dialect: Dialect) throws {
        let trade =
            #"{ "code" : "KRW-BTC" , "type":"trade","extra":{"nested":[1,true,null,{"a":"\u00e9\n"}]},"trade_price":95539000,"#
            + #""trade_volume":0.00022664,"ask_bid":"ASK","trade_timestamp":1790133513858,"sequential_id":17901335138580000,"#
            + #""note":"tab\tquote\"","stream_type":"REALTIME"} "#
        let book =
            #"{"timestamp":1790134742106,"orderbook_units":[{"bid_size":0.5,"ask_size":1.25,"bid_price":116000000,"ask_price":116001000},"#
            + #"{ "ask_price" : 116002000 , "bid_price" : 115999000 , "ask_size" : 2 , "bid_size" : 0.001 }],"type":"orderbook","code":"KRW-BTC"}"#
        for text in [trade, book] {
            let frame = Array(text.utf8)
            let read = try #require(Self.read(frame, dialect), "\(text)")
            #expect(read == DifferentialTests.previousDecode(dialect, frame))
        }
    }

    /// Units that leave the exchanges' layout part-way — after a member or two, at the last one,
    /// at the closing brace — are read member by member from where they start, alike.
    @Test(arguments: dialects)
    func unitsThatLeaveTheUsualLayoutPartWayAreReadAlike(dialect: Dialect) throws {
        let units = [
            #"{"ask_price":116001000,"bid_price":116000000,"ask_size":1.25,"bid_size":0.5}"#,
            #"{"ask_price":116002000,"bid_price":115999000, "ask_size":2,"bid_size":0.001}"#,
            #"{"ask_price":116003000,"bid_price":115998000,"ask_size":"3","bid_size":0.002}"#,
            #"{"ask_price":116004000,"bid_price":115997000,"ask_size":4,"bid_size":0.003,"extra":null}"#,
            #"{"ask_price":116005000,"bid_price":115996000,"ask_size":5,"bid_size":0.004 }"#,
            #"{"ask_price":116006000,"bid_price":115995000,"bid_size":0.005,"ask_size":6}"#,
            #"{"ask_price":116007000,"bid_price":115994000,"ask_size":7,"bid_size":6e-3}"#,
        ]
        let frame = Array(
            (#"{"type":"orderbook","code":"KRW-BTC","timestamp":1790134742106,"orderbook_units":["#
                + units.joined(separator: ",") + "]}").utf8)
        let read = try #require(Self.read(frame, dialect))
        #expect(read == DifferentialTests.previousDecode(dialect, frame))
        guard case .orderBook(let book) = try #require(read.events.first) else {
            Issue.record("not a book: \(read.events)")
            return
        }
        #expect(book.asks.count == units.count)
    }

    /// A book of ``BookUnitsReader/maxUnits`` units is read in one pass; one more unit and it
    /// goes to the tape, which decodes both alike.
    @Test(arguments: dialects)
    func booksBeyondTheUnitBoundAreLeftToTheTape(dialect: Dialect) throws {
        func book(units: Int) -> [UInt8] {
            let unit = #"{"ask_price":116001000,"bid_price":116000000,"ask_size":1.25,"bid_size":0.5}"#
            let list = Array(repeating: unit, count: units).joined(separator: ",")
            return Array(#"{"type":"orderbook","code":"KRW-BTC","timestamp":1790134742106,"orderbook_units":[\#(list)]}"#.utf8)
        }
        let atBound = book(units: BookUnitsReader.maxUnits)
        let read = try #require(Self.read(atBound, dialect))
        #expect(read == DifferentialTests.previousDecode(dialect, atBound))
        let beyond = book(units: BookUnitsReader.maxUnits + 1)
        #expect(Self.read(beyond, dialect) == nil)
        var codec = dialect.makeCodec()
        #expect(codec.decode(frame: beyond) == DifferentialTests.previousDecode(dialect, beyond))
    }

    /// What it leaves to the tape: a member it reads sent twice, nesting past its depth, the
    /// `SIMPLE` format, an array of messages, trailing text, an escaped type.
    @Test(arguments: dialects)
    func unusualFramesAreLeftToTheTape(dialect: Dialect) {
        let deep = String(repeating: "[", count: JSONCursor.maxDepth) + String(repeating: "]", count: JSONCursor.maxDepth)
        let frames = [
            #"{"type":"trade","code":"KRW-BTC","code":"KRW-ETH","trade_price":1,"trade_volume":1,"ask_bid":"ASK","trade_timestamp":1790133513858}"#,
            #"{"type":"trade","deep":"# + deep
                + #","code":"KRW-BTC","trade_price":1,"trade_volume":1,"ask_bid":"ASK","trade_timestamp":1790133513858}"#,
            #"{"ty":"trade","cd":"KRW-BTC","tp":1,"tv":1,"ab":"ASK","ttms":1790133513858}"#,
            #"[{"type":"trade","code":"KRW-BTC","trade_price":1,"trade_volume":1,"ask_bid":"ASK","trade_timestamp":1790133513858}]"#,
            #"{"type":"trade","code":"KRW-BTC","trade_price":1,"trade_volume":1,"ask_bid":"ASK","trade_timestamp":1790133513858} x"#,
            #"{"type":"tr\u0061de","code":"KRW-BTC","trade_price":1,"trade_volume":1,"ask_bid":"ASK","trade_timestamp":1790133513858}"#,
        ]
        for text in frames {
            #expect(Self.read(Array(text.utf8), dialect) == nil, "\(text)")
        }
    }
}

/// The cursor's ways to a member name: the order it learns (``JSONMemberOrder``), the run of
/// members written compactly in that order, and the opening it compares in an object written
/// in its table's order (``JSONMemberOpening``).
@Suite struct JSONCursorOrderTests {
    @Test func anOrderStartsAsTheTableListsAndLearnsWhatFollowsWhat() {
        var order = JSONMemberOrder(count: 4)
        #expect(order.entry(after: JSONMemberOrder.opening) == 0)
        #expect((0..<3).map { order.entry(after: $0) } == [1, 2, 3])
        order.learn(2, after: JSONMemberOrder.opening)
        order.learn(0, after: 2)
        #expect(order.entry(after: JSONMemberOrder.opening) == 2)
        #expect(order.entry(after: 2) == 0)
        #expect(order.entry(after: 0) == 1)
    }

    /// Members in another order than the table's, in frames that alternate two orders: every
    /// frame reads the same values whatever the order learned from the one before.
    @Test func framesInAlternatingOrdersReadAlike() {
        let table = JSONKeyTable(["type", "code", "trade_price", "timestamp"])
        let frames = [
            #"{"type":"trade","code":"KRW-BTC","trade_price":1.5,"timestamp":17}"#,
            #"{"timestamp":18,"type":"ticker","extra":[1],"trade_price":2.5,"code":"KRW-ETH"}"#,
        ]
        var order = JSONMemberOrder(count: table.count)
        for round in 0..<6 {
            let text = frames[round % 2]
            let read: [String?] = Array(text.utf8).withUnsafeBytes { bytes in
                table.withLookup { lookup in
                    var slots = Array(repeating: JSONSlot.absent, count: lookup.count)
                    var cursor = JSONCursor(bytes)
                    guard cursor.object(lookup, into: &slots, at: 0, depth: 0, order: &order), cursor.atEnd() else { return [] }
                    return slots.map { slot in
                        slot.kind.map { _ in String(decoding: bytes[Int(slot.start)..<Int(slot.end)], as: UTF8.self) }
                    }
                }
            }
            #expect(
                read == (round % 2 == 0 ? ["trade", "KRW-BTC", "1.5", "17"] : ["ticker", "KRW-ETH", "2.5", "18"]),
                "\(text)")
        }
    }

    /// Frames that leave the compact run (`JSONCursor.compactMembers`) at each place it can be
    /// left — whitespace before a separator, after one, before a colon, a member out of the
    /// order learned or not in the table, a name longer than it compares in place — read the
    /// same members as the frame written compactly; an escaped string, literals and an empty
    /// object read as written, and a frame that breaks the grammar or sends a member twice
    /// reads nothing (the second time in the order learned from the first). After a member
    /// read by name the run is taken up again, and the same holds for the members after it.
    @Test func compactRunsHandOverWhereverTheFrameLeavesThem() {
        let table = JSONKeyTable(["type", "code", "a_member_name_of_22_by", "price", "time"])
        func read(_ text: String, order: inout JSONMemberOrder) -> [String?]? {
            Array(text.utf8).withUnsafeBytes { bytes in
                table.withLookup { lookup in
                    var slots = Array(repeating: JSONSlot.absent, count: lookup.count)
                    var cursor = JSONCursor(bytes)
                    guard cursor.object(lookup, into: &slots, at: 0, depth: 0, order: &order), cursor.atEnd() else { return nil }
                    return slots.map { slot in
                        slot.kind.map { _ in String(decoding: bytes[Int(slot.start)..<Int(slot.end)], as: UTF8.self) }
                    }
                }
            }
        }
        let expected: [String?] = ["trade", "KRW-BTC", "7", "1.5", "17"]
        let frames = [
            #"{"type":"trade","code":"KRW-BTC","a_member_name_of_22_by":7,"price":1.5,"time":17}"#,
            #"{"type":"trade","code":"KRW-BTC" ,"a_member_name_of_22_by":7,"price":1.5,"time":17}"#,
            #"{"type":"trade","code":"KRW-BTC","a_member_name_of_22_by":7, "price":1.5,"time":17}"#,
            #"{"type":"trade","code" :"KRW-BTC","a_member_name_of_22_by":7,"price":1.5,"time":17}"#,
            #"{ "type":"trade","code":"KRW-BTC","a_member_name_of_22_by":7,"price":1.5,"time":17 }"#,
            #"{"type":"trade","x":[1,{"y":null}],"code":"KRW-BTC","a_member_name_of_22_by":7,"price":1.5,"time":17}"#,
            #"{"code":"KRW-BTC","type":"trade","time":17,"a_member_name_of_22_by":7,"price":1.5}"#,
            #"{"a_member_name_of_22_by":7,"price":1.5,"time":17,"type":"trade","code":"KRW-BTC"}"#,
            #"{"type":"trade","x":0,"code":"KRW-BTC","y":"z","a_member_name_of_22_by":7 ,"price":1.5,"w":0,"time":17}"#,
        ]
        var order = JSONMemberOrder(count: table.count)
        for round in 0..<3 {
            for text in frames {
                #expect(read(text, order: &order) == expected, "round \(round): \(text)")
            }
        }
        let others: [(String, [String?]?)] = [
            (#"{"type":"tr\u0061de","code":"KRW-BTC","price":null,"time":17}"#, [#"tr\u0061de"#, "KRW-BTC", nil, "null", "17"]),
            (#"{"time":17,"price":true,"type":"trade"}"#, ["trade", nil, nil, "true", "17"]),
            ("{}", [nil, nil, nil, nil, nil]),
            (#"{"type":"trade","code":"KRW-BTC","code":"KRW-ETH","price":1.5,"time":17}"#, nil),
            (#"{"type":"trade","code":"KRW-BTC","code":"KRW-ETH","price":1.5,"time":17}"#, nil),
            (#"{"type":"trade","x":0,"code":"KRW-BTC","a_member_name_of_22_by":7,"price":1.5,"time":17,"code":"KRW-ETH"}"#, nil),
            (#"{"x":0,"type":"trade","y":0,"type":"ticker"}"#, nil),
            (#"{"type":"trade","x":0,"code":"KRW-BTC",}"#, nil),
            (#"{"type":"trade","code":"KRW-BTC","price":1.5,,"time":17}"#, nil),
            (#"{"type":"trade","code":"KRW-BTC","price":1.5}x"#, nil),
            (#"{"type":"trade","code":"KRW-BTC","price":01}"#, nil),
            ("{\"type\":\"trade\",\"code\":\"KRW-B\u{1}TC\",\"price\":1.5,\"time\":17}", nil),
        ]
        for (text, values) in others {
            #expect(read(text, order: &order) == values, "\(text)")
        }
        // A trailing comma wherever the run stops before it, the order fresh or learned, with
        // room after it for the run to look on (as in an object nested in a longer frame).
        let room = String(repeating: " ", count: 32)
        for text in [#"{"type":"trade","code":"KRW-BTC",}"#, #"{"x":1,}"#, #"{"type":"trade","x":1,}"#].map({ $0 + room }) {
            var fresh = JSONMemberOrder(count: table.count)
            #expect(read(text, order: &fresh) == nil, "\(text)")
            #expect(read(text, order: &order) == nil, "\(text)")
        }
    }

    /// An opening is compared as words: one of up to 16 bytes (a name of up to twelve) matches
    /// where it is written; a longer one never matches, and its object is read member by member.
    @Test func openingsFitTwoWordsOrNeverMatch() {
        let short = JSONMemberOpening("ask_price", first: true)
        let long = JSONMemberOpening("acc_trade_volume_24h", first: false)
        #expect(short.length == 13)
        #expect(long.length == 24)
        let text = Array(#"{"ask_price":1,"acc_trade_volume_24h":2}         "#.utf8)
        text.withUnsafeBytes { bytes in
            let base = bytes.baseAddress!
            #expect(short.matches(base, at: 0))
            #expect(!JSONMemberOpening("ask_price", first: false).matches(base, at: 0))
            #expect(!JSONMemberOpening("ask_size", first: true).matches(base, at: 0))
            #expect(!long.matches(base, at: 14))
            #expect(JSONMemberOpening("bid", first: false).matches(Array(#","bid":1}          "#.utf8), at: 0))
            let table = JSONKeyTable(["ask_price", "acc_trade_volume_24h"])
            table.withLookup { lookup in
                var slots = Array(repeating: JSONSlot.absent, count: lookup.count)
                var cursor = JSONCursor(bytes)
                #expect(!cursor.objectInTableOrder(lookup, into: &slots, at: 0))
                #expect(slots.allSatisfy { $0.kind == nil })
                var order = JSONMemberOrder(count: lookup.count)
                #expect(cursor.object(lookup, into: &slots, at: 0, depth: 0, order: &order))
                #expect(slots.map(\.number) == [ExactDecimal(1), ExactDecimal(2)])
            }
        }
    }
}
