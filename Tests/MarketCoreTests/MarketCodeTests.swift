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
}
