import Foundation
import MarketCore
import MarketWire
import TestFixtures
import Testing

/// The rules of `docs/WIRE-RULES.md`, broken one at a time in real frames of every dialect: the
/// breaking entry is a counted error naming the rule, and the rest of its list is kept.
@Suite struct WireRuleTests {
    static let btc = MarketCode(quote: "KRW", base: "BTC")!

    /// A fixture with the first match of `pattern` replaced.
    static func fixture(_ name: String, replacing pattern: String, with replacement: String, line: Int? = nil) throws -> [UInt8] {
        let bytes = try line.map { try Fixture.lines(name)[$0] } ?? Fixture.json(name)
        let text = String(decoding: bytes, as: UTF8.self)
        let range = try #require(text.range(of: pattern, options: .regularExpression), "\(pattern) not in \(name)")
        return Array(text.replacingCharacters(in: range, with: replacement).utf8)
    }

    static func rules(_ decoded: DecodedMessages) -> [WireRule] {
        decoded.errors.compactMap { error in
            if case .brokenRule(let rule, _, _) = error { return rule }
            return nil
        }
    }

    @Test(arguments: ["0", "-1", "-0.00000001"])
    func tickersWithoutAPositivePriceAreRejectedInEveryDialect(price: String) throws {
        var upbit = Dialect.upbit.makeCodec()
        var bithumb = Dialect.bithumb.makeCodec()
        var legacy = Dialect.bithumbLegacy.makeCodec()
        let frames: [(DecodedMessages, String)] = [
            (
                bithumb.decode(
                    frame: try Self.fixture(
                        "bithumb-v2-ws-ticker-ccxt-1.json", replacing: #""trade_price": [0-9.]+"#,
                        with: #""trade_price": \#(price)"#)), "bithumb"
            ),
            (
                upbit.decode(
                    frame: try Self.fixture(
                        "upbit-ws-ticker-1.jsonl", replacing: #""trade_price":[0-9.]+"#,
                        with: #""trade_price":\#(price)"#, line: 0)), "upbit"
            ),
            (
                legacy.decode(
                    frame: try Self.fixture(
                        "bithumb-legacy-ws-ticker-1.json", replacing: #""closePrice":"[0-9.]+""#,
                        with: #""closePrice":"\#(price)""#)), "legacy"
            ),
        ]
        for (decoded, dialect) in frames {
            #expect(decoded.events.isEmpty, "\(dialect)")
            #expect(Self.rules(decoded) == [.positivePrice], "\(dialect)")
        }
    }

    @Test func restTickersKeepTheOthersWhenOneHasANegativePrice() throws {
        var legacy = Dialect.bithumbLegacy.makeCodec()
        let body = try Self.fixture(
            "bithumb-legacy-rest-ticker-all-krw-fixture-1.json",
            replacing: #""closing_price": "[0-9.]+""#, with: #""closing_price": "-1""#)
        let decoded = legacy.decode(response: body, for: .tickers([Self.btc]))
        #expect(Self.rules(decoded) == [.positivePrice])
        #expect(!decoded.events.isEmpty)
        var bithumb = Dialect.bithumb.makeCodec()
        let rows = try Self.fixture(
            "bithumb-v2-rest-ticker-ccxt-1.jsonc", replacing: #""trade_price": [0-9.]+"#,
            with: #""trade_price": -1"#)
        #expect(Self.rules(bithumb.decode(response: rows, for: .tickers([Self.btc]))) == [.positivePrice])
    }

    @Test func tradesMustMoveSomethingAtAPositivePrice() throws {
        var bithumb = Dialect.bithumb.makeCodec()
        let zeroSize = try Self.fixture(
            "bithumb-v2-ws-trade-1.json", replacing: #""trade_volume":[0-9.]+"#,
            with: #""trade_volume":0"#)
        #expect(Self.rules(bithumb.decode(frame: zeroSize)) == [.positiveTradeSize])
        let freePrice = try Self.fixture(
            "bithumb-v2-ws-trade-1.json", replacing: #""trade_price":[0-9.]+"#,
            with: #""trade_price":0"#)
        #expect(Self.rules(bithumb.decode(frame: freePrice)) == [.positivePrice])
        var legacy = Dialect.bithumbLegacy.makeCodec()
        let negative = try Self.fixture(
            "bithumb-legacy-ws-transaction-1.json", replacing: #""contQty":"[0-9.]+""#,
            with: #""contQty":"-3""#)
        #expect(Self.rules(legacy.decode(frame: negative)) == [.positiveTradeSize])
    }

    @Test func aBookLevelBreakingARuleIsDroppedAndTheBookKept() throws {
        var upbit = Dialect.upbit.makeCodec()
        let frame = try Self.fixture(
            "upbit-ws-orderbook-snapshot-1.json", replacing: #""ask_price":1.16539E8"#,
            with: #""ask_price":-1.16539E8"#)
        let decoded = upbit.decode(frame: frame)
        #expect(Self.rules(decoded) == [.positivePrice])
        let book = try #require(
            decoded.events.first.flatMap { event -> OrderBook? in
                if case .orderBook(let book) = event { return book }
                return nil
            })
        #expect(book.asks.count == 1 && book.bids.count == 2)

        var legacy = Dialect.bithumbLegacy.makeCodec()
        let snapshot = try Self.fixture(
            "bithumb-legacy-ws-orderbooksnapshot-1.json", replacing: #"\["116510000","0.0051"\]"#,
            with: #"["116510000","-0.0051"]"#)
        let legacyDecoded = legacy.decode(frame: snapshot)
        #expect(Self.rules(legacyDecoded) == [.nonNegativeAmount])
        guard case .orderBook(let legacyBook)? = legacyDecoded.events.first else {
            Issue.record("no book")
            return
        }
        #expect(legacyBook.asks.count == 2 && legacyBook.bids.count == 2)
    }

    @Test func candlesWhoseOpenOrCloseLeaveTheirRangeAreRejected() throws {
        var bithumb = Dialect.bithumb.makeCodec()
        let body = try Self.fixture(
            "bithumb-v2-rest-candles-minutes-ccxt-1.jsonc", replacing: #""opening_price": [0-9.]+"#,
            with: #""opening_price": 1"#)
        let decoded = bithumb.decode(response: body, for: .candles(Self.btc, .oneMinute, count: 200))
        #expect(Self.rules(decoded) == [.candleWithinRange])
        var legacy = Dialect.bithumbLegacy.makeCodec()
        let legacyBody = try Self.fixture(
            "bithumb-legacy-rest-candlestick-1m-1.json", replacing: #""81061000""#,
            with: #""99999999""#)
        let legacyDecoded = legacy.decode(response: legacyBody, for: .candles(Self.btc, .oneMinute, count: 200))
        #expect(Self.rules(legacyDecoded) == [.candleWithinRange])
        guard case .candles(let history)? = legacyDecoded.events.first else {
            Issue.record("no candle history")
            return
        }
        #expect(history.candles.isEmpty)
    }

    @Test(arguments: ["1000000000000", "4102444800000", "99999999999999"])
    func timesOutsideTheWindowAreRejected(milliseconds: String) throws {
        var bithumb = Dialect.bithumb.makeCodec()
        let frame = try Self.fixture(
            "bithumb-v2-ws-trade-1.json", replacing: #""trade_timestamp":[0-9]+"#,
            with: #""trade_timestamp":\#(milliseconds)"#)
        #expect(Self.rules(bithumb.decode(frame: frame)) == [.timeInWindow])
        #expect(WireRule.timeWindow.contains(Timestamp(milliseconds: 1_790_133_513_739)))
    }
}
