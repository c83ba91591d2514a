import MarketCore
import Testing

@Suite struct OrderBookTests {
    let market = MarketCode(code: "KRW-BTC")!

    func level(_ price: Int, _ quantity: String) -> BookLevel {
        BookLevel(price: ExactDecimal(price), quantity: ExactDecimal(quantity)!)
    }

    @Test func sortsSidesAndDropsEmptyLevels() {
        let book = OrderBook(
            market: market, bids: [level(100, "1"), level(102, "2"), level(101, "0")],
            asks: [level(105, "1"), level(103, "3"), level(104, "0.5")], timestamp: Timestamp(microseconds: 1))
        #expect(book.bids.map(\.price) == [102, 100])
        #expect(book.asks.map(\.price) == [103, 104, 105])
        #expect(book.spread == 1)
        #expect(!book.isCrossed)
        #expect(book.integrityIssues.isEmpty)
    }

    /// A book kept at another level limit equals the book made from the same levels at that
    /// limit: cut at the limit, at one below and one above it, and from books of any order.
    @Test func aBookKeptAtAnotherLimitIsTheBookMadeAtIt() {
        var random = SeededGenerator(seed: 31)
        for _ in 0..<200 {
            let bids = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                level(Int.random(in: 900...1000, using: &random), ["0", "1", "2.5"].randomElement(using: &random)!)
            }
            let asks = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                level(Int.random(in: 1001...1100, using: &random), ["0", "1", "2.5"].randomElement(using: &random)!)
            }
            let made = OrderBook(
                market: market, bids: bids, asks: asks, timestamp: Timestamp(microseconds: 7),
                levelLimit: Int.random(in: 1...25, using: &random))
            for limit in [made.bids.count - 1, made.bids.count, made.bids.count + 1, made.asks.count, 1, 400] {
                let expected = OrderBook(market: market, bids: bids, asks: asks, timestamp: made.timestamp, levelLimit: min(limit, made.levelLimit))
                let kept = OrderBook(made, levelLimit: limit)
                #expect(kept.bids == expected.bids && kept.asks == expected.asks)
                #expect(kept.levelLimit == max(1, limit))
                #expect(kept.market == made.market && kept.timestamp == made.timestamp)
            }
        }
    }

    @Test func zeroQuantityDeletesAndUpdatesAreAbsolute() {
        var book = OrderBook(market: market, bids: [level(100, "1")], asks: [level(101, "1")], timestamp: Timestamp(microseconds: 1))
        book.apply(
            OrderBookDelta(
                market: market,
                changes: [
                    BookChange(side: .bid, price: 100, quantity: .zero),
                    BookChange(side: .bid, price: 99, quantity: ExactDecimal("2.5")!),
                    BookChange(side: .ask, price: 101, quantity: ExactDecimal("4")!),
                    BookChange(side: .ask, price: 500, quantity: .zero),
                ], timestamp: Timestamp(microseconds: 2)))
        #expect(book.bids == [level(99, "2.5")])
        #expect(book.asks == [level(101, "4")])
        #expect(book.timestamp == Timestamp(microseconds: 2))
    }

    @Test func detectsACrossedBook() {
        let book = OrderBook(market: market, bids: [level(101, "1")], asks: [level(101, "1")], timestamp: Timestamp(microseconds: 1))
        #expect(book.isCrossed)
        #expect(book.integrityIssues == [.crossed(bestBid: 101, bestAsk: 101)])
    }

    @Test func oneSidedBookHasNoSpreadAndIsNotCrossed() {
        let book = OrderBook(market: market, bids: [], asks: [level(101, "1")], timestamp: Timestamp(microseconds: 1))
        #expect(book.spread == nil)
        #expect(!book.isCrossed)
        #expect(book.top(15).bids.isEmpty)
    }

    /// The book against a naive model (a dictionary per side, sorted on demand) over random
    /// snapshots and deltas, with a small level limit so truncation is exercised too.
    @Test(arguments: [5, 40, OrderBook.defaultLevelLimit])
    func matchesANaiveReferenceModel(levelLimit: Int) {
        var random = SeededGenerator(seed: UInt64(levelLimit))
        var book = OrderBook(market: market, bids: [], asks: [], timestamp: Timestamp(microseconds: 0), levelLimit: levelLimit)
        var referenceBids: [ExactDecimal: ExactDecimal] = [:]
        var referenceAsks: [ExactDecimal: ExactDecimal] = [:]
        func truncate(_ side: inout [ExactDecimal: ExactDecimal], keepHighest: Bool) {
            guard side.count > levelLimit else { return }
            let kept = side.keys.sorted(by: keepHighest ? (>) : (<)).prefix(levelLimit)
            side = side.filter { kept.contains($0.key) }
        }
        func randomQuantity() -> ExactDecimal {
            Bool.random(using: &random) && Int.random(in: 0..<4, using: &random) == 0
                ? .zero : ExactDecimal(Int.random(in: 1...100_000, using: &random)).shifted(byPowerOfTen: -4)
        }
        for step in 0..<12_000 {
            if step % 1000 == 999 {
                let bids = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                    BookLevel(price: ExactDecimal(Int.random(in: 900...1000, using: &random)), quantity: randomQuantity())
                }
                let asks = (0..<Int.random(in: 0...60, using: &random)).map { _ in
                    BookLevel(price: ExactDecimal(Int.random(in: 1001...1100, using: &random)), quantity: randomQuantity())
                }
                book.replace(bids: bids, asks: asks, timestamp: Timestamp(microseconds: Int64(step)))
                referenceBids = [:]
                referenceAsks = [:]
                for level in bids where level.quantity > .zero { referenceBids[level.price] = level.quantity }
                for level in asks where level.quantity > .zero { referenceAsks[level.price] = level.quantity }
            } else {
                let side: BookSide = Bool.random(using: &random) ? .bid : .ask
                let price = ExactDecimal(
                    side == .bid
                        ? Int.random(in: 900...1000, using: &random)
                        : Int.random(in: 1001...1100, using: &random))
                let quantity = randomQuantity()
                book.apply(
                    OrderBookDelta(
                        market: market, changes: [BookChange(side: side, price: price, quantity: quantity)],
                        timestamp: Timestamp(microseconds: Int64(step))))
                if side == .bid {
                    referenceBids[price] = quantity.isZero ? nil : quantity
                } else {
                    referenceAsks[price] = quantity.isZero ? nil : quantity
                }
            }
            truncate(&referenceBids, keepHighest: true)
            truncate(&referenceAsks, keepHighest: false)
            let expectedBids = referenceBids.sorted { $0.key > $1.key }.map { BookLevel(price: $0.key, quantity: $0.value) }
            let expectedAsks = referenceAsks.sorted { $0.key < $1.key }.map { BookLevel(price: $0.key, quantity: $0.value) }
            #expect(book.bids == expectedBids)
            #expect(book.asks == expectedAsks)
            #expect(book.integrityIssues.isEmpty)
            if book.bids != expectedBids || book.asks != expectedAsks { break }
        }
    }
}
