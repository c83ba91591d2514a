public import MarketCore
import SafeText
public import TerminalKit

/// Everything the dashboard shows besides the market data: changed only by ``reduce(_:)``.
public struct UIState: Sendable, Equatable {
    /// Which screen is up.
    public enum Screen: Sendable, Hashable {
        /// The market table.
        case markets
        /// One market's book, trades and chart.
        case detail(MarketCode)
        /// One market's whole book: the ladder, its statistics, the depth chart, market impact.
        case depth(MarketCode)
    }

    /// A price cell lit up because the price moved.
    public struct Flash: Sendable, Hashable {
        /// Which way it moved.
        public var move: PriceMove
        /// When the flash ends.
        public var until: Timestamp
    }

    /// How long a changed price stays lit.
    public static let flashDuration: Int64 = 300_000

    /// What the dashboard was started with.
    public let settings: DashboardSettings
    /// The latest market data of every exchange followed.
    public internal(set) var board: BoardSnapshot = .empty()
    /// The exchange whose markets the KRW and Favorites tabs and the detail views show.
    public internal(set) var exchange: Exchange = .bithumb
    /// The terminal's size.
    public internal(set) var size: Size
    /// The clock's latest reading.
    public internal(set) var now: Timestamp
    /// The screen shown.
    public internal(set) var screen: Screen = .markets
    /// The market table: tab, order, search, rows, highlight.
    public internal(set) var table: TableState
    /// The detail and depth views and the chart.
    public internal(set) var detail: DetailState
    /// The price alerts, their prompt and list.
    public internal(set) var alerts = AlertsState()
    /// The user's holdings, the 보유 tab's figures and the line that enters a trade.
    public internal(set) var holdings = HoldingsState()
    /// The comparison of the exchanges followed.
    public internal(set) var comparison = ComparisonState()
    /// Whether the key help is shown.
    public internal(set) var showsHelp = false
    /// The language of market names.
    public internal(set) var nameLanguage: NameLanguage
    /// The user's favorites, in the user's order.
    public internal(set) var favorites: [MarketCode] = []
    /// Whether the saved favorites were read; until then they cannot be changed.
    public internal(set) var hasLoadedFavorites = false
    /// Price cells lit up now.
    public internal(set) var flashes: [MarketCode: Flash] = [:]
    /// Messages a second over the last snapshots.
    public internal(set) var messageRate: Double = 0
    /// A message for the status bar (a corrupt watchlist set aside, say).
    public internal(set) var notice: String?
    /// Why the watchlist cannot be saved now, while it is retried.
    public internal(set) var watchlistProblem: String?
    /// The listed markets by code, rebuilt only when a listing changes: the shown exchange's,
    /// then the other exchanges' markets it does not list.
    public internal(set) var listing: [MarketCode: Market] = [:]
    /// The markets the listing was built from, to notice a change the diffs do not flag.
    var listingSourceCount = 0

    /// The message count at a time, to measure the message rate from.
    struct RateSample: Sendable, Hashable {
        let messages: Int
        let at: Timestamp
    }

    var rateSample: RateSample?

    /// Creates the state at start.
    public init(settings: DashboardSettings, size: Size, now: Timestamp) {
        self.settings = settings
        self.size = size
        self.now = now
        table = TableState(settings: settings)
        detail = DetailState(settings: settings)
        nameLanguage = settings.isUnicode ? settings.nameLanguage : .english
    }

    /// The latest market data of the exchange shown.
    public var snapshot: MarketSnapshot { board[exchange] }

    /// Table rows visible at the current size.
    public var visibleRowCount: Int { DashboardLayout.tableBodyHeight(for: size) - (table.tab == .holdings ? 1 : 0) }

    /// The market the detail or depth view shows, if one is up.
    public var focusedMarket: MarketCode? {
        switch screen {
        case .markets: nil
        case .detail(let market), .depth(let market): market
        }
    }

    // MARK: Changes the reducer makes

    mutating func setBoard(_ board: BoardSnapshot) {
        let previous = self.board
        self.board = board
        if !board.exchanges.contains(exchange) { exchange = board.exchanges[0] }
        if !MarketTab.shown(comparing: board.isComparing).contains(table.tab) { table.tab = .krw }
        let snapshot = self.snapshot
        let sourceCount = board.exchanges.reduce(0) { $0 + board[$1].markets.count }
        if board.exchanges.contains(where: { board[$0].diff.listingChanged }) || sourceCount != listingSourceCount {
            rebuildListing()
        }
        setNow(board.exchanges.map { board[$0].capturedAt }.reduce(now, max))
        let labels = Labels(language: nameLanguage)
        for exchange in board.exchanges where !board[exchange].diff.newListings.isEmpty {
            let named = board[exchange].markets.filter { board[exchange].diff.newListings.contains($0.code) }
            let names = named.map { "\(MarketRows.name(of: $0.code, market: $0, language: nameLanguage)) (\($0.code.code))" }
            let prefix = board.isComparing ? "\(labels.exchangeName(exchange)) " : ""
            setNotice(prefix + "\(labels.newListing): " + names.joined(separator: ", "))
        }
        for exchange in board.exchanges where previous[exchange].feed.candleCacheProblem == nil {
            if let problem = board[exchange].feed.candleCacheProblem { setNotice(labels.candleCacheOff(problem)) }
        }
        for (market, move) in snapshot.diff.priceMoves {
            flashes[market] = Flash(move: move, until: now.advanced(byMicroseconds: Self.flashDuration))
        }
        if board.isComparing { comparison.noteFlips(in: board, at: now) }
        sampleMessageRate()
        refreshHoldingsView()
        // Another screen's rows are listed when something may look at them: see `reduce`.
        if case .markets = screen { refreshRows() }
    }

