public import MarketCore

/// The market table: its tab, each tab's order, the search, the rows listed, the highlight
/// and the scroll.
public struct TableState: Sendable, Equatable {
    /// The tab shown.
    public internal(set) var tab: MarketTab
    /// Each tab's order.
    public internal(set) var sorts: [MarketTab: SortOrder]
    /// The search text; empty shows every market.
    public internal(set) var query = ""
    /// Whether keys are typed into the search.
    public internal(set) var isSearching = false
    /// Whether the table shows the 체결강도 column.
    public internal(set) var showsTradeStrength: Bool
    /// The markets listed now, filtered and sorted.
    public internal(set) var rows: [MarketCode] = []
    /// The markets ``rows`` were sorted from.
    var sortedFrom = SortedFrom()
    /// The highlighted market.
    public internal(set) var selection: MarketCode?
    /// The first row shown.
    public internal(set) var scrollOffset = 0
    /// Whether the user has moved the highlight; until then it stays on the top row as the
    /// table fills and re-sorts.
    var hasChosenSelection = false

    /// The table at start, as `settings` say.
    init(settings: DashboardSettings) {
        tab = settings.tab
        sorts = [.krw: settings.sort, .favorites: .favoritesOrder, .holdings: .mostValuable, .compare: .widestGap]
        showsTradeStrength = settings.showsTradeStrength
    }

    /// The order of the tab shown.
    public var sort: SortOrder { sorts[tab] ?? .default }

    /// Index of the highlighted market in ``rows``.
    public var selectedIndex: Int? {
        selection.flatMap { rows.firstIndex(of: $0) }
    }

    /// Lists `rows`: the highlight stays on its market while listed, goes to `remembered` (the
    /// market last looked at) before the user has moved it, and otherwise to the top row.
    mutating func show(_ sorted: MarketRows.Sorted, remembered: MarketCode?, visible: Int) {
        rows = sorted.rows
        sortedFrom.markets = sorted.matched
        sortedFrom.keys = sorted.keys
        sortedFrom.listing = sorted.listing
        if !hasChosenSelection, let remembered, rows.contains(remembered) {
            selection = remembered
            hasChosenSelection = true
        } else if !hasChosenSelection || selectedIndex == nil {
            selection = rows.first
        }
        keepSelectionVisible(visible: visible)
    }

    /// Moves the highlight to row `index` (clamped) and scrolls it into the `visible` rows.
    mutating func select(index: Int, visible: Int) {
        guard !rows.isEmpty else {
            selection = nil
            return
        }
        selection = rows[min(max(0, index), rows.count - 1)]
        hasChosenSelection = true
        keepSelectionVisible(visible: visible)
    }

    /// Scrolls so that the highlight is among the `visible` rows.
    mutating func keepSelectionVisible(visible: Int) {
        let visible = max(1, visible)
        let index = selectedIndex ?? 0
        if index < scrollOffset { scrollOffset = index }
        if index >= scrollOffset + visible { scrollOffset = index - visible + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, rows.count - visible)))
    }
}

/// The markets a table's rows were last sorted from, in the listing's order (and the listing
/// they are every KRW market of, if they are), and the rows' keys: the next sort of the same
/// markets starts from the rows and keys (``MarketRows/make``).
/// Equal whatever it holds, so two tables listing the same rows are equal: it changes how the
/// next sort runs, never which rows come out of it.
struct SortedFrom: Sendable, Equatable {
    var markets: [MarketCode] = []
    var keys: MarketRows.Keys?
    var listing: MarketRows.Listing?

    static func == (lhs: SortedFrom, rhs: SortedFrom) -> Bool { true }
}

extension SortedFrom {
    /// The sort that listed `rows`, for the next to start from.
    func previous(rows: [MarketCode]) -> MarketRows.Sorted {
        var sorted = MarketRows.Sorted(matched: markets, rows: rows)
        sorted.keys = keys
        sorted.listing = listing
        return sorted
    }
}
