import DashboardRuntime
import DashboardUI
import Logging
import MarketCore
import RuntimeTestSupport
import Testing

@Suite struct WatchlistSyncTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let sol = MarketCode(code: "KRW-SOL")!
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func startLoadsTheSavedFavorites() async {
        var sync = WatchlistSync(repository: MemoryWatchlist(stored: [eth, btc]), logger: logger)
        #expect(await sync.start() == [.watchlistLoaded(Watchlist(favorites: [eth, btc]))])
    }

    @Test func anUnreadableWatchlistStartsEmptyAndSaysWhy() async {
        let repository = MemoryWatchlist(stored: [btc])
        await repository.setFailing(true)
        var sync = WatchlistSync(repository: repository, logger: logger)
        #expect(await sync.start() == [.watchlistLoaded(Watchlist(favorites: [])), .watchlistProblem("watchlist: disk full")])
    }

    @Test func aFailedSaveIsShownRetriedOnEachTickAndClearedWhenItLands() async {
        let repository = MemoryWatchlist()
        var sync = WatchlistSync(repository: repository, logger: logger)
        _ = await sync.start()
        await repository.setFailing(true)
        #expect(await sync.handle(.changed(Watchlist(favorites: [btc]))) == [.watchlistProblem("watchlist not saved (1×, retrying): disk full")])
        #expect(await sync.handle(.tick) == [.watchlistProblem("watchlist not saved (2×, retrying): disk full")])
        await repository.setFailing(false)
        #expect(await sync.handle(.tick) == [.watchlistProblem(nil)])
        #expect(await repository.stored == [btc])
        #expect(await sync.handle(.tick).isEmpty)
        #expect(await repository.saves == 1)
    }

    @Test func anotherInstancesSaveReachesTheScreenOnTheNextTick() async {
        let repository = MemoryWatchlist(stored: [btc])
        var sync = WatchlistSync(repository: repository, logger: logger)
        _ = await sync.start()
        #expect(await sync.handle(.tick).isEmpty)
        await repository.setStored([btc, sol])
        #expect(await sync.handle(.tick) == [.watchlistSynced(Watchlist(favorites: [btc, sol]), replacing: Watchlist(favorites: [btc]))])
        #expect(await sync.handle(.changed(Watchlist(favorites: [btc, sol, eth]))).isEmpty)
        #expect(await repository.stored == [btc, sol, eth])
    }

    @Test func aSaveMergedWithAnotherInstanceReportsTheMergedList() async {
        let repository = MemoryWatchlist(stored: [btc])
        var sync = WatchlistSync(repository: repository, logger: logger)
        _ = await sync.start()
        await repository.setStored([btc, sol])
        #expect(
            await sync.handle(.changed(Watchlist(favorites: [btc, eth]))) == [
                .watchlistSynced(Watchlist(favorites: [btc, eth, sol]), replacing: Watchlist(favorites: [btc, eth]))
            ])
    }

    @Test func aMissingFileOnATickChangesNothing() async {
        let repository = MemoryWatchlist(stored: [btc])
        var sync = WatchlistSync(repository: repository, logger: logger)
        _ = await sync.start()
        await repository.setStored(nil)
        #expect(await sync.handle(.tick).isEmpty)
    }
}
