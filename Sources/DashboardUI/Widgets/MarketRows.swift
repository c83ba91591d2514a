import MarketCore

/// Which markets the table lists and in what order: the view-model work done once per
/// snapshot, key or search change, never while drawing.
enum MarketRows {
    /// The rows a table lists and the markets they were sorted from, in the listing's order.
    struct Sorted: Sendable, Equatable {
        var matched: [MarketCode] = []
        var rows: [MarketCode] = []
    }

    /// The rows to list. When the same markets match as for `previous`, they are sorted
    /// starting from `previous`'s rows: keys move little between snapshots, the order is then
    /// nearly right, and the sort (which merges runs already in order) compares each row about
    /// once instead of log₂ n times. Ties go by code, so the rows are the same whatever order
    /// the sort starts from.
    static func make(
        board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        favorites: [MarketCode], query: String, sort: SortOrder, language: NameLanguage, includesUnpaired: Bool = false,
        previous: Sorted = Sorted()
    ) -> Sorted {
        let matched = matching(
            board: board, exchange: exchange, listing: byCode, tab: tab, favorites: favorites, query: query,
            includesUnpaired: includesUnpaired)
        if sort.key == .favoritesOrder {
            let inOrder = matched.filter(Set(favorites).contains)
            return Sorted(matched: matched, rows: sort.isDescending ? inOrder.reversed() : inOrder)
        }
        let start = matched == previous.matched ? previous.rows : matched
        return Sorted(
            matched: matched, rows: ordered(start, board: board, exchange: exchange, listing: byCode, tab: tab, sort: sort, language: language))
    }

    /// The markets the tab lists that match the search, in the listing's order.
    private static func matching(
        board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        favorites: [MarketCode], query: String, includesUnpaired: Bool
    ) -> [MarketCode] {
        let snapshot = board[exchange]
        let listed: [MarketCode]
        switch tab {
        case .krw: listed = snapshot.markets.map(\.code).filter { $0.isKRW }
        case .favorites: listed = favorites
        case .compare: listed = compared(board, includesUnpaired: includesUnpaired)
        }
        let needle = query.lowercased()
        return needle.isEmpty ? listed : listed.filter { code in matches(needle, code: code, market: byCode[code]) }
    }

    /// `markets` in `sort`'s order (by name or by a number).
    private static func ordered(
        _ markets: [MarketCode], board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        sort: SortOrder, language: NameLanguage
    ) -> [MarketCode] {
        let snapshot = board[exchange]
        if sort.key == .name {
            return ordered(markets.map { ($0, name(of: $0, market: byCode[$0], language: language).lowercased()) }, sort: sort)
        }
        return ordered(
            markets.map { code in
                (
                    code,
                    tab == .compare
                        ? comparisonSortValue(of: code, key: sort.key, board: board) : sortValue(of: code, key: sort.key, snapshot: snapshot)
                )
            }, sort: sort)
    }

    /// The codes ordered by their keys in `sort`'s direction, those without a key last, equal
    /// keys by code.
    private static func ordered<Key: Comparable>(_ ranked: [(code: MarketCode, key: Key?)], sort: SortOrder) -> [MarketCode] {
        ranked.sorted { lhs, rhs in
            switch (lhs.key, rhs.key) {
            case (nil, nil): return lhs.code < rhs.code
            case (nil, _): return false
            case (_, nil): return true
            case (let left?, let right?):
                if left == right { return lhs.code < rhs.code }
                return sort.isDescending ? right < left : left < right
            }
        }.map(\.code)
    }

    /// A display name, falling back to the symbol for a market the listing doesn't name.
    static func name(of code: MarketCode, market: Market?, language: NameLanguage) -> String {
        guard let market else { return code.base }
        let name = language == .korean ? market.koreanName : market.englishName
        return name.isEmpty ? code.base : name
    }

    private static func matches(_ needle: String, code: MarketCode, market: Market?) -> Bool {
        if code.base.lowercased().contains(needle) || code.code.lowercased().contains(needle) { return true }
        guard let market else { return false }
        return market.englishName.lowercased().contains(needle) || HangulSearch.matches(needle, in: market.koreanName)
    }

    /// The number `key` sorts `code` by (every key but the name's). The ticker's field is read
    /// in place: a whole ticker is not copied out for it.
    private static func sortValue(of code: MarketCode, key: SortKey, snapshot: MarketSnapshot) -> ExactDecimal? {
        switch key {
        case .tradeValue: snapshot.tickers[code]?.tradeValue24h
        case .changeRate: snapshot.tickers[code]?.change.signedRate
        case .price: snapshot.tickers[code]?.price
        case .popularity: snapshot.activity[code]?.tradesPerMinute(at: snapshot.capturedAt) ?? .zero
        case .tradeStrength: snapshot.tickers[code]?.flow?.strength
        case .name, .favoritesOrder, .gap: nil
        }
    }

    /// The KRW markets the comparison lists: those on both Bithumb and Upbit, or with
    /// `includesUnpaired` those on either.
    private static func compared(_ board: BoardSnapshot, includesUnpaired: Bool) -> [MarketCode] {
        let bithumb = board[.bithumb].markets.map(\.code).filter { $0.isKRW }
        let upbit = board[.upbit].markets.map(\.code).filter { $0.isKRW }
        let onUpbit = Set(upbit)
        guard includesUnpaired else { return bithumb.filter(onUpbit.contains) }
        let onBithumb = Set(bithumb)
        return bithumb + upbit.filter { !onBithumb.contains($0) }
    }

    /// The number `key` sorts `code` by on the comparison tab (every key but the name's).
    private static func comparisonSortValue(of code: MarketCode, key: SortKey, board: BoardSnapshot) -> ExactDecimal? {
        switch key {
        case .gap: return board.gap(of: code)?.gapPercent.map(\.magnitude)
        case .tradeValue:
            let values = [Exchange.bithumb, .upbit].compactMap { board[$0].tickers[code]?.tradeValue24h }
            return values.isEmpty ? nil : values.reduce(.zero, +)
        case .price: return (board[.bithumb].tickers[code] ?? board[.upbit].tickers[code])?.price
        case .name, .changeRate, .popularity, .tradeStrength, .favoritesOrder: return nil
        }
    }
}
