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
    /// How long a gap that changed sign stays lit: long enough to catch the eye on a board of
    /// hundreds of rows.
    public static let gapFlipDuration: Int64 = 2_000_000

    /// What the dashboard was started with.
    public let settings: DashboardSettings
    /// The latest market data of every exchange followed.
    public private(set) var board: BoardSnapshot = .empty()
    /// The exchange whose markets the KRW and Favorites tabs and the detail views show.
    public private(set) var exchange: Exchange = .bithumb
    /// The terminal's size.
    public private(set) var size: Size
    /// The clock's latest reading.
    public private(set) var now: Timestamp
    /// The screen shown.
    public private(set) var screen: Screen = .markets
    /// The market table's tab.
    public private(set) var tab: MarketTab
    /// Each tab's order.
    public private(set) var sorts: [MarketTab: SortOrder]
    /// The search text; empty shows every market.
    public private(set) var query = ""
    /// Whether keys are typed into the search.
    public private(set) var isSearching = false
    /// Whether the key help is shown.
    public private(set) var showsHelp = false
    /// The language of market names.
    public private(set) var nameLanguage: NameLanguage
    /// Whether the market table shows the 체결강도 column.
    public private(set) var showsTradeStrength: Bool
    /// The user's favorites, in the user's order.
    public private(set) var favorites: [MarketCode] = []
    /// The user's price alerts, in the order they were added.
    public private(set) var alerts: [PriceAlert] = []
    /// The alert being typed, if the prompt is open.
    public private(set) var alertPrompt: AlertPrompt?
    /// Whether the alert list is shown.
    public private(set) var showsAlerts = false
    /// The highlighted row of the alert list.
    public private(set) var alertSelection = 0
    /// Recent prices of the markets move alerts watch.
    private(set) var priceSamples: [MarketCode: [PriceSample]] = [:]
    /// Whether the saved favorites were read; until then they cannot be changed.
    public private(set) var hasLoadedFavorites = false
    /// The highlighted market.
    public private(set) var selection: MarketCode?
    /// The first market-table row shown.
    public private(set) var scrollOffset = 0
    /// The chart's interval, zoom and scroll.
    public private(set) var chart: ChartView
    /// The depth view's scroll, grouping, chart and market-impact prompt.
    public private(set) var depthView = DepthView()
    /// The detail view's pane on terminals too narrow for every part at once.
    public private(set) var detailPane = DetailPane.book
    /// Price cells lit up now.
    public private(set) var flashes: [MarketCode: Flash] = [:]
    /// Gap cells of the comparison lit up because the gap changed sign: `up` when Upbit went
    /// above Bithumb.
    public private(set) var gapFlips: [MarketCode: Flash] = [:]
    /// Whether the comparison lists coins on one exchange only as well.
    public private(set) var showsUnpaired = false
    /// Whether the detail view shows both exchanges' books on one price axis.
    public private(set) var showsBothBooks = false
    /// Messages a second over the last snapshots.
    public private(set) var messageRate: Double = 0
    /// A message for the status bar (a corrupt watchlist set aside, say).
    public private(set) var notice: String?
    /// Why the watchlist cannot be saved now, while it is retried.
    public private(set) var watchlistProblem: String?
    /// The markets the table lists now, filtered and sorted.
    public private(set) var rows: [MarketCode] = []
    /// The listed markets by code, rebuilt only when a listing changes: the shown exchange's,
    /// then the other exchanges' markets it does not list.
    public private(set) var listing: [MarketCode: Market] = [:]
    /// The markets the listing was built from, to notice a change the diffs do not flag.
    private var listingSourceCount = 0
    /// The sign of each coin's gap in the last snapshot, to notice it flip.
    private var gapSigns: [MarketCode: PriceMove] = [:]

    /// The message count at a time, to measure the message rate from.
    private struct RateSample: Sendable, Hashable {
        let messages: Int
        let at: Timestamp
    }

    private var rateSample: RateSample?
    /// Whether the user has moved the highlight; until then it stays on the top row as the
    /// table fills and re-sorts.
    private var hasChosenSelection = false

    /// Creates the state at start.
    public init(settings: DashboardSettings, size: Size, now: Timestamp) {
        self.settings = settings
        self.size = size
        self.now = now
        tab = settings.tab
        sorts = [.krw: settings.sort, .favorites: .favoritesOrder, .compare: .widestGap]
        nameLanguage = settings.isUnicode ? settings.nameLanguage : .english
        showsTradeStrength = settings.showsTradeStrength
        chart = ChartView(interval: settings.chartInterval, columnsPerCandle: settings.columnsPerCandle)
    }

    /// The latest market data of the exchange shown.
    public var snapshot: MarketSnapshot { board[exchange] }

    /// The order of the tab shown.
    public var sort: SortOrder { sorts[tab] ?? .default }

    /// Index of the highlighted market in ``rows``.
    public var selectedIndex: Int? {
        selection.flatMap { rows.firstIndex(of: $0) }
    }

    /// Table rows visible at the current size.
    public var visibleRowCount: Int { DashboardLayout.tableBodyHeight(for: size) }

    /// The market the detail or depth view shows, if one is up.
    public var focusedMarket: MarketCode? {
        switch screen {
        case .markets: nil
        case .detail(let market), .depth(let market): market
        }
    }

    // MARK: Changes the reducer makes

    mutating func setBoard(_ board: BoardSnapshot) {
        self.board = board
        if !board.exchanges.contains(exchange) { exchange = board.exchanges[0] }
        if !MarketTab.shown(comparing: board.isComparing).contains(tab) { tab = .krw }
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
        for (market, move) in snapshot.diff.priceMoves {
            flashes[market] = Flash(move: move, until: now.advanced(byMicroseconds: Self.flashDuration))
        }
        if board.isComparing { noteGapFlips() }
        sampleMessageRate()
        refreshRows()
    }

    mutating func setNow(_ time: Timestamp) {
        now = time
        flashes = flashes.filter { $0.value.until > time }
        gapFlips = gapFlips.filter { $0.value.until > time }
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

    /// Lights the gaps whose sign changed since the last snapshot (a gap of zero between two
    /// signs counts as no change yet).
    private mutating func noteGapFlips() {
        let changed = Set(board[.bithumb].diff.tickers).union(board[.upbit].diff.tickers)
        for code in changed {
            guard let gap = board.gap(of: code)?.gap, !gap.isZero else { continue }
            let sign: PriceMove = gap.isNegative ? .down : .up
            if let previous = gapSigns[code], previous != sign {
                gapFlips[code] = Flash(move: sign, until: now.advanced(byMicroseconds: Self.gapFlipDuration))
            }
            gapSigns[code] = sign
        }
    }

    /// Shows `exchange`'s markets (when it is followed): the listing, flashes and rows are its.
    mutating func setExchange(_ exchange: Exchange) {
        guard board.exchanges.contains(exchange), exchange != self.exchange else { return }
        self.exchange = exchange
        rebuildListing()
        flashes = [:]
        refreshRows()
    }

    mutating func setShowsBothBooks(_ shows: Bool) { showsBothBooks = shows }

    mutating func setShowsUnpaired(_ shows: Bool) {
        showsUnpaired = shows
        refreshRows()
    }

    mutating func setSize(_ size: Size) {
        self.size = size
        keepSelectionVisible()
    }

    mutating func setScreen(_ screen: Screen) { self.screen = screen }
    mutating func setTab(_ tab: MarketTab) {
        self.tab = tab
        refreshRows()
    }
    mutating func setSort(_ sort: SortOrder) {
        sorts[tab] = sort
        refreshRows()
    }
    mutating func setQuery(_ query: String, searching: Bool) {
        self.query = query
        isSearching = searching
        refreshRows()
    }
    mutating func setShowsHelp(_ shows: Bool) { showsHelp = shows }
    mutating func setShowsTradeStrength(_ shows: Bool) { showsTradeStrength = shows }
    mutating func setAlerts(_ alerts: [PriceAlert]) {
        var seen: Set<String> = []
        self.alerts = alerts.filter { seen.insert($0.id).inserted }
    }
    mutating func setAlertPrompt(_ prompt: AlertPrompt?) { alertPrompt = prompt }
    mutating func setShowsAlerts(_ shows: Bool) { showsAlerts = shows }
    mutating func setAlertSelection(_ index: Int) { alertSelection = index }
    mutating func setPriceSamples(_ samples: [MarketCode: [PriceSample]]) { priceSamples = samples }
    mutating func setNameLanguage(_ language: NameLanguage) {
        nameLanguage = language
        refreshRows()
    }
    mutating func setFavoritesLoaded() { hasLoadedFavorites = true }
    mutating func setWatchlistProblem(_ problem: String?) { watchlistProblem = problem?.strippingUnsafeCharacters }
    mutating func setFavorites(_ favorites: [MarketCode]) {
        var seen: Set<MarketCode> = []
        self.favorites = favorites.filter { seen.insert($0).inserted }
        refreshRows()
    }
    mutating func setChart(_ chart: ChartView) { self.chart = chart }
    mutating func setDepthView(_ view: DepthView) { depthView = view }
    mutating func setDetailPane(_ pane: DetailPane) { detailPane = pane }
    mutating func setNotice(_ notice: String?) { self.notice = notice?.strippingUnsafeCharacters }

    /// Moves the highlight to row `index` (clamped) and scrolls it into view.
    mutating func select(index: Int) {
        guard !rows.isEmpty else {
            selection = nil
            return
        }
        selection = rows[min(max(0, index), rows.count - 1)]
        hasChosenSelection = true
        keepSelectionVisible()
    }

    private mutating func refreshRows() {
        rows = MarketRows.make(
            board: board, exchange: exchange, listing: listing, tab: tab, favorites: favorites, query: query,
            sort: sort, language: nameLanguage, includesUnpaired: showsUnpaired)
        if !hasChosenSelection, let remembered = settings.lastMarket, rows.contains(remembered) {
            selection = remembered
            hasChosenSelection = true
        } else if !hasChosenSelection || selectedIndex == nil {
            selection = rows.first
        }
        keepSelectionVisible()
    }

    private mutating func keepSelectionVisible() {
        let visible = max(1, visibleRowCount)
        let index = selectedIndex ?? 0
        if index < scrollOffset { scrollOffset = index }
        if index >= scrollOffset + visible { scrollOffset = index - visible + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, rows.count - visible)))
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
