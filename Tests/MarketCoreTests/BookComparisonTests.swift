import MarketCore
import Testing

@Suite struct BookComparisonTests {
    let btc = MarketCode(code: "KRW-BTC")!

    func book(bids: [(ExactDecimal, ExactDecimal)], asks: [(ExactDecimal, ExactDecimal)]) -> OrderBook {
        OrderBook(
            market: btc, bids: bids.map { BookLevel(price: $0.0, quantity: $0.1) }, asks: asks.map { BookLevel(price: $0.0, quantity: $0.1) },
            timestamp: Timestamp(microseconds: 1))
    }

    @Test func bothBooksShareOnePriceAxisHighestFirst() {
        let comparison = BookComparison(
            bithumb: book(bids: [(99, 1), (98, 2)], asks: [(101, 3)]),
            upbit: book(bids: [(100, 4)], asks: [(101, 5), (103, 6)]))
        #expect(comparison.rows.map(\.price) == [103, 101, 100, 99, 98])
        let shared = comparison.rows[1]
        #expect(shared.bithumb == BookComparison.Resting(side: .ask, quantity: 3))
        #expect(shared.upbit == BookComparison.Resting(side: .ask, quantity: 5))
        #expect(comparison.rows[2].bithumb == nil && comparison.rows[2].upbit?.side == .bid)
        #expect(comparison.cross == nil)
        #expect(comparison.rows.allSatisfy { !$0.isCrossed })
        #expect(comparison.rows[comparison.middleIndex].price == 100, "the middle of 100 and 101")
        #expect(comparison.isBest(comparison.rows[2], on: .upbit) && !comparison.isBest(comparison.rows[4], on: .bithumb))
    }

    @Test(arguments: [Exchange.bithumb, .upbit])
    func oneExchangesBidAboveTheOthersAskIsACross(highBidOn: Exchange) throws {
        let high = book(bids: [(105, 1), (104, 1)], asks: [(106, 1)])
        let low = book(bids: [(101, 1)], asks: [(102, 1), (103, 1), (107, 1)])
        let comparison =
            highBidOn == .bithumb ? BookComparison(bithumb: high, upbit: low) : BookComparison(bithumb: low, upbit: high)
        let cross = try #require(comparison.cross)
        #expect(cross.sellOn == highBidOn)
        #expect(cross.buyOn != highBidOn)
        #expect(cross.bid == 105 && cross.ask == 102 && cross.edge == 3)
        #expect(comparison.rows.filter(\.isCrossed).map(\.price) == [105, 104, 103, 102])
    }

    @Test func touchingBooksAndMissingOnesDoNotCross() {
        #expect(BookComparison(bithumb: book(bids: [(100, 1)], asks: []), upbit: book(bids: [], asks: [(100, 1)])).cross == nil)
        let one = BookComparison(bithumb: book(bids: [(100, 1)], asks: [(101, 1)]), upbit: nil)
        #expect(one.cross == nil && one.rows.count == 2)
        let none = BookComparison(bithumb: nil, upbit: nil)
        #expect(none.rows.isEmpty && none.middleIndex == 0)
    }
}
