import MarketCore
import TerminalKit

/// The 보유 tab: a header, one row per market held on the exchange shown — name, 보유수량,
/// 매수평균가, 매수금액, 평가금액, 평가손익, 수익률, 비중 — and the totals on the last line
/// (총보유자산 · 총매수 · 총평가 · 평가손익 · 수익률). Profit reads in the rise and fall colours with a
/// sign, so it reads without colour too; the value lights up as the table's prices do.
struct HoldingsTable: Widget {
    let state: UIState
    let theme: Theme

    /// The columns, in the order they are dropped when the terminal is narrow.
    enum Column: TableColumn, CaseIterable {
        case name, quantity, average, cost, value, profit, profitRate, weight

        var width: Int {
            switch self {
            case .name: 10
            case .quantity: 12
            case .average: 13
            case .cost: 14
            case .value: 14
            case .profit: 14
            case .profitRate: 9
            case .weight: 7
            }
        }

        var isRightAligned: Bool { self != .name }

        static let droppedFirst: [Column] = [.weight, .cost, .average, .quantity]
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        guard area.height > 0 else { return }
        let labels = Labels(language: state.nameLanguage)
        let columns = TableLayout.fit(Column.allCases, width: area.width, droppedFirst: Column.droppedFirst, flexible: .name)
        TableLayout.draw(columns, y: area.y, in: area, into: &buffer) { column in
            let title =
                switch column {
                case .name: labels.name
                case .quantity: labels.quantityHeld
                case .average: labels.averagePrice
                case .cost: labels.costColumn
                case .value: labels.heldValueColumn
                case .profit: labels.profitColumn
                case .profitRate: labels.profitRateColumn
                case .weight: labels.weightColumn
                }
            return (title, theme.header)
        }
        let (body, totals) = area.splitTop(1).rest.splitBottom(1)
        let view = state.holdings.view
        if state.table.rows.isEmpty {
            let lines = view.markets.isEmpty ? labels.emptyHoldings : [labels.noMatch]
            TableLayout.drawEmpty(lines, in: body, into: &buffer, style: theme.muted)
        }
        for (offset, code) in state.table.rows.dropFirst(state.table.scrollOffset).prefix(body.height).enumerated() {
            guard let held = view.markets[code] else { continue }
            let row = body.row(offset)
            renderRow(code, held, columns: columns, y: row.y, in: body, into: &buffer)
            if code == state.table.selection { buffer.updateStyles(in: row) { $0.isReversed = true } }
        }
        if !totals.isEmpty, !view.markets.isEmpty || view.totals.cash > .zero {
            buffer.write(
                labels.holdingsTotals(view.totals, columns: totals.width).truncated(toColumns: totals.width), x: totals.x, y: totals.y,
                limit: totals.width, style: Style.plain.bold)
        }
    }

    private func renderRow(
        _ code: MarketCode, _ held: HoldingsView.Held, columns: [(column: Column, width: Int)], y: Int, in area: Rect,
        into buffer: inout Buffer
    ) {
        let profitStyle = held.profit.map { $0.isZero ? Style.plain : ($0.isNegative ? theme.fall : theme.rise) } ?? .plain
        let flash = state.flashes[code].map { theme.style(for: $0.move) }
        TableLayout.draw(columns, y: y, in: area, into: &buffer) { column in
            switch column {
            case .name:
                return (MarketRows.name(of: code, market: state.listing[code], language: state.nameLanguage), .plain)
            case .quantity: return (DisplayFormat.heldQuantity(held.quantity), .plain)
            case .average: return (DisplayFormat.axisPrice(held.averagePrice), .plain)
            case .cost: return (DisplayFormat.won(held.cost), .plain)
            case .value: return (held.value.map { DisplayFormat.won($0) } ?? "-", flash ?? .plain)
            case .profit: return (held.profit.map { DisplayFormat.won($0, signed: true) } ?? "-", profitStyle)
            case .profitRate:
                return (held.profitPercent.map { DisplayFormat.signedPercent($0.shifted(byPowerOfTen: -2)) } ?? "-", profitStyle)
            case .weight:
                return (held.weightPercent.map { $0.formatted(fractionDigits: 1) + "%" } ?? "-", theme.muted)
            }
        }
    }
}
