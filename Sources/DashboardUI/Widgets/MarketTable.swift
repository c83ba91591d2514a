import MarketCore
import TerminalKit

/// The market board: a header and one row per market — ★, name, symbol, price, change % with
/// ▲/▼, change amount and 24-hour traded value in millions of won.
struct MarketTable: Widget {
    let state: UIState
    let theme: Theme

    /// The table's columns, in the order they are dropped when the terminal is narrow.
    enum Column: TableColumn, CaseIterable {
        case star, name, badge, symbol, price, changeRate, changeAmount, tradeStrength, tradeValue

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
            case .tradeValue: 14
            }
        }

        var isRightAligned: Bool { self != .star && self != .name && self != .badge && self != .symbol }

        static let droppedFirst: [Column] = [.changeAmount, .symbol, .tradeValue, .tradeStrength, .badge]
    }

    /// The columns that fit in `width` with their widths (체결강도 only with `strength`); the
    /// name takes what is left, up to 20.
    static func columns(fitting width: Int, strength: Bool) -> [(column: Column, width: Int)] {
        TableLayout.fit(
            Column.allCases.filter { strength || $0 != .tradeStrength }, width: width, droppedFirst: Column.droppedFirst,
            flexible: .name)
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height > 0 else { return }
        let columns = Self.columns(fitting: area.width, strength: state.table.showsTradeStrength || state.table.sort.key == .tradeStrength)
        let labels = Labels(language: state.nameLanguage)
        let basis = state.table.rows.lazy.compactMap { state.snapshot.tickers[$0]?.change.basis }.first
        TableLayout.draw(columns, y: area.y, in: area, into: &buffer) { column in
            let title: String
            switch column {
            case .star: title = ""
            case .name: title = labels.name
            case .badge: title = labels.badgeColumn
            case .symbol: title = labels.symbol
            case .price: title = labels.price
            case .changeRate: title = labels.change(basis: basis)
            case .changeAmount: title = labels.changeAmount
            case .tradeStrength: title = labels.tradeStrengthColumn
            case .tradeValue: title = labels.tradeValue
            }
            return (title, theme.header)
        }
        let body = area.splitTop(1).rest
        guard !state.table.rows.isEmpty else {
            renderEmpty(labels: labels, in: body, into: &buffer)
            return
        }
        for (offset, code) in state.table.rows.dropFirst(state.table.scrollOffset).prefix(body.height).enumerated() {
            let y = body.y + offset
            renderRow(code, market: state.listing[code], columns: columns, labels: labels, y: y, in: body, into: &buffer)
            if code == state.table.selection { buffer.updateStyles(in: body.row(offset)) { $0.isReversed = true } }
        }
    }

    private func renderRow(
        _ code: MarketCode, market: Market?, columns: [(column: Column, width: Int)], labels: Labels, y: Int,
        in area: Rect, into buffer: inout Buffer
    ) {
        let ticker = state.snapshot.tickers[code]
        let signals = market.map { state.snapshot.signals(for: $0) }
        let change = ticker.map { theme.style(for: $0.change.direction) } ?? .plain
        TableLayout.draw(columns, y: y, in: area, into: &buffer) { column in
            switch column {
            case .star:
                return (state.favorites.contains(code) ? theme.star : "", Style.plain.foreground(.yellow))
            case .name:
                return (
                    MarketRows.name(of: code, market: market, language: state.nameLanguage),
                    signals?.warning != nil ? Style.plain.foreground(.yellow) : .plain
                )
            case .badge:
                return (signals.map { labels.badge($0, at: state.snapshot.capturedAt) } ?? "", theme.warning)
            case .symbol:
                return (code.base, theme.muted)
            case .price:
                let flash = state.flashes[code].map { theme.style(for: $0.move) }
                return (ticker.map { DisplayFormat.price($0.price) } ?? "-", flash ?? change)
            case .changeRate:
                return (ticker.map { theme.arrow(for: $0.change.direction) + DisplayFormat.percent($0.change.rate) } ?? "-", change)
            case .changeAmount:
                return (ticker.map { DisplayFormat.signedAmount($0.change.signedAmount) } ?? "-", change)
            case .tradeStrength:
                let strength = ticker?.flow?.strength
                let style = strength.map { $0 > 100 ? theme.rise : ($0 < 100 ? theme.fall : .plain) } ?? .plain
                return (strength.map { $0.formatted(fractionDigits: 2) } ?? "-", style)
            case .tradeValue:
                return (ticker?.tradeValue24h.map(DisplayFormat.millions) ?? "-", .plain)
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
