import MarketCore
import Testing

/// Positions computed from the ledger: buying in, selling at a profit or a loss, the exact cost
/// and average at extreme sizes, and the entries refused.
@Suite struct HoldingsTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let start = Timestamp(microseconds: 1_790_000_000_000_000)

    func entry(
        _ side: LedgerEntry.Side, _ quantity: String, at price: String?, of asset: LedgerEntry.Asset? = nil,
        on exchange: Exchange = .bithumb, second: Int64 = 0
    ) -> LedgerEntry {
        LedgerEntry(
            id: "\(second)-\(side)-\(quantity)", exchange: exchange, asset: asset ?? .coin(btc), side: side,
            quantity: ExactDecimal(quantity)!, price: price.flatMap { ExactDecimal($0) },
            time: start.advanced(byMicroseconds: second * 1_000_000))
    }

    func holdings(_ entries: LedgerEntry...) throws -> Holdings {
        var holdings = Holdings()
        for entry in entries { try holdings.record(entry) }
        return holdings
    }

    @Test func buyingInAddsQuantityAndTheExactCost() throws {
        let holdings = try holdings(
            entry(.buy, "0.5", at: "95000000", second: 1), entry(.buy, "0.25", at: "120000000", second: 2))
        let position = try #require(holdings.manualPosition(on: .bithumb, in: btc))
        #expect(position.quantity == ExactDecimal("0.75"))
        #expect(position.cost == ExactDecimal("77500000"))
        #expect(position.averagePrice == ExactDecimal("103333333.333333333333333333"))
        #expect(position.realizedProfit == .zero)
        #expect(position.source == .manual)
    }

    @Test func aSellLowersQuantityAndCostInProportionAndTakesItsProfit() throws {
        let holdings = try holdings(
            entry(.buy, "1", at: "100", second: 1), entry(.buy, "2", at: "130", second: 2),
            entry(.sell, "1.5", at: "150", second: 3))
        let position = try #require(holdings.manualPosition(on: .bithumb, in: btc))
        #expect(position.quantity == ExactDecimal("1.5"))
        #expect(position.cost == ExactDecimal("180"), "half the 360 paid stays")
        #expect(position.averagePrice == ExactDecimal("120"), "a sell leaves the average where it was")
        #expect(position.realizedProfit == ExactDecimal("45"), "(150 − 120) × 1.5")
    }

    @Test func aSellAtALossTakesANegativeProfitAndSellingOutLeavesOnlyIt() throws {
        let holdings = try holdings(
            entry(.buy, "3", at: "100", second: 1), entry(.sell, "1", at: "70", second: 2),
            entry(.sell, "2", at: "110", second: 3))
        #expect(holdings.manualPosition(on: .bithumb, in: btc) == nil, "nothing is held")
        let soldOut = try #require(holdings.positions.first)
        #expect(soldOut.quantity == .zero)
        #expect(soldOut.cost == .zero)
        #expect(soldOut.realizedProfit == ExactDecimal("-10"), "−30 then +20")
    }

    @Test func aProportionalCostIsRoundedOnceHalfToEven() throws {
        let holdings = try holdings(entry(.buy, "3", at: "1", second: 1), entry(.sell, "1", at: "1", second: 2))
        let position = try #require(holdings.manualPosition(on: .bithumb, in: btc))
        #expect(position.cost == ExactDecimal("2"), "3 × 2 ÷ 3, not 3 − 3 × (1 ÷ 3) rounded")
        let thirds = try self.holdings(entry(.buy, "3", at: "0.000000000000000001", second: 1), entry(.sell, "1", at: "1", second: 2))
        #expect(
            thirds.manualPosition(on: .bithumb, in: btc)?.cost == ExactDecimal("0.000000000000000002"),
            "3e-18 − (3e-18 × 1 ÷ 3 = 1e-18)")
    }

    @Test func extremeSizesStayExact() throws {
        let tiny = try holdings(entry(.buy, "0.00000001", at: "99999999999", second: 1))
        #expect(tiny.manualPosition(on: .bithumb, in: btc)?.cost == ExactDecimal("999.99999999"))
        let huge = try holdings(
            entry(.buy, "1000000000", at: "9999999999.99999999", second: 1), entry(.sell, "1", at: "1", second: 2))
        let position = try #require(huge.manualPosition(on: .bithumb, in: btc))
        #expect(position.cost == ExactDecimal("9999999989999999990.00000001"), "the cost less a billionth, exact")
        #expect(position.quantity == ExactDecimal("999999999"))
        #expect(position.realizedProfit == ExactDecimal("-9999999998.99999999"))
    }

    @Test func theLedgerIsReplayedInTimeOrderWhateverOrderItWasEnteredIn() throws {
        var holdings = Holdings()
        holdings.ledger = [entry(.sell, "1", at: "200", second: 5), entry(.buy, "2", at: "100", second: 1)]
        let position = try #require(holdings.manualPosition(on: .bithumb, in: btc))
        #expect(position.quantity == 1)
        #expect(position.realizedProfit == 100)
    }

    @Test func aMergedLedgerThatSellsMoreThanHeldSellsWhatIsHeld() throws {
        var holdings = Holdings()
        holdings.ledger = [entry(.buy, "1", at: "100", second: 1), entry(.sell, "3", at: "150", second: 2)]
        let position = try #require(holdings.positions.first)
        #expect(position.quantity == .zero)
        #expect(position.realizedProfit == 50)
    }

    @Test func entriesThatCannotBeAreRefusedAndLeaveTheLedgerAlone() throws {
        var holdings = try holdings(entry(.buy, "1", at: "100", second: 1))
        let before = holdings
        #expect(throws: HoldingsError.sellsMoreThanHeld(ExactDecimal("1.5")!, held: 1)) {
            try holdings.record(entry(.sell, "1.5", at: "100", second: 2))
        }
        #expect(throws: HoldingsError.notPositive("quantity", .zero)) {
            try holdings.record(entry(.buy, "0", at: "100", second: 2))
        }
        #expect(throws: HoldingsError.notPositive("price", -1)) {
            try holdings.record(entry(.buy, "1", at: "-1", second: 2))
        }
        #expect(throws: HoldingsError.notPositive("price", .zero)) {
            try holdings.record(entry(.buy, "1", at: nil, second: 2))
        }
        let usdt = MarketCode(code: "USDT-BTC")!
        #expect(throws: HoldingsError.notAKRWMarket("USDT-BTC")) {
            try holdings.record(entry(.buy, "1", at: "1", of: .coin(usdt), second: 2))
        }
        #expect(throws: HoldingsError.sellsMoreThanHeld(1, held: 0), "held on the other exchange only") {
            try holdings.record(entry(.sell, "1", at: "100", on: .upbit, second: 2))
        }
        #expect(holdings == before)
    }

    @Test func aSaleIsCheckedAgainstWhatIsHeldBeforeItsPriceIsKnown() throws {
        let holdings = try holdings(
            entry(.buy, "1", at: "100", second: 1), entry(.buy, "500", at: nil, of: .cash, second: 2))
        try holdings.checkSale(of: 1, .coin(btc), on: .bithumb)
        try holdings.checkSale(of: 500, .cash, on: .bithumb)
        #expect(throws: HoldingsError.sellsMoreThanHeld(99, held: 1)) { try holdings.checkSale(of: 99, .coin(btc), on: .bithumb) }
        #expect(throws: HoldingsError.sellsMoreThanHeld(1, held: 0), "held on bithumb only") {
            try holdings.checkSale(of: 1, .coin(btc), on: .upbit)
        }
        #expect(throws: HoldingsError.sellsMoreThanHeld(501, held: 500)) { try holdings.checkSale(of: 501, .cash, on: .bithumb) }
    }

    @Test func cashIsKeptApartAndTheAccountsAddTheirs() throws {
        var holdings = try holdings(
            entry(.buy, "1000000", at: nil, of: .cash, second: 1), entry(.sell, "250000", at: nil, of: .cash, second: 2),
            entry(.buy, "1", at: "100", second: 3))
        #expect(holdings.cash == 750_000)
        #expect(throws: HoldingsError.sellsMoreThanHeld(800_000, held: 750_000)) {
            try holdings.record(entry(.sell, "800000", at: nil, of: .cash, second: 4))
        }
        holdings.accounts[.upbit] = AccountRead(
            exchange: .upbit, readAt: start, cash: 50_000,
            balances: [.init(market: eth, quantity: ExactDecimal("2.5")!, averagePrice: 4_000_000)])
        #expect(holdings.cash == 800_000)
        let account = try #require(holdings.positions.first { $0.source == .account })
        #expect(account.market == eth)
        #expect(account.exchange == .upbit)
        #expect(account.cost == 10_000_000)
    }

    @Test func removingAMarketDropsItsEntriesOnThatExchangeOnly() throws {
        var holdings = try holdings(
            entry(.buy, "1", at: "100", second: 1), entry(.buy, "1", at: "100", on: .upbit, second: 2),
            entry(.buy, "1", at: "5", of: .coin(eth), second: 3))
        #expect(holdings.remove(.coin(btc), on: .bithumb) == 1)
        #expect(holdings.manualPosition(on: .bithumb, in: btc) == nil)
        #expect(holdings.manualPosition(on: .upbit, in: btc)?.quantity == 1)
        #expect(holdings.manualPosition(on: .bithumb, in: eth)?.quantity == 1)
    }

    @Test func aNewIDIsNumberedWhenTaken() {
        let first = LedgerEntry.newID(exchange: .upbit, asset: .coin(btc), at: start, in: [])
        #expect(first == "\(start.microseconds)-upbit-KRW-BTC")
        let taken = LedgerEntry(
            id: first, exchange: .upbit, asset: .coin(btc), side: .buy, quantity: 1, price: 1, time: start)
        #expect(LedgerEntry.newID(exchange: .upbit, asset: .coin(btc), at: start, in: [taken]) == first + "-2")
        #expect(LedgerEntry.newID(exchange: .upbit, asset: .cash, at: start, in: []) == "\(start.microseconds)-upbit-KRW")
    }
}
