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

    /// Every byte at every place of a base of every length: a code only of upper-case ASCII
    /// letters and digits, 1 to 16 of them, as read from the wire eight bytes at a time.
    @Test func aPartIsOneToSixteenLettersOrDigitsWhateverTheByteAndItsPlace() {
        let allowed = Set(Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))
        for length in 1...16 {
            for place in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var bytes = Array("KRW-".utf8) + Array(repeating: UInt8(ascii: "Z"), count: length)
                    bytes[4 + place] = byte
                    let code = bytes.withUnsafeBytes { MarketCode(utf8: $0, form: .quoteFirst) }
                    guard (code != nil) == allowed.contains(byte) else {
                        Issue.record("length \(length), byte \(byte) at \(place): \(String(describing: code))")
                        return
                    }
                }
            }
        }
        let seventeen = Array("KRW-".utf8) + Array(repeating: UInt8(ascii: "A"), count: 17)
        #expect(seventeen.withUnsafeBytes { MarketCode(utf8: $0, form: .quoteFirst) } == nil)
        let sixteen = Array("KRW-".utf8) + Array(repeating: UInt8(ascii: "A"), count: 16)
        #expect(sixteen.withUnsafeBytes { MarketCode(utf8: $0, form: .quoteFirst) }?.base == String(repeating: "A", count: 16))
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

    @Test func equalCodesPlaceEquallyAndAListingSpreadsOverATable() throws {
        let bases = (0..<2048).map { index in
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            return String([letters[index % 26], letters[index / 26 % 36], letters[index / 936 % 36]])
        }
        let codes = try bases.map { try #require(MarketCode(quote: "KRW", base: $0)) }
        #expect(Set(codes).count == codes.count)
        for seed in [0, 1, -7, 0x5EED] {
            for code in codes.prefix(20) {
                #expect(try #require(MarketCode(code: code.code))._rawHashValue(seed: seed) == code._rawHashValue(seed: seed))
            }
            // 2,048 keys over 4,096 places fill about 1,611 when placed at random.
            let places = Set(codes.map { $0._rawHashValue(seed: seed) & 4095 })
            #expect(places.count > 1500, "seed \(seed): \(places.count) places")
        }
        var byCode: [MarketCode: Int] = [:]
        for (index, code) in codes.enumerated() { byCode[code] = index }
        #expect(codes.enumerated().allSatisfy { byCode[$1] == $0 })
    }
}
