import MarketCore
import TerminalKit

/// The market board: a header and one row per market — ★ (a favorite) and ◆ (held), name, symbol, price, change % with
/// ▲/▼, change amount and 24-hour traded value in millions of won.
///
/// With a reference for the kimchi premium, a 김프 column: the coin's premium over Binance's
/// price at the won–dollar rate, `—` for a coin Binance does not list (never 0).
///
/// A row is drawn from its ``RowInputs`` and the frame's ``Layout`` alone, so a row whose
/// inputs are those of the previous frame, in the same layout, is copied from it
/// (``Cache/rows``): most rows between two snapshots, and the header, drawn from its titles. The inputs that come from the market data
/// are kept too (``Cache/models``) and worked out again only for the markets whose ticker
/// changed.
struct MarketTable: Widget {
    let state: UIState
    let theme: Theme

    /// What a frame keeps for the next.
    struct Cache: Sendable {
        /// Rows of earlier frames, the header and the markets', all drawn in ``layout``.
        var rows = RowCache<RowID, RowContent>()
        /// The columns and how they read in the rows kept: a frame in another layout lets them
        /// go, so a row's inputs need not hold the layout every row shares.
        var layout: Layout?
        /// Each market's row model while the snapshots leave it unchanged.
        var models = MarketRowModels()

        /// Ends a frame: see ``RowCache/endFrame()``.
        mutating func endFrame() {
            rows.endFrame()
        }
    }

    /// A row of the table: the header, or a market's.
    enum RowID: Hashable, Sendable {
        case header
        case market(MarketCode)
    }

    /// What a row is drawn from: the header's titles (Korean titles are the dearest text a
    /// frame writes, and they change only with the sort's basis), or a market row's inputs.
    enum RowContent: Sendable, Equatable {
        case header([String])
        case market(RowInputs)
    }

    /// Everything a row shows, besides its market code and the frame's ``Layout``, and nothing
    /// else: equal inputs in one layout draw equal rows, and comparing them is cheap.
    struct RowInputs: Sendable, Equatable {
        /// What the market data makes of the row, compared by identity.
        var model: MarketRowModels.Kept
        var flash: PriceMove?
        var isFavorite: Bool
        var isHeld: Bool
    }

    /// The ticker's figures a row shows.
    struct Figures: Sendable, Equatable {
        var price: ExactDecimal
        var change: PriceChange
        var flow: TradeFlow?
        var tradeValue: ExactDecimal?

        init(_ ticker: Ticker) {
            price = ticker.price
            change = ticker.change
            flow = ticker.flow
            tradeValue = ticker.tradeValue24h
        }
    }

    /// What every row of a frame shares: the columns and how they read.
    struct Layout: Sendable, Equatable {
        var columns: [Column]
        var widths: [Int]
        var theme: Theme
        var language: NameLanguage
    }

    /// The table's columns, in the order they are dropped when the terminal is narrow.
    enum Column: TableColumn, CaseIterable {
        case star, name, badge, symbol, price, changeRate, changeAmount, tradeStrength, premium, tradeValue

        var width: Int {
            switch self {
            case .star: 2
            case .name: 12
            case .badge: 6
            case .symbol: 7
            case .price: 13
            case .changeRate: 9
            case .changeAmount: 12
            case .tradeStrength: 9
            case .premium: 8
            case .tradeValue: 14
            }
        }

        var isRightAligned: Bool { self != .star && self != .name && self != .badge && self != .symbol }

        static let droppedFirst: [Column] = [.changeAmount, .symbol, .tradeValue, .tradeStrength, .premium, .badge]
    }

    /// The columns that fit in `width` with their widths (체결강도 only with `strength`, 김프
    /// only with `premium`); the name takes what is left, up to 20.
    static func columns(fitting width: Int, strength: Bool, premium: Bool) -> [(column: Column, width: Int)] {
        TableLayout.fit(
            Column.allCases.filter { (strength || $0 != .tradeStrength) && (premium || $0 != .premium) }, width: width,
            droppedFirst: Column.droppedFirst, flexible: .name)
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        var cache = Cache()
        render(in: area, into: &buffer, cache: &cache)
    }

