import MarketCore
import TestFixtures
import Testing

@testable import MarketWire

/// The units of the last books a reader keeps (``RepeatedUnits``): a book read by a reader that
/// remembers is the book a fresh reader reads, whatever changed between frames; and a unit is
/// taken from memory only when its bytes are those kept at its place, within the bounds.
@Suite struct RepeatedUnitsTests {
    /// Units in the exchanges' layout, and in layouts the member loop reads.
    static let layouts: [@Sendable (Int, Int, Int) -> String] = [
        { #"{"ask_price":\#($0),"bid_price":\#($1),"ask_size":0.\#($2),"bid_size":\#($2).5}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1), "ask_size":\#($2),"bid_size":0.001}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1),"ask_size":"\#($2)","bid_size":0.002}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1),"bid_size":0.005,"ask_size":\#($2)}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1),"ask_size":\#($2),"bid_size":6e-3}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1),"ask_size":\#($2),"bid_size":1,"note":"\#(String(repeating: "x", count: $2 % 90))"}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1),"ask_size":\#($2),"bid_size":-1}"# },
        { #"{"ask_price":\#($0),"bid_price":\#($1),"ask_size":\#($2),"bid_size":01}"# },
    ]

    static func frame(code: String, units: [String], codeAfterUnits: Bool) -> [UInt8] {
        let list = units.joined(separator: ",")
        let text =
            codeAfterUnits
            ? #"{"type":"orderbook","timestamp":1790134742106,"orderbook_units":[\#(list)],"code":"\#(code)"}"#
            : #"{"type":"orderbook","code":"\#(code)","timestamp":1790134742106,"orderbook_units":[\#(list)]}"#
        return Array(text.utf8)
    }

    /// 4,000 books of seven markets (more than are kept) from one reader, each compared with a
    /// fresh reader's: units changed in one digit or anew, dropped, added, moved, rewritten in other layouts
    /// (some longer than are kept, some that break the grammar or a rule), the code after the
    /// units or escaped, books past the unit bound.
    @Test(arguments: StreamReaderTests.dialects)
    func aReaderThatRemembersReadsEveryBookAsAFreshReaderDoes(dialect: Dialect) throws {
        let codes = ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-SOL", "KRW-DOGE", #"KRW\u002DADA"#, "KRW-AVERYLONGCOINNAME"]
        var random = SeededGenerator(seed: 0x4E17)
        var books = codes.map { _ in (0..<15).map { Self.layouts[0](116_000_000 + $0 * 1000, 115_999_000 - $0 * 1000, $0 + 1) } }
        var reader = UpbitStreamReader()
        let profile: UpbitFamilyProfile = dialect == .upbit ? .upbit : .bithumb
        var outcomes = (read: 0, left: 0)
        for _ in 0..<4_000 {
            let market = Int.random(in: 0..<codes.count, using: &random)
            var units = books[market]
            var broken = false
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let layout = Int.random(in: 0..<20, using: &random) < 16 ? 0 : Int.random(in: 1..<Self.layouts.count, using: &random)
                let unit = Self.layouts[layout](
                    Int.random(in: 1...999_999_999, using: &random), Int.random(in: 1...999_999_999, using: &random),
                    Int.random(in: 1...99_999, using: &random))
                broken = broken || layout >= 6
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where units.count > 1: units.removeFirst()
                case 1 where units.count < BookUnitsReader.maxUnits + 2: units.insert(unit, at: 0)
                case 2 where units.count > 1: units.swapAt(0, units.count - 1)
                case 3, 4:
                    let index = Int.random(in: 0..<units.count, using: &random)
                    units[index] = Self.withOneDigitChanged(units[index], using: &random)
                default: units[Int.random(in: 0..<units.count, using: &random)] = unit
                }
            }
            if Int.random(in: 0..<50, using: &random) == 0 {
                units += Array(repeating: units[0], count: BookUnitsReader.maxUnits)
            } else if !broken {
                books[market] = units
            }
            let frame = Self.frame(
                code: codes[market], units: units, codeAfterUnits: Int.random(in: 0..<10, using: &random) == 0)
            var storage = DecodeStorage()
            var result = DecodedMessages()
            let read = frame.withUnsafeBytes { reader.decode($0, profile: profile, storage: &storage, into: &result) }
            let fresh = StreamReaderTests.read(frame, dialect)
            #expect((read ? result : nil) == fresh, "\(String(decoding: frame, as: UTF8.self))")
            if read { outcomes.read += 1 } else { outcomes.left += 1 }
        }
        #expect(outcomes.read > 2_000)
        #expect(outcomes.left > 200)
    }

