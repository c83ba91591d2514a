import MarketCore

/// Which markets the table lists and in what order: the view-model work done once per
/// snapshot, key or search change, never while drawing.
enum MarketRows {
    static func make(
        board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        favorites: [MarketCode], query: String, sort: SortOrder, language: NameLanguage, includesUnpaired: Bool = false
    ) -> [MarketCode] {
        let snapshot = board[exchange]
        let listed: [MarketCode]
        switch tab {
        case .krw: listed = snapshot.markets.map(\.code).filter { $0.isKRW }
        case .favorites: listed = favorites
        case .compare: listed = compared(board, includesUnpaired: includesUnpaired)
        }
        let needle = query.lowercased()
        let matching =
            needle.isEmpty
            ? listed
            : listed.filter { code in
                matches(needle, code: code, market: byCode[code])
            }
        if sort.key == .favoritesOrder {
            let inOrder = matching.filter(Set(favorites).contains)
            return sort.isDescending ? inOrder.reversed() : inOrder
        }
        if sort.key == .name {
            return ordered(matching.map { ($0, name(of: $0, market: byCode[$0], language: language).lowercased()) }, sort: sort)
        }
        return ordered(
            matching.map { code in
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
