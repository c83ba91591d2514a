import DashboardUI
import MarketCore
import TerminalKit
import Testing

/// Every key of the dashboard, through the reducer: what the state becomes and what the
/// rest of the app is asked to do.
@Suite struct ReducerTests {
    /// The sample's table order by traded value.
    let byValue = [SampleMarket.xrp, SampleMarket.btc, SampleMarket.eth, SampleMarket.doge, SampleMarket.sol]

    private func press(_ keys: Key..., on state: inout UIState) -> [UICommand] {
        keys.flatMap { state.reduce(.keyPressed($0)) }
    }

    @Test func qQuits() {
        var state = SampleMarket.state()
        #expect(press(.character("q"), on: &state) == [.quit])
    }

    @Test func tabTogglesBetweenKRWAndFavorites() {
        var state = SampleMarket.state(favorites: [SampleMarket.sol, SampleMarket.btc])
        #expect(state.table.rows == byValue)
        #expect(press(.tab, on: &state).isEmpty)
        #expect(state.table.tab == .favorites)
        #expect(state.table.rows == [SampleMarket.sol, SampleMarket.btc])
        #expect(press(.tab, on: &state).isEmpty)
        #expect(state.table.tab == .krw)
        #expect(state.table.rows == byValue)
    }

    @Test func arrowsAndJKMoveTheSelectionWithinTheRows() {
        var state = SampleMarket.state()
        #expect(state.table.selection == SampleMarket.xrp)
        #expect(press(.down, .character("j"), on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.eth)
        #expect(press(.up, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.btc)
        #expect(press(.character("k"), .character("k"), .up, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.xrp)
        #expect(press(.character("G"), .down, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.sol)
        #expect(press(.home, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.xrp)
    }

    @Test func pageKeysMoveAPageAndScroll() {
        var state = SampleMarket.state(width: 80, height: 6)
        #expect(state.visibleRowCount == 3)
        #expect(press(.pageDown, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.doge)
        #expect(state.table.scrollOffset == 1)
        #expect(press(.pageDown, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.sol)
        #expect(state.table.scrollOffset == 2)
        #expect(press(.pageUp, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.btc)
        #expect(state.table.scrollOffset == 1)
    }

    @Test func enterOpensTheDetailAndFollowsTheMarketEscGoesBack() {
        var state = SampleMarket.state()
        #expect(press(.down, .enter, on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(state.screen == .detail(SampleMarket.btc))
        #expect(press(.escape, on: &state) == [.follow(nil, .oneMinute)])
        #expect(state.screen == .markets)
        #expect(state.table.selection == SampleMarket.btc)
    }

    @Test func fAndSpaceToggleAFavoriteAndAskForASave() {
        var state = SampleMarket.state()
        #expect(press(.character("f"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.xrp]))])
        #expect(press(.down, .character(" "), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.xrp, SampleMarket.btc]))])
        #expect(press(.character("f"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.xrp]))])
        #expect(state.favorites == [SampleMarket.xrp])
    }

    @Test func removingAFavoriteInTheFavoritesTabKeepsTheHighlightOnTheSameRow() {
        var state = SampleMarket.state(favorites: [SampleMarket.eth, SampleMarket.btc, SampleMarket.sol])
        #expect(press(.tab, .down, on: &state).isEmpty)
        #expect(state.table.selection == SampleMarket.btc)
        #expect(press(.character("f"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.eth, SampleMarket.sol]))])
        #expect(state.table.rows == [SampleMarket.eth, SampleMarket.sol])
        #expect(state.table.selection == SampleMarket.sol)
    }

    @Test func favoritesKeepTheUsersOrderAndJKMoveOneWithTheHighlight() {
        var state = SampleMarket.state(favorites: [SampleMarket.eth, SampleMarket.btc, SampleMarket.sol])
        #expect(press(.tab, on: &state).isEmpty)
        #expect(state.table.sort == .favoritesOrder)
        #expect(state.table.rows == [SampleMarket.eth, SampleMarket.btc, SampleMarket.sol])
        #expect(press(.character("J"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.btc, SampleMarket.eth, SampleMarket.sol]))])
        #expect(state.table.selection == SampleMarket.eth)
        #expect(press(.character("J"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.btc, SampleMarket.sol, SampleMarket.eth]))])
        #expect(press(.character("J"), on: &state).isEmpty)
        #expect(press(.character("K"), .character("K"), on: &state).count == 2)
        #expect(state.table.rows == [SampleMarket.eth, SampleMarket.btc, SampleMarket.sol])
        #expect(state.table.selection == SampleMarket.eth)
    }

    @Test func movingAFavoriteWhileSortedByAnotherKeyReturnsToTheUsersOrder() {
        var state = SampleMarket.state(favorites: [SampleMarket.sol, SampleMarket.btc])
        #expect(press(.tab, .character("s"), on: &state).isEmpty)
        #expect(state.table.sort == .default)
        #expect(state.table.rows == [SampleMarket.btc, SampleMarket.sol])
        #expect(state.table.selection == SampleMarket.btc)
        #expect(press(.character("K"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.btc, SampleMarket.sol]))])
        #expect(state.table.sort == .favoritesOrder)
        #expect(state.table.rows == [SampleMarket.btc, SampleMarket.sol])
    }

