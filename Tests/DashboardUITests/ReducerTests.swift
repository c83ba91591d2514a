import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Every key of the dashboard, through the reducer: the exact commands each returns and the
/// whole state after it (``ReducerStore``).
@Suite struct ReducerTests {
    typealias Sample = SampleMarket

    /// The sample's table order by traded value.
    let byValue = [Sample.xrp, Sample.btc, Sample.eth, Sample.doge, Sample.sol]

    @Test func qQuits() {
        var store = ReducerStore(Sample.state())
        store.press(.character("q"), [.quit])
    }

    @Test func tabStepsThroughKRWFavoritesAndHoldings() {
        var store = ReducerStore(Sample.state(favorites: [Sample.sol, Sample.btc]))
        #expect(store.state.table.rows == byValue)
        store.press(.tab) {
            $0.table.tab = .favorites
            $0.table.rows = [Sample.sol, Sample.btc]
            $0.table.selection = Sample.sol
        }
        store.press(.tab) {
            $0.table.tab = .holdings
            $0.table.rows = []
            $0.table.selection = nil
        }
        store.press(.tab) {
            $0.table.tab = .krw
            $0.table.rows = byValue
            $0.table.selection = Sample.xrp
        }
    }

    @Test func arrowsAndJKMoveTheSelectionWithinTheRows() {
        var store = ReducerStore(Sample.state())
        #expect(store.state.table.selection == Sample.xrp)
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.character("j")) { $0.table.selection = Sample.eth }
        store.press(.up) { $0.table.selection = Sample.btc }
        store.press(.character("k")) { $0.table.selection = Sample.xrp }
        store.press(.character("k"))
        store.press(.up)
        store.press(.character("G")) { $0.table.selection = Sample.sol }
        store.press(.down)
        store.press(.home) { $0.table.selection = Sample.xrp }
    }

    @Test func pageKeysMoveAPageAndScroll() {
        var store = ReducerStore(Sample.state(width: 80, height: 6))
        #expect(store.state.visibleRowCount == 3)
        store.press(.pageDown) {
            $0.table.selection = Sample.doge
            $0.table.hasChosenSelection = true
            $0.table.scrollOffset = 1
        }
        store.press(.pageDown) {
            $0.table.selection = Sample.sol
            $0.table.scrollOffset = 2
        }
        store.press(.pageUp) {
            $0.table.selection = Sample.btc
            $0.table.scrollOffset = 1
        }
    }

    @Test func enterOpensTheDetailAndFollowsTheMarketEscGoesBack() {
        var store = ReducerStore(Sample.state())
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        store.press(.escape, [.follow(nil, .oneMinute)]) { $0.screen = .markets }
    }

    /// Snapshots taken in while the detail view is up leave the table's rows as they were (no
    /// one sees them); back on the table, or at any key, they are listed as a table that saw
    /// every snapshot lists them.
    @Test func rowsAreListedAgainWhenTheTableCouldBeSeen() {
        var market = MarketState()
        market.apply(.markets(Sample.markets))
        for ticker in Sample.tickers { market.apply(.ticker(ticker)) }
        let first = BoardSnapshot(market.snapshot(at: Sample.now, feed: FeedStatus(state: .live)))
        var table = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 100, height: 16), now: Sample.now)
        _ = table.reduce(.snapshotArrived(first))
        var detail = table
        _ = detail.reduce(.keyPressed(.enter))
        #expect(detail.screen == .detail(Sample.xrp))
        for (step, code) in [Sample.sol, Sample.doge, Sample.eth].enumerated() {
            let at = Sample.now.advanced(byMicroseconds: Int64(step + 1) * 1_000_000)
            market.apply(.ticker(Sample.ticker(code, price: 1_000_000_000 + step, at: at)))
            let board = BoardSnapshot(market.snapshot(at: at, feed: FeedStatus(state: .live)))
            _ = detail.reduce(.snapshotArrived(board))
            _ = table.reduce(.snapshotArrived(board))
        }
        #expect(detail.table.rows == byValue, "not listed for snapshots while the detail view is up")
        #expect(table.table.rows == [Sample.eth, Sample.doge, Sample.sol, Sample.xrp, Sample.btc])
        var keyed = detail
        _ = keyed.reduce(.keyPressed(.character("?")))
        #expect(keyed.table.rows == table.table.rows, "a key lists them first")
        _ = detail.reduce(.keyPressed(.escape))
        #expect(detail.screen == .markets)
        #expect(detail.table.rows == table.table.rows)
        #expect(detail.table.selection == table.table.selection)
    }

    @Test func fAndSpaceToggleAFavoriteAndAskForASave() {
        var store = ReducerStore(Sample.state())
        store.press(.character("f"), [.saveWatchlist(Watchlist(favorites: [Sample.xrp]))]) {
            $0.favorites = [Sample.xrp]
            $0.table.hasChosenSelection = true
        }
        store.press(.down) { $0.table.selection = Sample.btc }
        store.press(.character(" "), [.saveWatchlist(Watchlist(favorites: [Sample.xrp, Sample.btc]))]) {
            $0.favorites = [Sample.xrp, Sample.btc]
        }
        store.press(.character("f"), [.saveWatchlist(Watchlist(favorites: [Sample.xrp]))]) { $0.favorites = [Sample.xrp] }
    }

    @Test func removingAFavoriteInTheFavoritesTabKeepsTheHighlightOnTheSameRow() {
        var store = ReducerStore(Sample.state(favorites: [Sample.eth, Sample.btc, Sample.sol]))
        store.press(.tab) {
            $0.table.tab = .favorites
            $0.table.rows = [Sample.eth, Sample.btc, Sample.sol]
            $0.table.selection = Sample.eth
        }
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.character("f"), [.saveWatchlist(Watchlist(favorites: [Sample.eth, Sample.sol]))]) {
            $0.favorites = [Sample.eth, Sample.sol]
            $0.table.rows = [Sample.eth, Sample.sol]
            $0.table.selection = Sample.sol
        }
    }

    @Test func favoritesKeepTheUsersOrderAndJKMoveOneWithTheHighlight() {
        var store = ReducerStore(Sample.state(favorites: [Sample.eth, Sample.btc, Sample.sol]))
        store.press(.tab) {
            $0.table.tab = .favorites
            $0.table.rows = [Sample.eth, Sample.btc, Sample.sol]
            $0.table.selection = Sample.eth
        }
        #expect(store.state.table.sort == .favoritesOrder)
        store.press(.character("J"), [.saveWatchlist(Watchlist(favorites: [Sample.btc, Sample.eth, Sample.sol]))]) {
            $0.favorites = [Sample.btc, Sample.eth, Sample.sol]
            $0.table.rows = [Sample.btc, Sample.eth, Sample.sol]
            $0.table.hasChosenSelection = true
        }
        store.press(.character("J"), [.saveWatchlist(Watchlist(favorites: [Sample.btc, Sample.sol, Sample.eth]))]) {
            $0.favorites = [Sample.btc, Sample.sol, Sample.eth]
            $0.table.rows = [Sample.btc, Sample.sol, Sample.eth]
        }
        store.press(.character("J"))
        store.press(.character("K"), [.saveWatchlist(Watchlist(favorites: [Sample.btc, Sample.eth, Sample.sol]))]) {
            $0.favorites = [Sample.btc, Sample.eth, Sample.sol]
            $0.table.rows = [Sample.btc, Sample.eth, Sample.sol]
        }
        store.press(.character("K"), [.saveWatchlist(Watchlist(favorites: [Sample.eth, Sample.btc, Sample.sol]))]) {
            $0.favorites = [Sample.eth, Sample.btc, Sample.sol]
            $0.table.rows = [Sample.eth, Sample.btc, Sample.sol]
        }
    }

    @Test func movingAFavoriteWhileSortedByAnotherKeyReturnsToTheUsersOrder() {
        var store = ReducerStore(Sample.state(favorites: [Sample.sol, Sample.btc]))
        store.press(.tab) {
            $0.table.tab = .favorites
            $0.table.rows = [Sample.sol, Sample.btc]
            $0.table.selection = Sample.sol
        }
        store.press(.character("s")) {
            $0.table.sorts[.favorites] = .default
            $0.table.rows = [Sample.btc, Sample.sol]
            $0.table.selection = Sample.btc
        }
        store.press(.character("K"), [.saveWatchlist(Watchlist(favorites: [Sample.btc, Sample.sol]))]) {
            $0.table.sorts[.favorites] = .favoritesOrder
            $0.favorites = [Sample.btc, Sample.sol]
            $0.table.hasChosenSelection = true
        }
    }

    @Test func jkMoveNothingInTheKRWTab() {
        var store = ReducerStore(Sample.state(favorites: [Sample.xrp, Sample.btc]))
        store.press(.character("J"))
        store.press(.character("K"))
    }

    @Test func favoritesCannotChangeBeforeTheSavedOnesAreRead() {
        var store = ReducerStore(Sample.state(watchlist: nil))
        store.press(.character("f"))
        store.send(.watchlistLoaded(Watchlist(favorites: [Sample.eth]))) {
            $0.favorites = [Sample.eth]
            $0.hasLoadedFavorites = true
        }
        store.press(.character("f"), [.saveWatchlist(Watchlist(favorites: [Sample.eth, Sample.xrp]))]) {
            $0.favorites = [Sample.eth, Sample.xrp]
            $0.table.hasChosenSelection = true
        }
    }

    @Test func aMergedWatchlistReplacesTheFavoritesOnlyIfTheyDidNotChangeSince() {
        var store = ReducerStore(Sample.state(favorites: [Sample.eth]))
        store.send(.watchlistSynced(Watchlist(favorites: [Sample.eth, Sample.sol]), replacing: Watchlist(favorites: [Sample.eth]))) {
            $0.favorites = [Sample.eth, Sample.sol]
        }
        store.send(.watchlistSynced(Watchlist(favorites: [Sample.btc]), replacing: Watchlist(favorites: [Sample.eth])))
    }

    @Test func aWatchlistProblemShowsUntilItIsCleared() {
        var store = ReducerStore(Sample.state())
        store.send(.notice("kept aside\u{1B}[2J")) { $0.notice = "kept aside[2J" }
        store.send(.watchlistProblem("watchlist not saved (1×, retrying)")) { $0.watchlistProblem = "watchlist not saved (1×, retrying)" }
        store.send(.watchlistProblem(nil)) { $0.watchlistProblem = nil }
    }

    /// The candle cache given up mid-run is said once, when the feed first reports it.
    @Test func aCandleCacheGivenUpIsSaidOnce() {
        var store = ReducerStore(Sample.state())
        var feed = FeedStatus(state: .live, messages: 1200, lastMarketDataAt: Sample.now)
        feed.candleCacheProblem = "disk full"
        let failed = BoardSnapshot(Sample.snapshot(feed: feed))
        store.send(.snapshotArrived(failed)) {
            $0.setBoard(failed)
            $0.notice = "캔들 저장소 끔, 차트는 메모리로: disk full"
        }
        store.send(.notice(nil)) { $0.notice = nil }
        store.send(.snapshotArrived(failed)) { $0.setBoard(failed) }
        #expect(store.state.notice == nil, "not said again")
    }

    @Test func fInTheDetailTogglesThatMarket() {
        var store = ReducerStore(Sample.state())
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.down) { $0.table.selection = Sample.eth }
        store.press(.enter, [.follow(Sample.eth, .oneMinute)]) { $0.screen = .detail(Sample.eth) }
        store.press(.character("f"), [.saveWatchlist(Watchlist(favorites: [Sample.eth]))]) { $0.favorites = [Sample.eth] }
    }

    @Test func sCyclesSortKeysAndSReversesTheDirection() {
        var store = ReducerStore(Sample.state())
        let steps: [(key: Key, order: SortOrder, rows: [MarketCode])] = [
            (.character("s"), SortOrder(key: .changeRate, isDescending: true), [Sample.doge, Sample.btc, Sample.xrp, Sample.eth, Sample.sol]),
            (.character("s"), SortOrder(key: .popularity, isDescending: true), [Sample.btc, Sample.doge, Sample.eth, Sample.sol, Sample.xrp]),
            (.character("s"), SortOrder(key: .tradeStrength, isDescending: true), [Sample.btc, Sample.doge, Sample.eth, Sample.sol, Sample.xrp]),
            (.character("s"), SortOrder(key: .price, isDescending: true), [Sample.btc, Sample.eth, Sample.sol, Sample.xrp, Sample.doge]),
            (.character("s"), SortOrder(key: .name, isDescending: false), [Sample.doge, Sample.btc, Sample.sol, Sample.xrp, Sample.eth]),
            (.character("S"), SortOrder(key: .name, isDescending: true), [Sample.eth, Sample.xrp, Sample.sol, Sample.btc, Sample.doge]),
        ]
        for step in steps {
            store.press(step.key) {
                $0.table.sorts[.krw] = step.order
                $0.table.rows = step.rows
                $0.table.selection = step.rows.first
            }
        }
        store.press(.character("s")) {
            $0.table.sorts[.krw] = .default
            $0.table.rows = byValue
            $0.table.selection = Sample.xrp
        }
        store.press(.tab) {
            $0.table.tab = .favorites
            $0.table.rows = []
            $0.table.selection = nil
        }
        #expect(store.state.table.sort == .favoritesOrder)
        store.press(.character("s")) { $0.table.sorts[.favorites] = .default }
    }

    @Test func slashSearchesKoreanEnglishAndSymbolIncrementally() {
        var store = ReducerStore(Sample.state())
        store.press(.character("/")) { $0.table.isSearching = true }
        store.press(.character("비")) {
            $0.table.query = "비"
            $0.table.rows = [Sample.btc]
            $0.table.selection = Sample.btc
        }
        store.press(.backspace) {
            $0.table.query = ""
            $0.table.rows = byValue
            $0.table.selection = Sample.xrp
        }
        for (typed, rows) in [("e", [Sample.eth, Sample.doge]), ("et", [Sample.eth])] {
            store.press(.character(typed.last ?? " ")) {
                $0.table.query = typed
                $0.table.rows = rows
                $0.table.selection = rows.first
            }
        }
        store.press(.backspace) {
            $0.table.query = "e"
            $0.table.rows = [Sample.eth, Sample.doge]
        }
        store.press(.backspace) {
            $0.table.query = ""
            $0.table.rows = byValue
            $0.table.selection = Sample.xrp
        }
        for (typed, rows) in [("s", [Sample.sol]), ("so", [Sample.sol]), ("sol", [Sample.sol]), ("solq", [])] {
            store.press(.character(typed.last ?? " ")) {
                $0.table.query = typed
                $0.table.rows = rows
                $0.table.selection = rows.first
            }
        }
        store.press(.backspace) {
            $0.table.query = "sol"
            $0.table.rows = [Sample.sol]
            $0.table.selection = Sample.sol
        }
        store.press(.enter) { $0.table.isSearching = false }
        store.press(.escape) {
            $0.table.query = ""
            $0.table.rows = byValue
            $0.table.selection = Sample.xrp
        }
    }

    @Test func questionMarkShowsHelpAndAnyKeyClosesIt() {
        var store = ReducerStore(Sample.state())
        store.press(.character("?")) { $0.showsHelp = true }
        store.press(.down) { $0.showsHelp = false }
        store.press(.character("?")) { $0.showsHelp = true }
        store.press(.character("q"), [.quit]) { $0.showsHelp = false }
    }

    @Test func eSwitchesNameLanguageUnlessTheTerminalLacksUnicode() {
        var store = ReducerStore(Sample.state())
        store.press(.character("e")) { $0.nameLanguage = .english }
        var ascii = ReducerStore(Sample.state(settings: DashboardSettings(exchangeName: "Bithumb", isUnicode: false)))
        #expect(ascii.state.nameLanguage == .english)
        ascii.press(.character("e"))
    }

    /// The detail view of BTC, opened from the table.
    static func detailOfBitcoin() -> ReducerStore {
        var store = ReducerStore(Sample.state())
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        return store
    }

    @Test func digitsAndBracketsPickTheChartInterval() {
        var store = Self.detailOfBitcoin()
        store.press(.character("3"), [.follow(Sample.btc, .fiveMinutes)]) { $0.detail.chart.interval = .fiveMinutes }
        store.press(.character("3"))
        store.press(.character("9"), [.follow(Sample.btc, .sixHours)]) { $0.detail.chart.interval = .sixHours }
        store.press(.character("]"), [.follow(Sample.btc, .twelveHours)]) { $0.detail.chart.interval = .twelveHours }
        store.press(.character("]"), [.follow(Sample.btc, .oneDay)]) { $0.detail.chart.interval = .oneDay }
        store.press(.character("]"))
        store.press(.character("1"), [.follow(Sample.btc, .oneMinute)]) { $0.detail.chart.interval = .oneMinute }
        store.press(.character("["))
        store.press(.character("0"))
    }

    @Test func plusAndMinusZoomTheChartWithinItsRange() {
        var store = Self.detailOfBitcoin()
        #expect(store.state.detail.chart.columnsPerCandle == 2)
        store.press(.character("+")) { $0.detail.chart.columnsPerCandle = 3 }
        store.press(.character("=")) { $0.detail.chart.columnsPerCandle = ChartView.columnsPerCandleRange.upperBound }
        store.press(.character("+"))
        for columns in [3, 2, 1] { store.press(.character("-")) { $0.detail.chart.columnsPerCandle = columns } }
        store.press(.character("-"))
    }

    /// Each step back with every candle in view asks for the page before the oldest.
    @Test func leftAndRightScrollTheChartWithinItsCandles() throws {
        var store = Self.detailOfBitcoin()
        #expect(ChartView.scrollStep == 5)
        let oldest = try #require(store.state.snapshot.candles[Sample.btc]?[.oneMinute]?.candles.first?.start)
        let page = UICommand.fetchEarlierCandles(.bithumb, Sample.btc, .oneMinute, before: oldest)
        for scrollBack in [5, 10, 15, 20, 23] {
            store.press(.left, [page]) {
                $0.detail.chart.scrollBack = scrollBack
                $0.detail.chart.loadingBefore = oldest
            }
        }
        store.press(.left, [page])
        for scrollBack in [18, 13, 8, 3, 0] { store.press(.right) { $0.detail.chart.scrollBack = scrollBack } }
        store.press(.right)
    }

    @Test func chartKeysDoNothingOnTheMarketTable() {
        var store = ReducerStore(Sample.state())
        for key in [Key.character("3"), .character("+"), .left] { store.press(key) }
        #expect(store.state.detail.chart == ChartView(interval: .oneMinute))
    }
}

