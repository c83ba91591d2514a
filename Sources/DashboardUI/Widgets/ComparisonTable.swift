import MarketCore
import TerminalKit

/// 거래소 비교: one row per coin on both exchanges — ★, name, each exchange's price, the gap
/// (Upbit − Bithumb) in won and as a percentage of Bithumb's price, each side's 24-hour traded
/// value, and with a reference each exchange's kimchi premium. A gap whose sign just flipped is
/// lit; coins on one exchange only show `-` for the other.
struct ComparisonTable: Widget {
    let state: UIState
    let theme: Theme

    /// The table's columns, in the order they are dropped when the terminal is narrow.
    enum Column: TableColumn, CaseIterable {
        case star, name, bithumbPrice, upbitPrice, gap, gapPercent, bithumbPremium, upbitPremium, bithumbValue, upbitValue

        var width: Int {
            switch self {
            case .star: 2
            case .name: 12
            case .bithumbPrice, .upbitPrice: 13
            case .gap: 13
            case .gapPercent: 8
            case .bithumbPremium, .upbitPremium: 11
            case .bithumbValue, .upbitValue: 15
            }
        }

        var isRightAligned: Bool { self != .star && self != .name }

        static let droppedFirst: [Column] = [.upbitValue, .bithumbValue, .star, .gap, .upbitPremium, .bithumbPremium]
    }

    /// The columns that fit in `width` (the premiums only with `premiums`); the name takes what
    /// is left, up to 22. The traded values, and the premiums, come as a pair or not at all.
    static func columns(fitting width: Int, premiums: Bool = false) -> [(column: Column, width: Int)] {
        var offered = Column.allCases.filter { premiums || ($0 != .bithumbPremium && $0 != .upbitPremium) }
        for pair in [[Column.bithumbValue, .upbitValue], [.bithumbPremium, .upbitPremium]] {
            let fitted = TableLayout.fit(offered, width: width, droppedFirst: Column.droppedFirst, flexible: .name)
            if fitted.contains(where: { $0.column == pair[0] }) != fitted.contains(where: { $0.column == pair[1] }) {
                offered.removeAll { pair.contains($0) }
            }
        }
        return TableLayout.fit(offered, width: width, droppedFirst: Column.droppedFirst, flexible: .name)
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height > 0 else { return }
        let columns = Self.columns(fitting: area.width, premiums: state.board.reference != nil)
        let labels = Labels(language: state.nameLanguage)
        TableLayout.draw(columns, y: area.y, in: area, into: &buffer) { column in
            let title: String =
                switch column {
                case .star: ""
                case .name: labels.name
                case .bithumbPrice: labels.exchangeName(.bithumb)
                case .upbitPrice: labels.exchangeName(.upbit)
                case .gap: labels.gapColumn
                case .gapPercent: labels.gapPercentColumn
                case .bithumbPremium: labels.premiumColumn(.bithumb)
                case .upbitPremium: labels.premiumColumn(.upbit)
                case .bithumbValue: labels.tradeValueColumn(.bithumb)
                case .upbitValue: labels.tradeValueColumn(.upbit)
                }
            return (title, theme.header)
        }
        let body = area.splitTop(1).rest
        guard !state.table.rows.isEmpty else {
            TableLayout.drawEmpty([state.table.query.isEmpty ? labels.noCoinsOnBoth : labels.noMatch], in: body, into: &buffer, style: theme.muted)
            return
        }
        for (offset, code) in state.table.rows.dropFirst(state.table.scrollOffset).prefix(body.height).enumerated() {
            renderRow(code, columns: columns, y: body.y + offset, in: body, into: &buffer)
            if code == state.table.selection { buffer.updateStyles(in: body.row(offset)) { $0.isReversed = true } }
        }
    }

    private func renderRow(_ code: MarketCode, columns: [(column: Column, width: Int)], y: Int, in area: Rect, into buffer: inout Buffer) {
        let bithumb = state.board[.bithumb].tickers[code]
        let upbit = state.board[.upbit].tickers[code]
        let gap = state.board.gap(of: code)
        let rate = state.board.wonDollarRate?.rate
        let gapStyle =
            state.comparison.flips[code].map { theme.style(for: $0.move) }
            ?? gap.map { $0.gap.isZero ? .plain : ($0.gap.isNegative ? theme.fall : theme.rise) } ?? .plain
        TableLayout.draw(columns, y: y, in: area, into: &buffer) { column in
            switch column {
            case .star:
                return (state.favorites.contains(code) ? theme.star : "", Style.plain.foreground(.yellow))
            case .name:
                return (MarketRows.name(of: code, market: state.listing[code], language: state.nameLanguage), .plain)
            case .bithumbPrice:
                return (bithumb.map { DisplayFormat.price($0.price) } ?? "-", bithumb.map { theme.style(for: $0.change.direction) } ?? theme.muted)
            case .upbitPrice:
                return (upbit.map { DisplayFormat.price($0.price) } ?? "-", upbit.map { theme.style(for: $0.change.direction) } ?? theme.muted)
            case .gap:
                return (gap.map { DisplayFormat.signedAmount($0.gap) } ?? "-", gapStyle)
            case .gapPercent:
                let percent = gap?.gapPercent.map { DisplayFormat.signedPercent($0.shifted(byPowerOfTen: -2)) }
                return (percent ?? "-", gapStyle)
            case .bithumbPremium:
                return theme.premium(rate.flatMap { state.board.premium(of: code, on: .bithumb, rate: $0)?.premiumPercent })
            case .upbitPremium:
                return theme.premium(rate.flatMap { state.board.premium(of: code, on: .upbit, rate: $0)?.premiumPercent })
            case .bithumbValue:
                return (bithumb?.tradeValue24h.map(DisplayFormat.millions) ?? "-", .plain)
            case .upbitValue:
                return (upbit?.tradeValue24h.map(DisplayFormat.millions) ?? "-", .plain)
            }
        }
    }
}
