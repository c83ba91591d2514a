import MarketCore

/// Which markets the table lists and in what order: the view-model work done once per
/// snapshot, key or search change, never while drawing.
enum MarketRows {
    /// The rows a table lists and the markets they were sorted from, in the listing's order.
    struct Sorted: Sendable, Equatable {
        var matched: [MarketCode] = []
        var rows: [MarketCode] = []
        /// Each row's key, when the key is a ticker's figure, and the snapshot it was read from.
        var keys: Keys?
        /// The listing `matched` is every KRW market of, when no search narrowed it.
        var listing: Listing?

        /// Rows and the markets they were sorted from, with no keys kept.
        init(matched: [MarketCode] = [], rows: [MarketCode] = []) {
            self.matched = matched
            self.rows = rows
        }

        /// Equal when they list the same rows from the same markets, whatever keys they keep.
        static func == (lhs: Sorted, rhs: Sorted) -> Bool {
            lhs.matched == rhs.matched && lhs.rows == rhs.rows
        }
    }

    /// An exchange's listing, kept with the markets matched from it: while the next snapshot
    /// lists the same (the same array, compared at once), they match again unread.
    struct Listing: Sendable {
        var exchange: Exchange
        var markets: [Market]
    }

    /// The keys of sorted rows, one per row, read from one exchange's snapshot by one key.
    struct Keys: Sendable {
        var values: [ExactDecimal?]
        var exchange: Exchange
        var version: UInt64
        var key: SortKey
        /// Each row's place by market, made when a changed ticker's row is first looked for and
        /// kept while the rows stand as they are.
        var places: [MarketCode: Int]?
    }

    /// The most tickers changed in a snapshot for which the keys kept are updated one by one
    /// (each row found by its place); past it they are all read again.
    static let keysUpdatedOneByOne = 16

    /// The rows to list. When the same markets match as for `previous`, they are sorted
    /// starting from `previous`'s rows: keys move little between snapshots, the order is then
    /// nearly right, and the sort (which merges runs already in order) compares each row about
    /// once instead of log₂ n times. Ties go by code, so the rows are the same whatever order
    /// the sort starts from. A key read from the ticker is read again only for the markets whose
    /// ticker changed, when `previous` kept the keys of the snapshot before. The KRW tab with
    /// no search matches `previous`'s markets again while the listing is the same.
    static func make(
        board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        favorites: [MarketCode], held: [MarketCode: HoldingsView.Held] = [:], query: String, sort: SortOrder,
        language: NameLanguage, includesUnpaired: Bool = false, previous: Sorted = Sorted()
    ) -> Sorted {
        let listing = tab == .krw && query.isEmpty ? Listing(exchange: exchange, markets: board[exchange].markets) : nil
        let matched: [MarketCode]
        if let listing, let kept = previous.listing, kept.exchange == listing.exchange, kept.markets == listing.markets {
            matched = previous.matched
        } else {
            matched = matching(
                board: board, exchange: exchange, listing: byCode, tab: tab, favorites: favorites, held: held, query: query,
                includesUnpaired: includesUnpaired)
        }
        var sorted = make(
            matched: matched, board: board, exchange: exchange, listing: byCode, tab: tab, favorites: favorites, held: held,
            sort: sort, language: language, previous: previous)
        sorted.listing = listing
        return sorted
    }

