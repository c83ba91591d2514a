import MarketCore
import SafeText
import TerminalKit

extension UIState {
    /// Applies an action and returns what the rest of the app must do about it.
    public mutating func reduce(_ action: UIAction) -> [UICommand] {
        // While another screen is up, snapshots do not list the table's rows (nobody sees
        // them); anything else may look at them or show the table again, so they are listed first.
        switch (action, screen) {
        case (.snapshotArrived, _), (.tick, _), (_, .markets): break
        default: refreshRows()
        }
        switch action {
        case .keyPressed(let key):
            return handle(key)
        case .mouse(let event):
            return handle(event)
        case .snapshotArrived(let board):
            setBoard(board)
            return checkAlerts()
        case .resized(let size):
            setSize(size)
        case .tick(let time):
            setNow(time)
        case .watchlistLoaded(let saved):
            setFavorites(saved.favorites)
            alerts.replace(with: saved.alerts)
            hasLoadedFavorites = true
            return checkAlerts()
        case .watchlistSynced(let saved, let replacing):
            if watchlist == replacing {
                setFavorites(saved.favorites)
                alerts.replace(with: saved.alerts)
            }
        case .watchlistProblem(let problem):
            setWatchlistProblem(problem)
        case .holdingsLoaded(let saved):
            setHoldings(saved)
            holdings.hasLoaded = true
        case .holdingsSynced(let saved, let replacing):
            if holdings.holdings == replacing { setHoldings(saved) }
        case .holdingsProblem(let problem):
            holdings.problem = problem?.strippingUnsafeCharacters
        case .accountRead(let read):
            return takeAccount(read)
        case .accountNotRead(let exchange, let reason):
            holdings.reading.remove(exchange)
            setNotice(Labels(language: nameLanguage).accountNotRead(exchange, reason: reason))
        case .notice(let text):
            setNotice(text)
        }
        return []
    }

    private mutating func handle(_ key: Key) -> [UICommand] {
        if showsHelp {
            showsHelp = false
            return key == .character("q") ? [.quit] : []
        }
        if table.isSearching { return handleSearch(key) }
        if alerts.prompt != nil { return handleAlertPrompt(key) }
        if holdings.prompt != nil { return handleHoldingsPrompt(key) }
        if alerts.showsList { return handleAlertList(key) }
        if case .depth = screen, detail.depth.impact.isEditing {
            detail.handleImpactKey(key)
            return []
        }
        switch key {
        case .character("q"): return [.quit]
        case .character("?"):
            showsHelp = true
            return []
        case .character("f"), .character(" "): return toggleFavorite()
        case .character("a"): return openAlertPrompt()
        case .character("h"): return openHoldingsPrompt()
        case .character("A"):
            alerts.openList()
            return []
        case .character("e"):
            if settings.isUnicode { setNameLanguage(nameLanguage == .korean ? .english : .korean) }
            return []
        case .character("E"):
            return switchExchange()
        default:
            break
        }
        switch screen {
        case .markets: return handleMarketTable(key)
        case .detail(let market): return handleDetail(key, market: market)
        case .depth(let market): return handleDepth(key, market: market)
        }
    }

    private mutating func handleMarketTable(_ key: Key) -> [UICommand] {
        let index = table.selectedIndex ?? 0
        let page = max(1, visibleRowCount)
        let tab = table.tab
        let sort = table.sort
        switch key {
        case .tab, .backTab: setTab(tab.stepped(by: key == .tab ? 1 : -1, comparing: board.isComparing))
        case .up, .character("k"): select(index: index - 1)
        case .down, .character("j"): select(index: index + 1)
        case .pageUp: select(index: index - page)
        case .pageDown: select(index: index + page)
        case .home, .character("g"): select(index: 0)
        case .end, .character("G"): select(index: table.rows.count - 1)
        case .character("s"):
            var next = sort.key.next(in: tab)
            if next == .premium, board.reference == nil { next = next.next(in: tab) }
            setSort(SortOrder(key: next, isDescending: next.startsDescending))
        case .character("S"): setSort(SortOrder(key: sort.key, isDescending: !sort.isDescending))
        case .character("p"): table.showsTradeStrength.toggle()
        case .character("J"), .character("K"): return moveFavorite(by: key == .character("J") ? 1 : -1)
        case .character("o") where tab == .compare: setShowsUnpaired(!comparison.showsUnpaired)
        case .character("U") where tab == .holdings: return readAccounts()
        case .character("/"): setQuery(table.query, searching: true)
        case .escape: if !table.query.isEmpty { setQuery("", searching: false) }
        case .enter:
            guard let selection = table.selection else { return [] }
            if tab == .compare, !snapshot.lists(selection), let listing = board.exchanges.first(where: { board[$0].lists(selection) }) {
                setExchange(listing)
            }
            screen = .detail(selection)
            detail.chart = ChartView(interval: detail.chart.interval, columnsPerCandle: detail.chart.columnsPerCandle)
            detail.showsReference = false
            return [.follow(selection, detail.chart.interval)]
        case .character("d"):
            guard let selection = table.selection else { return [] }
            openDepth(of: selection, returnsToDetail: false)
            return [.follow(selection, detail.chart.interval)]
        default: break
        }
        return []
    }

