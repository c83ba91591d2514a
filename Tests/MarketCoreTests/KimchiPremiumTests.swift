import MarketCore
import Testing

/// The kimchi premium in exact decimals: the won reference is an exact product, the percent
/// one division rounded half to even at 10⁻⁸.
@Suite struct KimchiPremiumTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let xrp = MarketCode(code: "KRW-XRP")!

    @Test func thePremiumIsThePriceOverTheWonReference() throws {
        let premium = KimchiPremium(
            market: btc, exchange: .bithumb, price: try #require(ExactDecimal("92500000")),
            referenceMarket: try #require(MarketCode(code: "USDT-BTC")), referencePrice: try #require(ExactDecimal("60755.18")),
            rate: try #require(ExactDecimal("1469.35")))
        #expect(premium.referencePriceKRW == ExactDecimal("89270623.733"), "60755.18 × 1469.35, exact")
        // (92500000 − 89270623.733) × 100 ÷ 89270623.733 = 3.617512830…; rounded once at 10⁻⁸.
        #expect(premium.premiumPercent == ExactDecimal("3.61751283"))
    }

    @Test func halfwayRoundsToEven() throws {
        // 0.000000005 % and 0.000000015 % are exactly half a unit at 10⁻⁸: each goes to the even neighbour.
        #expect(KimchiPremium.tetherPremium(krwUSDT: try #require(ExactDecimal("1000.00000005")), rate: 1000) == ExactDecimal("0.00000000"))
        #expect(KimchiPremium.tetherPremium(krwUSDT: try #require(ExactDecimal("1000.00000015")), rate: 1000) == ExactDecimal("0.00000002"))
        #expect(KimchiPremium.tetherPremium(krwUSDT: 1400, rate: 0) == nil)
    }

    @Test func coinsWithoutAReferenceHaveNoPremiumAndTheWidestComeFirst() {
        let at = Timestamp(microseconds: 1_700_000_000_000_000)
        func state(_ prices: KeyValuePairs<MarketCode, ExactDecimal>) -> MarketSnapshot {
            var state = MarketState()
            state.apply(.markets(prices.map { Market(code: $0.key, koreanName: $0.key.base, englishName: $0.key.base) }))
            for (market, price) in prices {
                state.apply(
                    .ticker(
                        Ticker(market: market, price: price, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h), timestamp: at)))
            }
            return state.snapshot(at: at, feed: FeedStatus())
        }
        let korea = state([btc: 141_000, eth: 13_000, xrp: 900, MarketCode(code: "BTC-ETH")!: 1, MarketCode(code: "BTC-XRP")!: 1])
        let world = state([btc.inTether: 100, eth.inTether: 10, MarketCode(code: "USDT-SOL")!: 150])
        let board = BoardSnapshot(
            [.upbit: korea], premiumReference: PremiumReference(snapshot: world, forex: WonDollarRate(rate: 1400, source: .dunamu, at: at)))
        let premiums = board.premiums(on: .upbit)
        #expect(premiums.map(\.market) == [eth, btc], "XRP has no reference price; a BTC market is not a won price")
        #expect(premiums.map(\.premiumPercent) == [ExactDecimal("-7.14285714"), ExactDecimal("0.71428571")])
        #expect(premiums.allSatisfy { $0.exchange == .upbit })
        #expect(BoardSnapshot([.upbit: korea], premiumReference: PremiumReference(snapshot: world)).premiums(on: .upbit).isEmpty, "no rate")
        #expect(BoardSnapshot([.upbit: korea]).premiums(on: .upbit).isEmpty, "no reference")
    }
}
