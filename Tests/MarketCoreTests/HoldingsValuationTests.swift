import MarketCore
import Testing

/// The positions valued at the board's prices: value, profit, weight, the day's move, the
/// totals, and the positions without a price, which are listed and never dropped.
@Suite struct HoldingsValuationTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let xrp = MarketCode(code: "KRW-XRP")!
    let gone = MarketCode(code: "KRW-GONE")!
    let time = Timestamp(microseconds: 1_790_000_000_000_000)

    func snapshot(_ prices: [MarketCode: (price: Int, change: Int)], listing: [MarketCode]) -> MarketSnapshot {
        var state = MarketState()
        state.apply(.markets(listing.map { Market(code: $0, koreanName: $0.base, englishName: $0.base) }))
        for (market, figures) in prices {
            state.apply(
                .ticker(
                    Ticker(
                        market: market, price: ExactDecimal(figures.price),
                        change: PriceChange(
                            signedAmount: ExactDecimal(figures.change), signedRate: 0, basis: .sinceMidnightKST),
                        timestamp: time)))
        }
        return state.snapshot(at: time, feed: FeedStatus())
    }

    func buy(_ market: MarketCode, _ quantity: String, at price: String, on exchange: Exchange = .bithumb) -> LedgerEntry {
        LedgerEntry(
            id: "\(exchange)-\(market)-\(quantity)", exchange: exchange, asset: .coin(market), side: .buy,
            quantity: ExactDecimal(quantity)!, price: ExactDecimal(price)!, time: time)
    }

    @Test func eachPositionIsValuedAndWeighedAndTheTotalsAddUp() throws {
        var holdings = Holdings()
        for entry in [buy(btc, "0.5", at: "100000000"), buy(eth, "10", at: "5000000"), buy(xrp, "1000", at: "3000")] {
            try holdings.record(entry)
        }
        try holdings.record(
            LedgerEntry(id: "cash", exchange: .bithumb, asset: .cash, side: .buy, quantity: 1_000_000, price: nil, time: time))
        let board = BoardSnapshot(
            snapshot([btc: (120_000_000, -1_000_000), eth: (3_800_000, 100_000), xrp: (3_000, 0)], listing: [btc, eth, xrp]))
        let valuation = HoldingsValuation(holdings, board: board)
        #expect(valuation.rows.map(\.position.market) == [btc, eth, xrp], "the most valuable first")
        let bitcoin = valuation.rows[0]
        #expect(bitcoin.pricing == .priced)
        #expect(bitcoin.value == 60_000_000)
        #expect(bitcoin.profit == 10_000_000)
        #expect(bitcoin.profitPercent == 20)
        #expect(bitcoin.change24h == -500_000, "0.5 × the fall of 1,000,000 since the previous close")
        #expect(bitcoin.weightPercent == ExactDecimal("59.405940594059405941"), "60M of 101M, rounded half to even")
        let ether = valuation.rows[1]
        #expect(ether.profit == -12_000_000)
        #expect(ether.profitPercent == -24)
        #expect(valuation.rows[2].profitPercent == .zero)
        #expect(valuation.totals.cost == 103_000_000)
        #expect(valuation.totals.value == 101_000_000)
        #expect(valuation.totals.profit == -2_000_000)
        #expect(valuation.totals.profitPercent == ExactDecimal("-1.941747572815533981"))
        #expect(valuation.totals.cash == 1_000_000)
        #expect(valuation.totals.assets == 102_000_000)
        #expect(valuation.totals.unpriced == 0)
    }

    @Test func positionsWithoutAPriceAreListedLastAndLeftOutOfTheSums() throws {
        var holdings = Holdings()
        for entry in [
            buy(btc, "1", at: "100"), buy(gone, "5", at: "10"), buy(eth, "2", at: "50"), buy(btc, "1", at: "90", on: .upbit),
        ] {
            try holdings.record(entry)
        }
        let board = BoardSnapshot(snapshot([btc: (110, 0)], listing: [btc, eth]))
        let valuation = HoldingsValuation(holdings, board: board)
        #expect(valuation.rows.map(\.pricing) == [.priced, .notFollowed, .awaiting, .unlisted])
        #expect(valuation.rows.map(\.position.market) == [btc, btc, eth, gone], "by market after the priced")
        #expect(valuation.rows[3].value == nil)
        #expect(valuation.rows[3].position.quantity == 5, "never dropped")
        #expect(valuation.totals.cost == 100)
        #expect(valuation.totals.value == 110)
        #expect(valuation.totals.unpriced == 3)
        #expect(valuation.rows[0].weightPercent == 100)
    }

    @Test func nothingHeldValuesToZeroWithoutAPercent() {
        let valuation = HoldingsValuation(.empty, board: BoardSnapshot(snapshot([:], listing: [btc])))
        #expect(valuation.rows.isEmpty)
        #expect(valuation.totals.profitPercent == nil)
        #expect(valuation.totals.assets == .zero)
    }

    @Test func realizedProfitCountsPositionsSoldOut() throws {
        var holdings = Holdings()
        try holdings.record(buy(btc, "1", at: "100"))
        try holdings.record(
            LedgerEntry(id: "s", exchange: .bithumb, asset: .coin(btc), side: .sell, quantity: 1, price: 130, time: time))
        let valuation = HoldingsValuation(holdings, board: BoardSnapshot(snapshot([btc: (120, 0)], listing: [btc])))
        #expect(valuation.rows.isEmpty)
        #expect(valuation.totals.realizedProfit == 30)
    }
}

/// `a × b ÷ c` worked out exactly and rounded once.
@Suite struct ExactDecimalScaledProductTests {
    @Test func isRoundedOnceHalfToEven() {
        let third = ExactDecimal(1).multiplied(by: 1, dividedBy: 3)
        #expect(third == ExactDecimal("0.333333333333333333"))
        let twoThirds = ExactDecimal(2).multiplied(by: 1, dividedBy: 3)
        #expect(twoThirds == ExactDecimal("0.666666666666666667"))
        let halfUnitDown = ExactDecimal("0.000000000000000001")!.multiplied(by: 1, dividedBy: 2)
        #expect(halfUnitDown == .zero, "half of 10⁻¹⁸ rounds to the even 0")
        let halfUnitUp = ExactDecimal("0.000000000000000003")!.multiplied(by: 1, dividedBy: 2)
        #expect(halfUnitUp == ExactDecimal("0.000000000000000002"), "1.5 units round to the even 2")
        #expect(ExactDecimal(-7).multiplied(by: 2, dividedBy: -4) == ExactDecimal("3.5"))
        #expect(ExactDecimal(-7).multiplied(by: 2, dividedBy: 4) == ExactDecimal("-3.5"))
    }

    @Test func aProductBeyondTheRangeIsDividedBackExactly() {
        let big = ExactDecimal("99999999999999999999")!
        #expect(big.multiplied(by: big, dividedBy: big) == big, "10⁴⁰ in between, no saturation")
        #expect(big.multiplied(by: 10, dividedBy: 1) == .greatestMagnitude)
        #expect((-big).multiplied(by: 10, dividedBy: 1) == -ExactDecimal.greatestMagnitude)
        #expect(big.multiplied(by: 1, dividedBy: .zero) == nil)
    }
}