    private mutating func handleDetail(_ key: Key, market: MarketCode) -> [UICommand] {
        let (source, charted, _) = chartSource(of: market)
        let series = source.candles[charted]?[detail.chart.interval]
        let bookRows = detailBookRows(of: market)
        let referenceLists = board.reference?.lists(market.inTether) ?? false
        let outcome = detail.handleDetailKey(
            key, series: series, size: size, bookRows: bookRows, comparing: board.isComparing, referenceLists: referenceLists)
        return carryOut(outcome, for: market)
    }

    private mutating func handleDepth(_ key: Key, market: MarketCode) -> [UICommand] {
        carryOut(detail.handleDepthKey(key, book: snapshot.orderBooks[market], size: size), for: market)
    }

    /// Does what a key of the detail or depth view of `market` asks beyond the views.
    private mutating func carryOut(_ outcome: DetailState.Outcome, for market: MarketCode) -> [UICommand] {
        switch outcome {
        case .done:
            return []
        case .backToTable:
            screen = .markets
            return [.follow(nil, detail.chart.interval)]
        case .backToDetail:
            screen = .detail(market)
            return []
        case .openDepth:
            openDepth(of: market, returnsToDetail: true)
            return []
        case .follow(let interval):
            return [.follow(market, interval, reference: detail.showsReference)]
        case .fetchEarlierCandles(let interval, let before):
            let (_, charted, isReference) = chartSource(of: market)
            return [.fetchEarlierCandles(isReference ? .binance : exchange, charted, interval, before: before)]
        }
    }

    /// Opens the depth view of `market`, centred and ungrouped.
    mutating func openDepth(of market: MarketCode, returnsToDetail: Bool) {
        screen = .depth(market)
        detail.depth = DepthView(returnsToDetail: returnsToDetail)
    }

    private mutating func handleSearch(_ key: Key) -> [UICommand] {
        switch key {
        case .character(let character): setQuery(table.query + String(character), searching: true)
        case .backspace: setQuery(String(table.query.dropLast()), searching: true)
        case .enter: setQuery(table.query, searching: false)
        case .escape: setQuery("", searching: false)
        case .up: select(index: (table.selectedIndex ?? 0) - 1)
        case .down: select(index: (table.selectedIndex ?? 0) + 1)
        default: break
        }
        return []
    }

    /// Adds the market in view (the highlighted one, or the detail screen's) to the
    /// favorites, or removes it; the highlight stays on the same row.
    private mutating func toggleFavorite() -> [UICommand] {
        guard hasLoadedFavorites, let market = focusedMarket ?? table.selection else { return [] }
        let index = table.selectedIndex ?? 0
        if favorites.contains(market) {
            setFavorites(favorites.filter { $0 != market })
        } else {
            setFavorites(favorites + [market])
        }
        if focusedMarket == nil { select(index: index) }
        return [.saveWatchlist(watchlist)]
    }

    /// Moves the highlighted favorite `step` places in the user's order (the Favorites tab
    /// switches to that order first); the highlight follows it.
    private mutating func moveFavorite(by step: Int) -> [UICommand] {
        guard table.tab == .favorites, hasLoadedFavorites, let market = table.selection,
            let from = favorites.firstIndex(of: market)
        else { return [] }
        if table.sort != .favoritesOrder { setSort(.favoritesOrder) }
        let to = min(max(0, from + step), favorites.count - 1)
        guard to != from else { return [] }
        var reordered = favorites
        reordered.swapAt(from, to)
        setFavorites(reordered)
        select(index: table.rows.firstIndex(of: market) ?? 0)
        return [.saveWatchlist(watchlist)]
    }
}

extension UIState {
    /// Whose trades and candles the detail view of `market` shows, and of which market: the
    /// exchange's own, or with ``DetailState/showsReference`` the reference's of the coin in
    /// USDT.
    func chartSource(of market: MarketCode) -> (snapshot: MarketSnapshot, market: MarketCode, isReference: Bool) {
        guard detail.showsReference, let reference = board.reference else { return (snapshot, market, false) }
        return (reference, market.inTether, true)
    }

    /// The rows the detail view's book panel needs for `market`: the shown exchange's book, or
    /// the taller of the two when both books are shown.
    func detailBookRows(of market: MarketCode) -> Int {
        guard detail.showsBothBooks, board.isComparing else { return DetailLayout.bookRows(for: snapshot.orderBooks[market]) }
        return board.exchanges.map { DetailLayout.bookRows(for: board[$0].orderBooks[market]) }.max() ?? 0
    }

    /// `E`: shows the next exchange followed (the KRW and Favorites tabs and the detail views are
    /// one exchange's); the market in view stays in view.
    mutating func switchExchange() -> [UICommand] {
        guard board.isComparing, let index = board.exchanges.firstIndex(of: exchange) else { return [] }
        setExchange(board.exchanges[(index + 1) % board.exchanges.count])
        let labels = Labels(language: nameLanguage)
        setNotice(labels.showingExchange(exchange))
        return []
    }
}