    /// ``make(board:exchange:listing:tab:favorites:held:query:sort:language:includesUnpaired:previous:)``
    /// of the markets `matched`.
    private static func make(
        matched: [MarketCode], board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        favorites: [MarketCode], held: [MarketCode: HoldingsView.Held], sort: SortOrder, language: NameLanguage, previous: Sorted
    ) -> Sorted {
        if sort.key == .favoritesOrder {
            let inOrder = matched.filter(Set(favorites).contains)
            return Sorted(matched: matched, rows: sort.isDescending ? inOrder.reversed() : inOrder)
        }
        guard matched == previous.matched else {
            return ordered(
                matched, board: board, exchange: exchange, listing: byCode, tab: tab, held: held, sort: sort, language: language)
        }
        if tab != .compare, let kept = keptKeys(previous, snapshot: board[exchange], exchange: exchange, key: sort.key) {
            let ranked = zip(previous.rows, kept.values).map { (code: $0, key: $1) }
            // Rows whose new keys still sit between their neighbours' leave every pair in order:
            // the rows stand as they were, with no sort.
            guard kept.changed.allSatisfy({ isInOrder(at: $0, in: ranked, sort: sort) }) else {
                return ordered(matched: matched, ranked, sort: sort, exchange: exchange, snapshot: board[exchange])
            }
            var unmoved = Sorted(matched: matched, rows: previous.rows)
            unmoved.keys = Keys(
                values: kept.values, exchange: exchange, version: board[exchange].version, key: sort.key, places: kept.places)
            return unmoved
        }
        var sorted = ordered(
            previous.rows, board: board, exchange: exchange, listing: byCode, tab: tab, held: held, sort: sort, language: language)
        sorted.matched = matched
        return sorted
    }

