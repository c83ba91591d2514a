import MarketCore
import TerminalKit

extension UIState {
    /// Applies an action and returns what the rest of the app must do about it.
    public mutating func reduce(_ action: UIAction) -> [UICommand] {
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
            setAlerts(saved.alerts)
            setFavoritesLoaded()
            return checkAlerts()
        case .watchlistSynced(let saved, let replacing):
            if watchlist == replacing {
                setFavorites(saved.favorites)
                setAlerts(saved.alerts)
            }
        case .watchlistProblem(let problem):
            setWatchlistProblem(problem)
        case .notice(let text):
            setNotice(text)
        }
        return []
    }

    private mutating func handle(_ key: Key) -> [UICommand] {
        if showsHelp {
            setShowsHelp(false)
            return key == .character("q") ? [.quit] : []
        }
        if isSearching { return handleSearch(key) }
        if alertPrompt != nil { return handleAlertPrompt(key) }
        if showsAlerts { return handleAlertList(key) }
        if case .depth = screen, depthView.impact.isEditing { return handleImpactPrompt(key) }
        switch key {
        case .character("q"): return [.quit]
        case .character("?"):
            setShowsHelp(true)
            return []
        case .character("f"), .character(" "): return toggleFavorite()
        case .character("a"): return openAlertPrompt()
        case .character("A"):
            setShowsAlerts(true)
            setAlertSelection(0)
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
        let index = selectedIndex ?? 0
        let page = max(1, visibleRowCount)
        switch key {
        case .tab, .backTab: setTab(tab.stepped(by: key == .tab ? 1 : -1, comparing: board.isComparing))
        case .up, .character("k"): select(index: index - 1)
        case .down, .character("j"): select(index: index + 1)
        case .pageUp: select(index: index - page)
        case .pageDown: select(index: index + page)
        case .home, .character("g"): select(index: 0)
        case .end, .character("G"): select(index: rows.count - 1)
        case .character("s"):
            let next = sort.key.next(in: tab)
            setSort(SortOrder(key: next, isDescending: next.startsDescending))
        case .character("S"): setSort(SortOrder(key: sort.key, isDescending: !sort.isDescending))
        case .character("p"): setShowsTradeStrength(!showsTradeStrength)
        case .character("J"), .character("K"): return moveFavorite(by: key == .character("J") ? 1 : -1)
        case .character("o") where tab == .compare: setShowsUnpaired(!showsUnpaired)
        case .character("/"): setQuery(query, searching: true)
        case .escape: if !query.isEmpty { setQuery("", searching: false) }
        case .enter:
            guard let selection else { return [] }
            if tab == .compare, !snapshot.markets.contains(where: { $0.code == selection }),
                let listing = board.exchanges.first(where: { board[$0].markets.contains { $0.code == selection } })
            {
                setExchange(listing)
            }
            setScreen(.detail(selection))
            setChart(ChartView(interval: chart.interval, columnsPerCandle: chart.columnsPerCandle))
            return [.follow(selection, chart.interval)]
        case .character("d"):
            guard let selection else { return [] }
            openDepth(of: selection, returnsToDetail: false)
            return [.follow(selection, chart.interval)]
        default: break
        }
        return []
    }

    private mutating func handleDetail(_ key: Key, market: MarketCode) -> [UICommand] {
        switch key {
        case .escape, .backspace:
            setScreen(.markets)
            return [.follow(nil, chart.interval)]
        case .character("d"):
            openDepth(of: market, returnsToDetail: true)
        case .character("b") where board.isComparing:
            setShowsBothBooks(!showsBothBooks)
        case .tab, .backTab:
            setDetailPane(detailPane.stepped(by: key == .tab ? 1 : -1))
        case .character(let character) where character.wholeNumberValue != nil:
            guard let digit = character.wholeNumberValue, let choice = CandleInterval.forDigit(digit) else { return [] }
            return showInterval(choice, of: market)
        case .character("["): return showInterval(chart.interval.stepped(by: -1), of: market)
        case .character("]"): return showInterval(chart.interval.stepped(by: 1), of: market)
        case .character("+"), .character("="):
            setChart(
                ChartView(
                    interval: chart.interval, columnsPerCandle: chart.columnsPerCandle + 1, scrollBack: chart.scrollBack, cursor: chart.cursor))
        case .character("-"):
            setChart(
                ChartView(
                    interval: chart.interval, columnsPerCandle: chart.columnsPerCandle - 1, scrollBack: chart.scrollBack, cursor: chart.cursor))
        case .left, .right:
            let candles = snapshot.candles[market]?[chart.interval]?.candles ?? []
            if chart.cursor != nil {
                setChart(chart.movingCursor(by: key == .left ? -1 : 1, in: candles, columns: chartPlotColumns(of: market)))
            } else {
                let step = key == .left ? ChartView.scrollStep : -ChartView.scrollStep
                let scrollBack = min(max(0, chart.scrollBack + step), max(0, candles.count - 1))
                setChart(ChartView(interval: chart.interval, columnsPerCandle: chart.columnsPerCandle, scrollBack: scrollBack))
            }
        case .character("x"):
            guard chart.cursor == nil else {
                var hidden = chart
                hidden.cursor = nil
                setChart(hidden)
                return []
            }
            let bookRows = detailBookRows(of: market)
            if DetailLayout(size: size, pane: detailPane, bookRows: bookRows).chart == nil { setDetailPane(.chart) }
            let candles = snapshot.candles[market]?[chart.interval]?.candles ?? []
            setChart(chart.movingCursor(by: 0, in: candles, columns: chartPlotColumns(of: market)))
        default:
            break
        }
        return []
    }

    /// The chart's plot width in columns at the present size, for the cursor to scroll by.
    private func chartPlotColumns(of market: MarketCode) -> Int {
        let layout = DetailLayout(size: size, pane: detailPane, bookRows: detailBookRows(of: market))
        return max(1, (layout.chart?.width ?? size.width) - ChartScale.labelWidth)
    }

    private mutating func handleSearch(_ key: Key) -> [UICommand] {
        switch key {
        case .character(let character): setQuery(query + String(character), searching: true)
        case .backspace: setQuery(String(query.dropLast()), searching: true)
        case .enter: setQuery(query, searching: false)
        case .escape: setQuery("", searching: false)
        case .up: select(index: (selectedIndex ?? 0) - 1)
        case .down: select(index: (selectedIndex ?? 0) + 1)
        default: break
        }
        return []
    }

    private mutating func showInterval(_ choice: CandleInterval, of market: MarketCode) -> [UICommand] {
        guard choice != chart.interval else { return [] }
        setChart(ChartView(interval: choice, columnsPerCandle: chart.columnsPerCandle))
        return [.follow(market, choice)]
    }

    /// Adds the market in view (the highlighted one, or the detail screen's) to the
    /// favorites, or removes it; the highlight stays on the same row.
    private mutating func toggleFavorite() -> [UICommand] {
        guard hasLoadedFavorites, let market = focusedMarket ?? selection else { return [] }
        let index = selectedIndex ?? 0
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
        guard tab == .favorites, hasLoadedFavorites, let market = selection,
            let from = favorites.firstIndex(of: market)
        else { return [] }
        if sort != .favoritesOrder { setSort(.favoritesOrder) }
        let to = min(max(0, from + step), favorites.count - 1)
        guard to != from else { return [] }
        var reordered = favorites
        reordered.swapAt(from, to)
        setFavorites(reordered)
        select(index: rows.firstIndex(of: market) ?? 0)
        return [.saveWatchlist(watchlist)]
    }
}

extension UIState {
    /// The rows the detail view's book panel needs for `market`: the shown exchange's book, or
    /// the taller of the two when both books are shown.
    func detailBookRows(of market: MarketCode) -> Int {
        guard showsBothBooks, board.isComparing else { return DetailLayout.bookRows(for: snapshot.orderBooks[market]) }
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