    mutating func setNow(_ time: Timestamp) {
        now = time
        flashes = flashes.filter { $0.value.until > time }
        comparison.expire(at: time)
    }

    /// The listing of the shown exchange, then the markets only the others list.
    private mutating func rebuildListing() {
        var markets = Dictionary(snapshot.markets.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        for other in board.exchanges where other != exchange {
            for market in board[other].markets where markets[market.code] == nil { markets[market.code] = market }
        }
        listing = markets
        listingSourceCount = board.exchanges.reduce(0) { $0 + board[$1].markets.count }
    }

    /// Shows `exchange`'s markets (when it is followed): the listing, flashes and rows are its.
    mutating func setExchange(_ exchange: Exchange) {
        guard board.exchanges.contains(exchange), exchange != self.exchange else { return }
        self.exchange = exchange
        rebuildListing()
        flashes = [:]
        refreshHoldingsView()
        refreshRows()
    }

    mutating func setShowsUnpaired(_ shows: Bool) {
        comparison.showsUnpaired = shows
        refreshRows()
    }

    mutating func setSize(_ size: Size) {
        self.size = size
        table.keepSelectionVisible(visible: visibleRowCount)
    }

    mutating func setTab(_ tab: MarketTab) {
        table.tab = tab
        refreshRows()
    }

    mutating func setSort(_ sort: SortOrder) {
        table.sorts[table.tab] = sort
        refreshRows()
    }

    mutating func setQuery(_ query: String, searching: Bool) {
        table.query = query
        table.isSearching = searching
        refreshRows()
    }

    mutating func setNameLanguage(_ language: NameLanguage) {
        nameLanguage = language
        refreshRows()
    }

    mutating func setWatchlistProblem(_ problem: String?) { watchlistProblem = problem?.strippingUnsafeCharacters }

    mutating func setFavorites(_ favorites: [MarketCode]) {
        var seen: Set<MarketCode> = []
        self.favorites = favorites.filter { seen.insert($0).inserted }
        refreshRows()
    }

    /// Shows `holdings` (as loaded, saved or entered).
    mutating func setHoldings(_ holdings: Holdings) {
        self.holdings.holdings = holdings
        refreshHoldingsView()
        refreshRows()
    }

    /// The 보유 tab's figures worked out again, when something is held or was: with nothing
    /// held a snapshot costs nothing here.
    private mutating func refreshHoldingsView() {
        guard !holdings.holdings.ledger.isEmpty || !holdings.holdings.accounts.isEmpty || !holdings.view.markets.isEmpty else {
            return
        }
        holdings.view = HoldingsView(holdings.holdings, exchange: exchange, board: board)
    }

    mutating func setNotice(_ notice: String?) { self.notice = notice?.strippingUnsafeCharacters }

    /// Moves the highlight to row `index` (clamped) and scrolls it into view.
    mutating func select(index: Int) {
        table.select(index: index, visible: visibleRowCount)
    }

    /// Lists the table's rows from the board as it is now.
    mutating func refreshRows() {
        table.show(
            MarketRows.make(
                board: board, exchange: exchange, listing: listing, tab: table.tab, favorites: favorites,
                held: holdings.view.markets, query: table.query,
                sort: table.sort, language: nameLanguage, includesUnpaired: comparison.showsUnpaired,
                previous: table.sortedFrom.previous(rows: table.rows)),
            remembered: settings.lastMarket, visible: visibleRowCount)
    }

    private mutating func sampleMessageRate() {
        let messages = board.exchanges.reduce(0) { $0 + board[$1].feed.messages }
        let at = board.primary.capturedAt
        guard let sample = rateSample else {
            rateSample = RateSample(messages: messages, at: at)
            return
        }
        let seconds = Double(at.microseconds(since: sample.at)) / 1_000_000
        guard seconds >= 1 else { return }
        messageRate = Double(max(0, messages - sample.messages)) / seconds
        rateSample = RateSample(messages: messages, at: at)
    }
}
