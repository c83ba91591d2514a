import MarketCore
import MarketWire
import TestFixtures
import Testing

/// Dunamu's forex quote, the won–dollar rate the kimchi premium is measured with.
@Suite struct ForexCodecTests {
    @Test func theQuoteGivesItsBaseRateAndItsOwnTime() throws {
        var codec = DunamuForexCodec()
        let rate = try codec.decode(try Fixture.json("dunamu-forex-recent-krwusd-2021-1.json"))
        #expect(rate == WonDollarRate(rate: "1169", source: .dunamu, at: Timestamp(microseconds: 1_628_852_510_337_000)))
        #expect(DunamuForexCodec.request.pathAndQuery == "/v1/forex/recent?codes=FRX.KRWUSD")
    }

    @Test func anotherCurrencyOrAnEmptyAnswerIsAnError() throws {
        var codec = DunamuForexCodec()
        #expect(throws: WireError.invalidValue("code", value: "FRX.JPYUSD")) {
            try codec.decode(try Fixture.json("dunamu-forex-recent-jpyusd-2023-1.json"))
        }
        #expect(throws: WireError.self) { try codec.decode(Array("[]".utf8)) }
        #expect(throws: WireError.self) { try codec.decode(Array(#"[{"code":"FRX.KRWUSD","basePrice":-1,"timestamp":1628852510337}]"#.utf8)) }
    }

    @Test func aRateForAHundredUnitsIsDividedByThem() throws {
        var codec = DunamuForexCodec()
        let body = #"[{"code":"FRX.KRWUSD","basePrice":132850.00,"currencyUnit":100,"timestamp":1628852510337}]"#
        #expect(try codec.decode(Array(body.utf8)).rate == "1328.5")
    }
}
