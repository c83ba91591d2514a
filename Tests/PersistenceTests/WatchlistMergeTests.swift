import MarketCore
import Persistence
import Testing

@Suite struct WatchlistMergeTests {
    private func codes(_ symbols: String...) -> [MarketCode] {
        symbols.compactMap { MarketCode(code: "KRW-\($0)") }
    }

    @Test func bothSidesAdditionsAreKept() {
        let merged = WatchlistMerge.merge(base: codes("BTC"), ours: codes("BTC", "ETH"), theirs: codes("BTC", "SOL"))
        #expect(merged == codes("BTC", "SOL", "ETH"))
    }

    @Test func bothSidesRemovalsAreHonoured() {
        let base = codes("BTC", "ETH", "SOL")
        #expect(WatchlistMerge.merge(base: base, ours: codes("BTC", "SOL"), theirs: codes("ETH", "SOL")) == codes("SOL"))
    }

    @Test func ourReorderWinsAndTheirChangesStillCount() {
        let base = codes("BTC", "ETH", "SOL")
        let merged = WatchlistMerge.merge(base: base, ours: codes("SOL", "BTC", "ETH"), theirs: codes("BTC", "SOL", "XRP"))
        #expect(merged == codes("SOL", "BTC", "XRP"))
    }

    @Test func theirReorderIsKeptWhenWeOnlyAdd() {
        let base = codes("BTC", "ETH")
        #expect(WatchlistMerge.merge(base: base, ours: codes("BTC", "ETH", "XRP"), theirs: codes("ETH", "BTC")) == codes("ETH", "BTC", "XRP"))
    }

    @Test func withNoChangeOnEitherSideNothingMoves() {
        let base = codes("BTC", "ETH")
        #expect(WatchlistMerge.merge(base: base, ours: base, theirs: base) == base)
        #expect(WatchlistMerge.merge(base: [], ours: [], theirs: base) == base)
    }

    @Test func bothAddingTheSameMarketKeepsOneCopy() {
        #expect(WatchlistMerge.merge(base: [], ours: codes("BTC"), theirs: codes("BTC")) == codes("BTC"))
    }
}