    @Test func jkMoveNothingInTheKRWTab() {
        var state = SampleMarket.state(favorites: [SampleMarket.xrp, SampleMarket.btc])
        #expect(press(.character("J"), on: &state).isEmpty)
        #expect(state.favorites == [SampleMarket.xrp, SampleMarket.btc])
    }

    @Test func favoritesCannotChangeBeforeTheSavedOnesAreRead() {
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 100, height: 16), now: SampleMarket.now)
        _ = state.reduce(.snapshotArrived(BoardSnapshot(SampleMarket.snapshot())))
        #expect(press(.character("f"), on: &state).isEmpty)
        _ = state.reduce(.watchlistLoaded(Watchlist(favorites: [SampleMarket.eth])))
        #expect(press(.character("f"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.eth, SampleMarket.xrp]))])
    }

    @Test func aMergedWatchlistReplacesTheFavoritesOnlyIfTheyDidNotChangeSince() {
        var state = SampleMarket.state(favorites: [SampleMarket.eth])
        _ = state.reduce(
            .watchlistSynced(Watchlist(favorites: [SampleMarket.eth, SampleMarket.sol]), replacing: Watchlist(favorites: [SampleMarket.eth])))
        #expect(state.favorites == [SampleMarket.eth, SampleMarket.sol])
        _ = state.reduce(.watchlistSynced(Watchlist(favorites: [SampleMarket.btc]), replacing: Watchlist(favorites: [SampleMarket.eth])))
        #expect(state.favorites == [SampleMarket.eth, SampleMarket.sol])
    }

    @Test func aWatchlistProblemShowsUntilItIsCleared() {
        var state = SampleMarket.state()
        _ = state.reduce(.notice("kept aside"))
        _ = state.reduce(.watchlistProblem("watchlist not saved (1×, retrying)"))
        #expect(state.watchlistProblem == "watchlist not saved (1×, retrying)")
        _ = state.reduce(.watchlistProblem(nil))
        #expect(state.watchlistProblem == nil)
        #expect(state.notice == "kept aside")
    }

    @Test func fInTheDetailTogglesThatMarket() {
        var state = SampleMarket.state()
        #expect(press(.down, .down, .enter, on: &state) == [.follow(SampleMarket.eth, .oneMinute)])
        #expect(press(.character("f"), on: &state) == [.saveWatchlist(Watchlist(favorites: [SampleMarket.eth]))])
    }

    @Test func sCyclesSortKeysAndSReversesTheDirection() {
        var state = SampleMarket.state()
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.sort == SortOrder(key: .changeRate, isDescending: true))
        #expect(state.table.rows == [SampleMarket.doge, SampleMarket.btc, SampleMarket.xrp, SampleMarket.eth, SampleMarket.sol])
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.sort == SortOrder(key: .popularity, isDescending: true))
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.sort == SortOrder(key: .tradeStrength, isDescending: true))
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.rows == [SampleMarket.btc, SampleMarket.eth, SampleMarket.sol, SampleMarket.xrp, SampleMarket.doge])
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.sort == SortOrder(key: .name, isDescending: false))
        #expect(state.table.rows == [SampleMarket.doge, SampleMarket.btc, SampleMarket.sol, SampleMarket.xrp, SampleMarket.eth])
        #expect(press(.character("S"), on: &state).isEmpty)
        #expect(state.table.rows == [SampleMarket.eth, SampleMarket.xrp, SampleMarket.sol, SampleMarket.btc, SampleMarket.doge])
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.sort == .default)
        #expect(press(.tab, on: &state).isEmpty)
        #expect(state.table.sort == .favoritesOrder)
        #expect(press(.character("s"), on: &state).isEmpty)
        #expect(state.table.sort == .default)
    }

    @Test func slashSearchesKoreanEnglishAndSymbolIncrementally() {
        var state = SampleMarket.state()
        #expect(press(.character("/"), .character("비"), on: &state).isEmpty)
        #expect(state.table.isSearching)
        #expect(state.table.rows == [SampleMarket.btc])
        #expect(press(.backspace, .character("e"), .character("t"), on: &state).isEmpty)
        #expect(state.table.rows == [SampleMarket.eth])
        #expect(press(.backspace, .backspace, .character("s"), .character("o"), .character("l"), on: &state).isEmpty)
        #expect(state.table.rows == [SampleMarket.sol])
        #expect(press(.character("q"), on: &state).isEmpty)
        #expect(state.table.query == "solq")
        #expect(press(.backspace, .enter, on: &state).isEmpty)
        #expect(!state.table.isSearching)
        #expect(state.table.rows == [SampleMarket.sol])
        #expect(press(.escape, on: &state).isEmpty)
        #expect(state.table.query.isEmpty)
        #expect(state.table.rows == byValue)
    }

    @Test func questionMarkShowsHelpAndAnyKeyClosesIt() {
        var state = SampleMarket.state()
        #expect(press(.character("?"), on: &state).isEmpty)
        #expect(state.showsHelp)
        #expect(press(.down, on: &state).isEmpty)
        #expect(!state.showsHelp)
        #expect(state.table.selection == SampleMarket.xrp)
        #expect(press(.character("?"), on: &state).isEmpty)
        #expect(press(.character("q"), on: &state) == [.quit])
    }

    @Test func eSwitchesNameLanguageUnlessTheTerminalLacksUnicode() {
        var state = SampleMarket.state()
        #expect(press(.character("e"), on: &state).isEmpty)
        #expect(state.nameLanguage == .english)
        var ascii = SampleMarket.state(settings: DashboardSettings(exchangeName: "Bithumb", isUnicode: false))
        #expect(ascii.nameLanguage == .english)
        #expect(press(.character("e"), on: &ascii).isEmpty)
        #expect(ascii.nameLanguage == .english)
    }

    @Test func digitsAndBracketsPickTheChartInterval() {
        var state = SampleMarket.state()
        #expect(press(.down, .enter, on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(press(.character("3"), on: &state) == [.follow(SampleMarket.btc, .fiveMinutes)])
        #expect(press(.character("3"), on: &state).isEmpty)
        #expect(press(.character("9"), on: &state) == [.follow(SampleMarket.btc, .sixHours)])
        #expect(
            press(.character("]"), .character("]"), on: &state)
                == [.follow(SampleMarket.btc, .twelveHours), .follow(SampleMarket.btc, .oneDay)])
        #expect(press(.character("]"), on: &state).isEmpty)
        #expect(press(.character("1"), .character("["), on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(press(.character("0"), on: &state).isEmpty)
    }

    @Test func plusAndMinusZoomTheChartWithinItsRange() {
        var state = SampleMarket.state()
        #expect(press(.down, .enter, on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(state.detail.chart.columnsPerCandle == 2)
        #expect(press(.character("+"), .character("="), .character("+"), on: &state).isEmpty)
        #expect(state.detail.chart.columnsPerCandle == ChartView.columnsPerCandleRange.upperBound)
        #expect(press(.character("-"), .character("-"), .character("-"), .character("-"), on: &state).isEmpty)
        #expect(state.detail.chart.columnsPerCandle == 1)
    }

    @Test func leftAndRightScrollTheChartWithinItsCandles() {
        var state = SampleMarket.state()
        #expect(press(.down, .enter, on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        #expect(press(.left, on: &state).isEmpty)
        #expect(state.detail.chart.scrollBack == ChartView.scrollStep)
        #expect(press(.left, .left, .left, .left, .left, .left, on: &state).isEmpty)
        #expect(state.detail.chart.scrollBack == 23)
        #expect(press(.right, on: &state).isEmpty)
        #expect(state.detail.chart.scrollBack == 23 - ChartView.scrollStep)
        #expect(press(.right, .right, .right, .right, .right, on: &state).isEmpty)
        #expect(state.detail.chart.scrollBack == 0)
    }

    @Test func chartKeysDoNothingOnTheMarketTable() {
        var state = SampleMarket.state()
        #expect(press(.character("3"), .character("+"), .left, on: &state).isEmpty)
        #expect(state.detail.chart == ChartView(interval: .oneMinute))
    }
}