    /// Draws the table, copying from `cache` every row whose inputs have not changed.
    func render(in area: Rect, into buffer: inout Buffer, cache: inout Cache) {
        guard area.height > 0 else { return }
        let board = state.board
        let columns = Self.columns(
            fitting: area.width, strength: state.table.showsTradeStrength || state.table.sort.key == .tradeStrength,
            premium: board.reference != nil || state.table.sort.key == .premium)
        let labels = Labels(language: state.nameLanguage)
        let layout = Layout(columns: columns.map(\.column), widths: columns.map(\.width), theme: theme, language: state.nameLanguage)
        if cache.layout != layout {
            cache.rows = RowCache()
            cache.layout = layout
        }
        let basis = state.table.rows.lazy.compactMap { state.snapshot.tickers[$0]?.change.basis }.first
        let titles = columns.map { Self.title(of: $0.column, labels: labels, basis: basis) }
        let header = area.row(0)
        let headerStyle = theme.header
        cache.rows.draw(.header, inputs: .header(titles), in: header, into: &buffer) { buffer in
            TableLayout.draw(columns, y: header.y, in: area, into: &buffer) { column in
                (Self.title(of: column, labels: labels, basis: basis), headerStyle)
            }
        }
        let body = area.splitTop(1).rest
        guard !state.table.rows.isEmpty else {
            renderEmpty(labels: labels, in: body, into: &buffer)
            return
        }
        let snapshot = state.snapshot
        let rate = columns.contains { $0.column == .premium } ? board.wonDollarRate?.rate : nil
        cache.models.update(for: state, rate: rate)
        for (offset, code) in state.table.rows.dropFirst(state.table.scrollOffset).prefix(body.height).enumerated() {
            let row = body.row(offset)
            // No closure makes the model: one would hold copies of what it reads, a row each.
            let model: MarketRowModels.Kept
            if let kept = cache.models.kept(code) {
                model = kept
            } else {
                model = cache.models.keep(rowModel(code, labels: labels, snapshot: snapshot, rate: rate), of: code, at: snapshot.capturedAt)
            }
            let inputs = RowInputs(
                model: model, flash: state.flashes[code]?.move, isFavorite: state.favorites.contains(code),
                isHeld: state.holdings.view.markets[code] != nil)
            cache.rows.draw(.market(code), inputs: .market(inputs), in: row, into: &buffer) { buffer in
                Self.renderRow(code, inputs, theme: layout.theme, columns: columns, y: row.y, in: body, into: &buffer)
            }
            if code == state.table.selection { buffer.updateStyles(in: row) { $0.isReversed = true } }
        }
    }

    /// The header's title of `column` (the change column's names the change's `basis`).
    private static func title(of column: Column, labels: Labels, basis: ChangeBasis?) -> String {
        switch column {
        case .star: ""
        case .name: labels.name
        case .badge: labels.badgeColumn
        case .symbol: labels.symbol
        case .price: labels.price
        case .changeRate: labels.change(basis: basis)
        case .changeAmount: labels.changeAmount
        case .tradeStrength: labels.tradeStrengthColumn
        case .premium: labels.premiumColumn
        case .tradeValue: labels.tradeValue
        }
    }

    /// What `code`'s row shows from the market data (its premium at `rate`), and until when its
    /// badge says "new".
    private func rowModel(
        _ code: MarketCode, labels: Labels, snapshot: MarketSnapshot, rate: ExactDecimal?
    ) -> (model: MarketRowModels.Model, newUntil: Timestamp?) {
        let market = state.listing[code]
        let signals = market.map { snapshot.signals(for: $0) }
        let premium = rate.flatMap { state.board.premium(of: code, on: state.exchange, rate: $0)?.premiumPercent }
        let model = MarketRowModels.Model(
            figures: snapshot.tickers[code].map(Figures.init), name: MarketRows.name(of: code, market: market, language: state.nameLanguage),
            badge: signals.map { labels.badge($0, isNew: $0.isNew(at: snapshot.capturedAt)) } ?? "", isWarned: signals?.warning != nil,
            premium: premium.map { DisplayFormat.shownPercentPoints($0) })
        return (model, signals?.listedAt.map { $0.advanced(byMicroseconds: MarketSignals.newListingSpan) })
    }

    private static func renderRow(
        _ code: MarketCode, _ inputs: RowInputs, theme: Theme, columns: [(column: Column, width: Int)], y: Int, in area: Rect,
        into buffer: inout Buffer
    ) {
        let model = inputs.model.model
        let ticker = model.figures
        let change = ticker.map { theme.style(for: $0.change.direction) } ?? .plain
        TableLayout.draw(columns, y: y, in: area, into: &buffer) { column in
            switch column {
            case .star:
                return ((inputs.isFavorite ? theme.star : " ") + (inputs.isHeld ? theme.held : ""), Style.plain.foreground(.yellow))
            case .name:
                return (model.name, model.isWarned ? Style.plain.foreground(.yellow) : .plain)
            case .badge:
                return (model.badge, theme.warning)
            case .symbol:
                return (code.base, theme.muted)
            case .price:
                let flash = inputs.flash.map { theme.style(for: $0) }
                return (ticker.map { DisplayFormat.price($0.price) } ?? "-", flash ?? change)
            case .changeRate:
                return (ticker.map { theme.arrow(for: $0.change.direction) + DisplayFormat.percent($0.change.rate) } ?? "-", change)
            case .changeAmount:
                return (ticker.map { DisplayFormat.signedAmount($0.change.signedAmount) } ?? "-", change)
            case .tradeStrength:
                let strength = ticker?.flow?.strength
                let style = strength.map { $0 > 100 ? theme.rise : ($0 < 100 ? theme.fall : .plain) } ?? .plain
                return (strength.map { $0.formatted(fractionDigits: 2) } ?? "-", style)
            case .premium:
                return theme.premium(model.premium)
            case .tradeValue:
                return (ticker?.tradeValue.map(DisplayFormat.millions) ?? "-", .plain)
            }
        }
    }

    private func renderEmpty(labels: Labels, in area: Rect, into buffer: inout Buffer) {
        let lines: [String]
        if state.table.tab == .favorites && state.favorites.isEmpty {
            lines = labels.emptyFavorites
        } else if !state.table.query.isEmpty {
            lines = [labels.noMatch]
        } else {
            lines = [labels.waiting]
        }
        TableLayout.drawEmpty(lines, in: area, into: &buffer, style: theme.muted)
    }
}
