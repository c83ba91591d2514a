import MarketCore
import TerminalKit

/// The top row of the market screen: the two tabs, then the sort order and the search.
struct TabBar: Widget {
    let state: UIState
    let theme: Theme

    /// Everything the bar shows: equal inputs draw equal bars.
    struct Inputs: Equatable, Sendable {
        var language: NameLanguage
        var isComparing: Bool
        var tab: MarketTab
        var exchange: Exchange
        var favorites: Int
        var held: Int
        var sort: SortOrder
        var isSearching: Bool
        var query: String
        var theme: Theme

        init(_ state: UIState, theme: Theme) {
            language = state.nameLanguage
            isComparing = state.board.isComparing
            tab = state.table.tab
            exchange = state.exchange
            favorites = state.favorites.count
            held = state.holdings.view.markets.count
            sort = state.table.sort
            isSearching = state.table.isSearching
            query = state.table.query
            self.theme = theme
        }
    }

    /// The tabs' titles as drawn from the left, each padded by a space and followed by one.
    /// With several exchanges, the KRW or Favorites tab shown names the exchange it shows.
    static func titles(_ state: UIState) -> [(tab: MarketTab, title: String)] {
        let labels = Labels(language: state.nameLanguage)
        let comparing = state.board.isComparing
        return MarketTab.shown(comparing: comparing).map { tab in
            let exchange = comparing && tab == state.table.tab && tab != .compare ? "· \(labels.exchangeName(state.exchange)) " : ""
            return switch tab {
            case .krw: (tab, " \(labels.krwTab) \(exchange)")
            case .favorites: (tab, " \(labels.favoritesTab) \(state.favorites.count) \(exchange)")
            case .holdings: (tab, " \(labels.holdingsTab) \(state.holdings.view.markets.count) \(exchange)")
            case .compare: (tab, " \(labels.compareTab) ")
            }
        }
    }

    /// The tab whose title covers column `x` of the bar, if any.
    static func tab(atColumn x: Int, _ state: UIState) -> MarketTab? {
        var start = 0
        for (tab, title) in titles(state) {
            let end = start + title.terminalColumns
            if (start..<end).contains(x) { return tab }
            start = end + 1
        }
        return nil
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let labels = Labels(language: state.nameLanguage)
        var x = area.x
        for (tab, title) in Self.titles(state) {
            let style = tab == state.table.tab ? theme.selected.bold : theme.muted
            x += buffer.write(title, x: x, y: area.y, limit: area.maxX - x, style: style)
            x += buffer.write(" ", x: x, y: area.y, limit: area.maxX - x)
        }
        let arrow = state.table.sort.isDescending ? theme.down : theme.up
        var right = "\(labels.sortedBy): \(labels.sortKey(state.table.sort.key))\(arrow)"
        if state.table.isSearching || !state.table.query.isEmpty {
            right = "\(labels.search): \(state.table.query)\(state.table.isSearching ? "_" : "")  " + right
        }
        let room = area.maxX - x
        let text = right.truncated(toColumns: room)
        buffer.write(
            text, x: area.maxX - text.terminalColumns, y: area.y, limit: room,
            style: state.table.isSearching ? Style.plain.bold : theme.muted)
    }
}
