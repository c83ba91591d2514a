import MarketCore
import Testing

@testable import MarketSim

/// The demo's world outside Korea: a slow won–dollar rate and, for about three quarters of the
/// coins, a premium that wanders about its own mean.
@Suite struct ReferenceWorldTests {
    let world = ReferenceWorld(seed: 7)
    let start = Timestamp(microseconds: 1_790_121_600_000_000)
    let minute: Int64 = 60_000_000

    @Test func theRateDriftsSlowlyAboutThirteenEighty() {
        let rates = (0..<(7 * 1440)).map { world.rate(at: start.advanced(byMicroseconds: Int64($0) * minute)) }
        #expect(rates.allSatisfy { $0 >= 1365 && $0 <= 1395 })
        #expect(zip(rates, rates.dropFirst()).allSatisfy { ($1 - $0).magnitude <= ExactDecimal("0.25")! }, "a minute moves it a quarter won at most")
        #expect(Set(rates).count > 500, "it moves")
        #expect(world.rate(at: start) == ReferenceWorld(seed: 7).rate(at: start), "a pure function of the seed and the time")
    }

    @Test func aboutThreeQuartersOfTheCoinsAreListedWithPremiumsOfTheirOwn() throws {
        let coins = (0..<400).map { "C\($0)" }
        let listed = coins.filter(world.lists)
        #expect(listed.count > 260 && listed.count < 340, "\(listed.count) of 400")
        #expect(world.lists("BTC") && world.lists("ETH") && !world.lists("USDT"))
        let means = try listed.map { coin in
            let samples = try (0..<48).map {
                try #require(world.premiumPercent(of: coin, at: start.advanced(byMicroseconds: Int64($0) * 30 * minute)))
            }
            return samples.reduce(ExactDecimal.zero, +).divided(by: 48) ?? .zero
        }
        let within = means.filter { $0.magnitude <= 3 }.count
        #expect(within * 10 > means.count * 6, "most within ±3 %: \(within) of \(means.count)")
        #expect(means.contains { $0 > 8 } && means.filter { $0 > 8 }.count * 5 < means.count, "a few beyond 8 %")
        #expect(means.filter { $0 < 0 }.count * 10 > means.count, "some negative")
        #expect(world.premiumPercent(of: coins.first { !world.lists($0) } ?? "USDT", at: start) == nil)
    }

    @Test func aUSDTPriceTakesTheWonPriceBackThroughTheRateAndThePremium() throws {
        let premium = try #require(world.premiumPercent(of: "BTC", at: start))
        let usdt = try #require(world.usdtPrice(ofWonPrice: 150_000_000, coin: "BTC", at: start))
        let back = KimchiPremium(
            market: MarketCode(code: "KRW-BTC")!, exchange: .bithumb, price: 150_000_000, referenceMarket: MarketCode(code: "USDT-BTC")!,
            referencePrice: usdt, rate: world.rate(at: start))
        #expect((try #require(back.premiumPercent) - premium).magnitude < ExactDecimal("0.0001")!)
        #expect(usdt == usdt.rounded(toFractionDigits: 2), "BTC's price in cents, as Binance's tick gives it: \(usdt)")
    }

    @Test func pricesHaveTheDecimalPlacesOfBinancesTicks() {
        let places = [104_376.33, 3_301.5, 150.2, 99.99, 2.3412, 0.17, 0.012, 0.000_012_3].map(ReferenceWorld.fractionDigits(ofPriceNear:))
        #expect(places == [2, 2, 2, 3, 4, 5, 6, 8])
    }
}