    /// `previous`'s keys brought up to `snapshot`, with the rows whose key was read again, when
    /// they were read by `key` from `exchange`'s snapshot right before it (or from it) and few
    /// tickers changed since.
    private static func keptKeys(
        _ previous: Sorted, snapshot: MarketSnapshot, exchange: Exchange, key: SortKey
    ) -> (values: [ExactDecimal?], changed: [Int], places: [MarketCode: Int]?)? {
        guard let kept = previous.keys, kept.exchange == exchange, kept.key == key, kept.values.count == previous.rows.count,
            kept.version > 0, snapshot.version == kept.version || snapshot.version == kept.version &+ 1
        else { return nil }
        let changedTickers = snapshot.diff.tickers
        guard snapshot.version != kept.version, !changedTickers.isEmpty else { return (kept.values, [], kept.places) }
        guard changedTickers.count <= keysUpdatedOneByOne else { return nil }
        let places = kept.places ?? Dictionary(previous.rows.enumerated().lazy.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var values = kept.values
        var changed: [Int] = []
        for code in changedTickers {
            guard let index = places[code] else { continue }
            values[index] = sortValue(of: code, key: key, snapshot: snapshot)
            changed.append(index)
        }
        return (values, changed, places)
    }

    /// Whether the row at `index` of `ranked` comes after the one before it and before the one
    /// after it in `sort`'s order.
    private static func isInOrder<Key: Comparable>(at index: Int, in ranked: [(code: MarketCode, key: Key?)], sort: SortOrder) -> Bool {
        (index == 0 || precedes(ranked[index - 1], ranked[index], sort: sort))
            && (index + 1 == ranked.count || precedes(ranked[index], ranked[index + 1], sort: sort))
    }

    /// The markets the tab lists that match the search, in the listing's order.
    private static func matching(
        board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        favorites: [MarketCode], held: [MarketCode: HoldingsView.Held], query: String, includesUnpaired: Bool
    ) -> [MarketCode] {
        let snapshot = board[exchange]
        let listed: [MarketCode]
        switch tab {
        case .krw: listed = snapshot.markets.map(\.code).filter { $0.isKRW }
        case .favorites: listed = favorites
        case .holdings: listed = held.keys.sorted()
        case .compare: listed = compared(board, includesUnpaired: includesUnpaired)
        }
        let needle = query.lowercased()
        return needle.isEmpty ? listed : listed.filter { code in matches(needle, code: code, market: byCode[code]) }
    }

    /// `markets` in `sort`'s order (by name or by a number), matched from themselves; a key read
    /// from the ticker is kept with the rows.
    private static func ordered(
        _ markets: [MarketCode], board: BoardSnapshot, exchange: Exchange, listing byCode: [MarketCode: Market], tab: MarketTab,
        held: [MarketCode: HoldingsView.Held], sort: SortOrder, language: NameLanguage
    ) -> Sorted {
        let snapshot = board[exchange]
        if sort.key == .name {
            let ranked = ordered(markets.map { (code: $0, key: name(of: $0, market: byCode[$0], language: language).lowercased()) }, sort: sort)
            return Sorted(matched: markets, rows: ranked.map(\.code))
        }
        if sort.key == .heldValue {
            let ranked = ordered(markets.map { (code: $0, key: held[$0]?.value) }, sort: sort)
            return Sorted(matched: markets, rows: ranked.map(\.code))
        }
        if tab == .compare {
            let ranked = ordered(markets.map { (code: $0, key: comparisonSortValue(of: $0, key: sort.key, board: board)) }, sort: sort)
            return Sorted(matched: markets, rows: ranked.map(\.code))
        }
        if sort.key == .premium {
            let rate = board.wonDollarRate?.rate
            let ranked = ordered(
                markets.map { code in (code: code, key: rate.flatMap { board.premium(of: code, on: exchange, rate: $0)?.premiumPercent }) },
                sort: sort)
            return Sorted(matched: markets, rows: ranked.map(\.code))
        }
        let ranked = markets.map { (code: $0, key: sortValue(of: $0, key: sort.key, snapshot: snapshot)) }
        return ordered(matched: markets, ranked, sort: sort, exchange: exchange, snapshot: snapshot)
    }

    /// `ranked` in `sort`'s order, its keys kept with the rows when they are a ticker's figures.
    private static func ordered(
        matched: [MarketCode], _ ranked: [(code: MarketCode, key: ExactDecimal?)], sort: SortOrder, exchange: Exchange,
        snapshot: MarketSnapshot
    ) -> Sorted {
        let sorted = ordered(ranked, sort: sort)
        var result = Sorted(matched: matched, rows: sorted.map(\.code))
        if sort.key.isReadFromTicker {
            result.keys = Keys(values: sorted.map(\.key), exchange: exchange, version: snapshot.version, key: sort.key)
        }
        return result
    }

    /// The codes ordered by their keys in `sort`'s direction, those without a key last, equal
    /// keys by code.
    private static func ordered<Key: Comparable>(_ ranked: [(code: MarketCode, key: Key?)], sort: SortOrder) -> [(code: MarketCode, key: Key?)] {
        ranked.sorted { precedes($0, $1, sort: sort) }
    }

    /// Whether `lhs` is listed before `rhs` in `sort`'s order: by key in its direction, those
    /// without a key last, equal keys by code.
    private static func precedes<Key: Comparable>(
        _ lhs: (code: MarketCode, key: Key?), _ rhs: (code: MarketCode, key: Key?), sort: SortOrder
    ) -> Bool {
        switch (lhs.key, rhs.key) {
        case (nil, nil): return lhs.code < rhs.code
        case (nil, _): return false
        case (_, nil): return true
        case (let left?, let right?):
            if left == right { return lhs.code < rhs.code }
            return sort.isDescending ? right < left : left < right
        }
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
    /// in place: a whole ticker is not copied out for it. Only ``SortKey/isReadFromTicker``
    /// keys change with the ticker alone; the others are read again every time.
    private static func sortValue(of code: MarketCode, key: SortKey, snapshot: MarketSnapshot) -> ExactDecimal? {
        switch key {
        case .tradeValue: snapshot.tickers[code]?.tradeValue24h
        case .changeRate: snapshot.tickers[code]?.change.signedRate
        case .price: snapshot.tickers[code]?.price
        case .popularity: snapshot.activity[code]?.tradesPerMinute(at: snapshot.capturedAt) ?? .zero
        case .tradeStrength: snapshot.tickers[code]?.flow?.strength
        case .name, .favoritesOrder, .gap, .heldValue, .premium: nil
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
        case .name, .changeRate, .popularity, .tradeStrength, .favoritesOrder, .heldValue, .premium: return nil
        }
    }
}

extension SortKey {
    /// Whether the key is a figure of the market's ticker, changing only when the ticker does.
    var isReadFromTicker: Bool {
        switch self {
        case .tradeValue, .changeRate, .price, .tradeStrength: true
        case .name, .popularity, .favoritesOrder, .gap, .heldValue, .premium: false
        }
    }
}