    /// `unit` with one of its digits, anywhere in it, another.
    static func withOneDigitChanged(_ unit: String, using random: inout SeededGenerator) -> String {
        var bytes = Array(unit.utf8)
        let digits = bytes.indices.filter { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[$0]) }
        guard let index = digits.randomElement(using: &random) else { return unit }
        bytes[index] = bytes[index] == UInt8(ascii: "9") ? UInt8(ascii: "1") : bytes[index] + 1
        return String(decoding: bytes, as: UTF8.self)
    }

    static let unit = Array(#"{"ask_price":116001000,"bid_price":116000000,"ask_size":1.25,"bid_size":0.5}"#.utf8)

    static let levels: RepeatedUnits.Levels = (BookLevel(price: 116_001_000, quantity: 1), nil)

    /// `memory`'s unit at `position` of `book` for the unit at `start` of `bytes`: where it ends
    /// and its ask's price, or `nil`.
    static func taken(
        _ memory: inout RepeatedUnits, _ book: Int, at position: Int, in bytes: [UInt8], from start: Int
    ) -> (end: Int, ask: BookLevel?, bid: BookLevel?)? {
        let kept = bytes.withUnsafeBytes { memory.unit(of: book, at: position, in: $0, from: start) }
        return kept.map { ($0.end, $0.levels.ask, $0.levels.bid) }
    }

    static func keep(_ memory: inout RepeatedUnits, _ book: Int, at position: Int, _ bytes: [UInt8], from start: Int) {
        bytes.withUnsafeBytes { memory.keep(book, at: position, $0, start, bytes.count, levels: Self.levels) }
    }

    static func code(_ memory: inout RepeatedUnits, _ text: String) -> Int? {
        Array(text.utf8).withUnsafeBytes { memory.book(code: $0) }
    }

    @Test func aUnitIsTakenOnlyWhereItsBytesAreThoseKeptAtItsPlace() throws {
        var memory = RepeatedUnits()
        let book = try #require(Self.code(&memory, "KRW-BTC"))
        Self.keep(&memory, book, at: 3, Array("[".utf8) + Self.unit, from: 1)
        let later = Array(#"{"x":[1,"#.utf8) + Self.unit + Array("]}".utf8)
        let taken = try #require(Self.taken(&memory, book, at: 3, in: later, from: 8))
        #expect(taken.end == 8 + Self.unit.count)
        #expect(taken.ask == Self.levels.ask && taken.bid == nil)
        #expect(Self.taken(&memory, book, at: 2, in: later, from: 8) == nil)
        #expect(Self.taken(&memory, book, at: 4, in: later, from: 8) == nil)
        for index in Self.unit.indices {
            var changed = later
            changed[8 + index] ^= 1
            #expect(Self.taken(&memory, book, at: 3, in: changed, from: 8) == nil, "byte \(index)")
        }
        #expect(Self.taken(&memory, book, at: 3, in: Array(later[..<(7 + Self.unit.count)]), from: 8) == nil)
        #expect(Self.code(&memory, "KRW-BTC") == book)
    }

    @Test func itKeepsAtMostItsMarketsUnitsAndBytes() throws {
        var memory = RepeatedUnits()
        let first = try #require(Self.code(&memory, "KRW-BTC"))
        Self.keep(&memory, first, at: 0, Self.unit, from: 0)
        #expect(Self.taken(&memory, first, at: 0, in: Self.unit, from: 0) != nil)
        var others: Set<Int> = []
        for code in ["KRW-ETH", "KRW-XRP", "KRW-SOL"] { others.insert(try #require(Self.code(&memory, code))) }
        #expect(others.count == RepeatedUnits.markets - 1 && !others.contains(first))
        #expect(Self.code(&memory, "KRW-BTC") == first)
        #expect(Self.taken(&memory, first, at: 0, in: Self.unit, from: 0) != nil)
        let fifth = try #require(Self.code(&memory, "KRW-DOGE"))
        #expect(fifth == first)
        #expect(Self.taken(&memory, first, at: 0, in: Self.unit, from: 0) == nil)
        #expect(Self.code(&memory, "KRW-BTC") != first)

        #expect(Self.code(&memory, String(repeating: "A", count: 16)) != nil)
        #expect(Self.code(&memory, String(repeating: "A", count: 17)) == nil)

        let long = Array((#"{"ask_price":1,"bid_price":1,"ask_size":1,"bid_size":1,"n":""#).utf8)
        for length in [RepeatedUnits.unitBytes, RepeatedUnits.unitBytes + 1] {
            let unit = long + Array(repeating: UInt8(ascii: "x"), count: length - long.count - 2) + Array(#""}"#.utf8)
            #expect(unit.count == length)
            let book = try #require(Self.code(&memory, "KRW-LEN\(length)"))
            Self.keep(&memory, book, at: 0, unit, from: 0)
            #expect((Self.taken(&memory, book, at: 0, in: unit, from: 0) != nil) == (length == RepeatedUnits.unitBytes))
        }
        let book = try #require(Self.code(&memory, "KRW-POS"))
        for position in [BookUnitsReader.maxUnits - 1, BookUnitsReader.maxUnits] {
            Self.keep(&memory, book, at: position, Self.unit, from: 0)
            #expect(
                (Self.taken(&memory, book, at: position, in: Self.unit, from: 0) != nil)
                    == (position < BookUnitsReader.maxUnits))
        }
    }
}