@Suite struct SelectionTests {
    @Test func theHighlightStaysOnTheTopRowUntilTheUserMovesIt() {
        var state = UIState(
            settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 80, height: 20),
            now: SampleMarket.now)
        var market = MarketState()
        market.apply(.markets(SampleMarket.markets))
        state.step(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now, feed: FeedStatus()))))
        #expect(state.table.selection == SampleMarket.btc)
        for ticker in SampleMarket.tickers { market.apply(.ticker(ticker)) }
        state.step(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now, feed: FeedStatus()))))
        #expect(state.table.selection == SampleMarket.xrp)
        state.step(.down)
        #expect(state.table.selection == SampleMarket.btc)
        var cheaper = SampleMarket.tickers[0]
        cheaper.tradeValue24h = SampleMarket.decimal("1")
        market.apply(.ticker(cheaper))
        state.step(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now, feed: FeedStatus()))))
        #expect(state.table.selection == SampleMarket.btc)
        #expect(state.table.selectedIndex == 4)
    }
}

extension ReducerTests {
    /// Keys that mean nothing where they are pressed change nothing at all and ask for nothing.
    @Test func keysThatMeanNothingChangeNothing() {
        var store = ReducerStore(Sample.state())
        for key in [Key.character("z"), .character("%"), .character("!")] { store.press(key) }
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        for key in [Key.character("z"), .character("!")] { store.press(key) }
    }
}