@Suite struct SelectionTests {
    @Test func theHighlightStaysOnTheTopRowUntilTheUserMovesIt() {
        var state = UIState(
            settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 80, height: 20),
            now: SampleMarket.now)
        var market = MarketState()
        market.apply(.markets(SampleMarket.markets))
        _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now, feed: FeedStatus()))))
        #expect(state.table.selection == SampleMarket.btc)
        for ticker in SampleMarket.tickers { market.apply(.ticker(ticker)) }
        _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now, feed: FeedStatus()))))
        #expect(state.table.selection == SampleMarket.xrp)
        _ = state.reduce(.keyPressed(.down))
        #expect(state.table.selection == SampleMarket.btc)
        var cheaper = SampleMarket.tickers[0]
        cheaper.tradeValue24h = SampleMarket.decimal("1")
        market.apply(.ticker(cheaper))
        _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now, feed: FeedStatus()))))
        #expect(state.table.selection == SampleMarket.btc)
        #expect(state.table.selectedIndex == 4)
    }
}

extension ReducerTests {
    /// Keys that mean nothing where they are pressed change nothing at all and ask for nothing:
    /// the whole state compares equal before and after.
    @Test func keysThatMeanNothingChangeNothing() {
        var state = SampleMarket.state()
        let before = state
        #expect(press(.character("z"), .character("%"), .character("!"), on: &state).isEmpty)
        #expect(state == before)
        #expect(press(.down, .enter, on: &state) == [.follow(SampleMarket.btc, .oneMinute)])
        let detail = state
        #expect(press(.character("z"), .character("!"), on: &state).isEmpty)
        #expect(state == detail)
    }
}
