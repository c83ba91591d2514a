import MarketCore
import Testing

@Suite struct MarketCodeTests {
    @Test func bothSpellingsNameTheSameMarket() throws {
        let code = try #require(MarketCode(code: "KRW-BTC"))
        #expect(code.quote == "KRW" && code.base == "BTC")
        #expect(MarketCode(legacySymbol: "BTC_KRW") == code)
        #expect(code.code == "KRW-BTC" && code.legacySymbol == "BTC_KRW")
        #expect(MarketCode(code: "KRW-1INCH")?.base == "1INCH")
    }

    @Test(arguments: [
        "", "KRW", "KRW-", "-BTC", "KRW-btc", "KRW-BTC-X", "KRW_BTC", "KRW-B TC", "KRW-ABCDEFGHIJKLMNOPQ",
        "KRW-비트",
    ])
    func rejectsWhatIsNotACode(text: String) {
        #expect(MarketCode(code: text) == nil)
    }

    @Test(arguments: ["", "BTC", "BTC_", "_KRW", "btc_KRW", "BTC_KRW_X", "BTC-KRW"])
    func rejectsWhatIsNotALegacySymbol(text: String) {
        #expect(MarketCode(legacySymbol: text) == nil)
    }

    @Test func partsOfEveryLengthRoundTripAndOrderAsTheirText() throws {
        let parts = ["A", "B", "AB", "ABC", "Z9", "0", "1INCH", "ABCDEFGH", "ABCDEFGHI", "ABCDEFGHIJKLMNOP", "ABCDEFGHIJKLMNOO"]
        var codes: [MarketCode] = []
        for quote in ["KRW", "BTC", "USDT"] {
            for base in parts {
                let code = try #require(MarketCode(quote: quote, base: base))
                #expect(code.quote == quote && code.base == base && MarketCode(code: code.code) == code)
                #expect(code.isKRW == (quote == "KRW"))
                codes.append(code)
            }
        }
        #expect(codes.sorted().map(\.code) == codes.map { ($0.quote, $0.base) }.sorted { $0 < $1 }.map { "\($0.0)-\($0.1)" })
        #expect(Set(codes).count == codes.count)
    }

    @Test func theSameCoinInWonAndInTetherIsTheCodeOfThoseParts() throws {
        for base in ["BTC", "1INCH", "ABCDEFGHIJKLMNOP", "USDT"] {
            for quote in ["KRW", "USDT", "BTC"] {
                let code = try #require(MarketCode(quote: quote, base: base))
                #expect(code.inWon == MarketCode(quote: "KRW", base: base))
                #expect(code.inTether == MarketCode(quote: "USDT", base: base))
                #expect(code.inWon.hashValue == MarketCode(quote: "KRW", base: base)?.hashValue)
            }
        }
        #expect(MarketCode.wonTether == MarketCode(code: "KRW-USDT"))
    }
}
