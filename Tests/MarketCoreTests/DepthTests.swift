import MarketCore
import Testing

/// Book statistics, grouping (호가 모아보기), market impact and typed KRW amounts.
struct DepthTests {
    let btc = MarketCode(code: "KRW-BTC")!

    func decimal(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

    func level(_ price: String, _ quantity: String) -> BookLevel { BookLevel(price: decimal(price), quantity: decimal(quantity)) }

    func book(bids: [BookLevel], asks: [BookLevel]) -> OrderBook {
        OrderBook(market: btc, bids: bids, asks: asks, timestamp: Timestamp(microseconds: 1))
    }

    /// A random book: up to 40 levels a side around a random price, sizes with up to 8 decimals.
    func randomBook(_ generator: inout SeededGenerator) -> OrderBook {
        let tick = ExactDecimal(count: 1, fractionDigits: Int.random(in: 0...3, using: &generator))
        let mid = ExactDecimal(Int.random(in: 100...10_000_000, using: &generator))
        func side(_ sign: Int) -> [BookLevel] {
            (0..<Int.random(in: 0...40, using: &generator)).map { index in
                let price = mid + tick * ExactDecimal(sign * (index + 1) * Int.random(in: 1...3, using: &generator))
                return BookLevel(
                    price: price,
                    quantity: ExactDecimal(count: Int.random(in: 1...100_000_000_000, using: &generator), fractionDigits: 8))
            }
        }
        return book(bids: side(-1), asks: side(1))
    }

    @Test func statisticsOfABook() {
        let stats = BookStatistics(
            book(
                bids: [level("99000", "2"), level("98000", "1"), level("90000", "5")],
                asks: [level("100000", "1"), level("101000", "0.5"), level("120000", "4.5")]))
        #expect(stats.spread == decimal("1000"))
        #expect(stats.spreadTicks == 20)
        #expect(stats.mid == decimal("99500"))
        #expect(stats.spreadBasisPoints == decimal("100.502512562814070352"))
        #expect(stats.bidTotal == decimal("8"))
        #expect(stats.askTotal == decimal("6"))
        #expect(stats.bidNearMid == decimal("2"))
        #expect(stats.askNearMid == decimal("1"))
        #expect(stats.imbalance == decimal("0.142857142857142857"))
    }

    @Test func statisticsOfAOneSidedAndAnEmptyBook() {
        let oneSided = BookStatistics(book(bids: [level("5", "3")], asks: []))
        #expect(oneSided.spread == nil && oneSided.mid == nil && oneSided.spreadTicks == nil)
        #expect(oneSided.imbalance == decimal("1"))
        let empty = BookStatistics(book(bids: [], asks: []))
        #expect(empty.imbalance == nil && empty.bidTotal == .zero)
    }

    @Test func groupingGathersLevelsWithoutCrossingTheSpread() {
        let grouping = BookGrouping(ticks: 10)
        let bucket = grouping.bucket(near: decimal("131250000"))
        #expect(bucket == decimal("10000"))
        let bids = grouping.grouped(
            [level("131249000", "1"), level("131241000", "2"), level("131240000", "0.5"), level("131239000", "4")],
            side: .bid, bucket: bucket)
        #expect(bids == [level("131240000", "3.5"), level("131230000", "4")])
        let asks = grouping.grouped(
            [level("131251000", "1"), level("131260000", "2"), level("131261000", "3")], side: .ask, bucket: bucket)
        #expect(asks == [level("131260000", "3"), level("131270000", "3")])
    }

    @Test func groupingStepsThroughOneTwoFive() {
        #expect(BookGrouping.steps.prefix(8) == [1, 2, 5, 10, 20, 50, 100, 200])
        #expect(BookGrouping.none.stepped(by: 1).ticks == 2)
        #expect(BookGrouping(ticks: 50).stepped(by: 1).ticks == 100)
        #expect(BookGrouping(ticks: 50).stepped(by: -1).ticks == 20)
        #expect(BookGrouping.none.stepped(by: -1) == .none)
        let coarsest = BookGrouping(ticks: BookGrouping.steps.last!)
        #expect(coarsest.stepped(by: 1) == coarsest)
    }

    /// Grouping only moves size between prices: each side's total is unchanged, prices stay
    /// ordered and distinct, and no bid bucket reaches an ask bucket.
    @Test func groupingPreservesTotalSize() {
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<2_000 {
            let book = randomBook(&generator)
            let grouping = BookGrouping(ticks: BookGrouping.steps.randomElement(using: &generator)!)
            let bucket = grouping.bucket(near: book.bestBid?.price ?? book.bestAsk?.price ?? 1)
            let bids = grouping.grouped(book.bids, side: .bid, bucket: bucket)
            let asks = grouping.grouped(book.asks, side: .ask, bucket: bucket)
            #expect(bids.reduce(.zero) { $0 + $1.quantity } == book.bids.reduce(.zero) { $0 + $1.quantity })
            #expect(asks.reduce(.zero) { $0 + $1.quantity } == book.asks.reduce(.zero) { $0 + $1.quantity })
            #expect(zip(bids, bids.dropFirst()).allSatisfy { $0.price > $1.price })
            #expect(zip(asks, asks.dropFirst()).allSatisfy { $0.price < $1.price })
            if let bid = bids.first, let ask = asks.first { #expect(bid.price < ask.price) }
        }
    }

    @Test func aBuyWalksTheAsksAndASellTheBids() {
        let held = book(
            bids: [level("99000", "1"), level("98000", "2")],
            asks: [level("100000", "1"), level("101000", "2")])
        let buy = MarketImpact(.buy, amount: decimal("150000"), in: held)
        #expect(buy.quantity == decimal("1.495049504950495050"))
        #expect(buy.levels == 2)
        #expect(buy.worstPrice == decimal("101000"))
        #expect(buy.averagePrice == decimal("100331.125827814569503202"))
        #expect(buy.slippagePercent == decimal("0.331125827814569503"))
        #expect(buy.isComplete)
        let sell = MarketImpact(.sell, amount: decimal("500000"), in: held)
        #expect(!sell.isComplete)
        #expect(sell.filledAmount == decimal("295000"))
        #expect(sell.quantity == decimal("3"))
        #expect(sell.levels == 2)
        #expect(sell.slippagePercent == decimal("0.673400673400673401"))
        let nothing = MarketImpact(.buy, amount: decimal("1"), in: book(bids: [], asks: []))
        #expect(nothing.averagePrice == nil && nothing.levels == 0 && !nothing.isComplete)
    }

    /// The walk against a reference that finds the last level from running totals.
    @Test func impactEqualsANaiveReference() {
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<10_000 {
            let book = randomBook(&generator)
            let direction: MarketImpact.Direction = Bool.random(using: &generator) ? .buy : .sell
            let side = direction == .buy ? book.asks : book.bids
            let depth = side.reduce(ExactDecimal.zero) { $0 + $1.price * $1.quantity }
            // Amounts from a tenth of the top level to beyond the whole side (books too thin).
            let amount = Swift.max(
                ExactDecimal(1), depth * ExactDecimal(count: Int.random(in: 1...1_300, using: &generator), fractionDigits: 3))
            let impact = MarketImpact(direction, amount: amount, in: book)
            let expected = Self.reference(amount, side)
            #expect(impact.quantity == expected.quantity)
            #expect(impact.filledAmount == expected.filled)
            #expect(impact.levels == expected.levels)
            #expect(impact.worstPrice == expected.worst)
            #expect(impact.isComplete == expected.complete)
            if let best = side.first?.price, !expected.quantity.isZero {
                let average = expected.filled.divided(by: expected.quantity)!
                #expect(impact.averagePrice == average)
                let worse = direction == .buy ? average - best : best - average
                #expect(impact.slippagePercent == Swift.max(.zero, (worse * ExactDecimal(100)).divided(by: best)!))
            }
        }
    }

    static func reference(_ amount: ExactDecimal, _ levels: [BookLevel]) -> (
        quantity: ExactDecimal, filled: ExactDecimal, levels: Int, worst: ExactDecimal?, complete: Bool
    ) {
        var running = ExactDecimal.zero
        let totals = levels.map { level in
            running += level.price * level.quantity
            return running
        }
        guard let last = totals.firstIndex(where: { $0 >= amount }) else {
            return (levels.reduce(.zero) { $0 + $1.quantity }, running, levels.count, levels.last?.price, false)
        }
        let before = last == 0 ? ExactDecimal.zero : totals[last - 1]
        let whole = levels[..<last].reduce(ExactDecimal.zero) { $0 + $1.quantity }
        let part = totals[last] == amount ? levels[last].quantity : (amount - before).divided(by: levels[last].price)!
        return (whole + part, amount, last + 1, levels[last].price, true)
    }

    @Test(arguments: [
        ("1000000", "1000000"), ("1,000,000", "1000000"), ("100만", "1000000"), ("1억", "100000000"),
        ("1.5억", "150000000"), ("2억5천만", "250000000"), ("2억 5000만 원", "250000000"),
        ("3천", "3000"), ("천만", "10000000"), ("5m", "5000000"), ("500k", "500000"), ("1B", "1000000000"),
        ("1조", "1000000000000"), ("12345KRW", "12345"), ("0.5m", "500000"),
    ])
    func typedAmounts(text: String, expected: String) {
        #expect(KRWAmount.parse(text) == ExactDecimal(expected))
    }

    @Test(arguments: ["", "0", "-5", "abc", "1만1억", "5x", "1..2", "만", "1e9", "1억억", "99999999999999999"])
    func notAmounts(text: String) {
        #expect(KRWAmount.parse(text) == nil)
    }
}
