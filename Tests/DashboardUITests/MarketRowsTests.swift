import MarketCore
import Testing

@testable import DashboardUI

/// Sorting starting from the previous rows gives the rows sorting from the listing gives, for
/// every key and direction, as prices move, markets lose and gain tickers, the listing changes,
/// snapshots go unsorted and the previous rows come in any order.
@Suite struct MarketRowsTests {
    typealias Sample = SampleMarket

    /// Forty markets with repeated keys, so ties (broken by code) are common.
    static let markets: [Market] = (0..<40).map { index in
        Market(code: MarketCode(quote: "KRW", base: "C\(index)")!, koreanName: "코인\(index % 7)", englishName: "Coin \(index % 9)")
    }

    @Test func rowsSortedFromThePreviousRowsAreRowsSortedFromTheListing() {
        var random = SeededGenerator(seed: 0x5071_0DE5)
        let orders = SortKey.allCases.filter { $0 != .gap }.flatMap { key in
            [SortOrder(key: key, isDescending: true), SortOrder(key: key, isDescending: false)]
        }
        for sort in orders {
            var market = MarketState()
            market.apply(.markets(Self.markets))
            var now = Sample.now
            var previous = MarketRows.Sorted()
            var listed = Self.markets
            for step in 0..<60 {
                now = now.advanced(byMicroseconds: 40_000)
                if Int.random(in: 0..<6, using: &random) == 0 {
                    // A market delisted, or one listed (in won, or in tether: not on the KRW tab).
                    if listed.count > Self.markets.count - 3, Bool.random(using: &random) {
                        listed.remove(at: Int.random(in: 0..<listed.count, using: &random))
                    } else {
                        let quote = Bool.random(using: &random) ? "KRW" : "USDT"
                        listed.append(Market(code: MarketCode(quote: quote, base: "N\(step)")!, koreanName: "신규", englishName: "New"))
                    }
                    market.apply(.markets(listed), receivedAt: now)
                }
                let listing = Dictionary(uniqueKeysWithValues: listed.map { ($0.code, $0) })
                for _ in 0..<Int.random(in: 0..<8, using: &random) {
                    let code = listed[Int.random(in: 0..<listed.count, using: &random)].code
                    market.apply(.ticker(Sample.ticker(code, price: 990 + Int.random(in: 0..<20, using: &random), at: now)))
                }
                if Int.random(in: 0..<5, using: &random) == 0 {
                    _ = market.snapshot(at: now, feed: FeedStatus(state: .live))
                    let code = Self.markets[Int.random(in: 0..<Self.markets.count, using: &random)].code
                    market.apply(.ticker(Sample.ticker(code, price: 990 + Int.random(in: 0..<20, using: &random), at: now)))
                }
                let board = BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))
                let query = Int.random(in: 0..<10, using: &random) == 0 ? "c1" : ""
                func rows(after previous: MarketRows.Sorted) -> MarketRows.Sorted {
                    MarketRows.make(
                        board: board, exchange: .bithumb, listing: listing, tab: .krw, favorites: [], query: query, sort: sort,
                        language: .korean, previous: previous)
                }
                let fromListing = rows(after: MarketRows.Sorted())
                let fromPrevious = rows(after: previous)
                let shuffled = rows(after: MarketRows.Sorted(matched: fromListing.matched, rows: fromListing.rows.shuffled(using: &random)))
                #expect(fromPrevious == fromListing, "\(sort)")
                #expect(shuffled == fromListing, "\(sort)")
                if sort.key != .favoritesOrder {
                    #expect(Set(fromListing.rows) == Set(fromListing.matched) && fromListing.rows.count == fromListing.matched.count)
                }
                previous = fromPrevious
            }
        }
    }
}
