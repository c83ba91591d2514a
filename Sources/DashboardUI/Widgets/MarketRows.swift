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
        let ranked = matching.map { code in
            (
                code: code,
                key: tab == .compare
                    ? comparisonSortValue(of: code, key: sort.key, market: byCode[code], board: board, language: language)
                    : sortValue(of: code, key: sort.key, market: byCode[code], snapshot: snapshot, language: language)
            )
        }
        return ranked.sorted { lhs, rhs in
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

    private static func sortValue(
        of code: MarketCode, key: SortKey, market: Market?, snapshot: MarketSnapshot, language: NameLanguage
    ) -> SortValue? {
        let ticker = snapshot.tickers[code]
        return switch key {
        case .tradeValue: ticker?.tradeValue24h.map(SortValue.number)
        case .changeRate: ticker.map { .number($0.change.signedRate) }
        case .price: ticker.map { .number($0.price) }
        case .name: .text(name(of: code, market: market, language: language).lowercased())
        case .popularity: .number(snapshot.activity[code]?.tradesPerMinute(at: snapshot.capturedAt) ?? .zero)
        case .tradeStrength: ticker?.flow?.strength.map(SortValue.number)
        case .favoritesOrder, .gap: nil
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

    private static func comparisonSortValue(
        of code: MarketCode, key: SortKey, market: Market?, board: BoardSnapshot, language: NameLanguage
    ) -> SortValue? {
        switch key {
        case .gap: return board.gap(of: code)?.gapPercent.map { .number($0.magnitude) }
        case .tradeValue:
            let values = [Exchange.bithumb, .upbit].compactMap { board[$0].tickers[code]?.tradeValue24h }
            return values.isEmpty ? nil : .number(values.reduce(.zero, +))
        case .price: return (board[.bithumb].tickers[code] ?? board[.upbit].tickers[code]).map { .number($0.price) }
        case .name: return .text(name(of: code, market: market, language: language).lowercased())
        case .changeRate, .popularity, .tradeStrength, .favoritesOrder: return nil
        }
    }

    private enum SortValue: Comparable {
        case number(ExactDecimal)
        case text(String)
    }
}
