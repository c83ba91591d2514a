import MarketCore
import TerminalKit

/// The box the alert prompt and the alert list are drawn in: reversed, over the middle of
/// the screen, a title row and body rows.
private func drawBox(title: String, rows: [(String, Style)], width wanted: Int, in area: Rect, into buffer: inout Buffer) {
    let width = min(area.width, wanted)
    let height = min(area.height, rows.count + 1)
    guard width >= 20, height >= 2 else { return }
    let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
    let frame = Style.plain.reversed
    buffer.fill(box, style: frame)
    buffer.write(" " + title, x: box.x, y: box.y, limit: width, style: frame.bold)
    for (index, row) in rows.prefix(height - 1).enumerated() {
        buffer.write(" " + row.0, x: box.x, y: box.y + 1 + index, limit: width, style: row.1)
    }
}

/// The prompt `a` opens: the market, what was typed, and the forms it takes.
struct AlertPromptOverlay: Widget {
    let prompt: AlertPrompt
    let state: UIState

    func render(in area: Rect, into buffer: inout Buffer) {
        let labels = Labels(language: state.nameLanguage)
        let name = MarketRows.name(of: prompt.market, market: state.listing[prompt.market], language: state.nameLanguage)
        let board = state.board
        let price = board[state.exchange].tickers[prompt.market].map { "  " + DisplayFormat.price($0.price) } ?? ""
        let premium = board.premium(of: prompt.market, on: state.exchange)?.premiumPercent.map {
            "  \(labels.premiumColumn) \(DisplayFormat.signedPercentPoints($0))"
        }
        let place = board.isComparing ? " [\(labels.exchangeName(state.exchange))]" : ""
        let frame = Style.plain.reversed
        var rows: [(String, Style)] = [("> " + prompt.text + "_", frame.bold), (labels.alertPromptHint, frame)]
        if prompt.isInvalid { rows.append((labels.alertPromptInvalid, frame.bold)) }
        drawBox(title: "\(labels.alertsTitle) · \(name)\(place)\(price)\(premium ?? "")", rows: rows, width: 84, in: area, into: &buffer)
    }
}

/// The line `h` opens: the market and its price, what was typed, the forms it takes, what is
/// held there now, and why the last `Enter` was refused.
struct HoldingsPromptOverlay: Widget {
    let prompt: HoldingsPrompt
    let state: UIState

    func render(in area: Rect, into buffer: inout Buffer) {
        let labels = Labels(language: state.nameLanguage)
        let name = MarketRows.name(of: prompt.market, market: state.listing[prompt.market], language: state.nameLanguage)
        let snapshot = state.board.exchanges.contains(prompt.exchange) ? state.board[prompt.exchange] : nil
        let price = snapshot?.tickers[prompt.market].map { "  " + DisplayFormat.price($0.price) } ?? ""
        let frame = Style.plain.reversed
        var rows: [(String, Style)] = [("> " + prompt.text + "_", frame.bold), (labels.holdingsInputHelp, frame)]
        if let held = state.holdings.view.markets[prompt.market], prompt.exchange == state.exchange {
            rows.append(
                (
                    "\(labels.quantityHeld) \(DisplayFormat.quantity(held.quantity)) · \(labels.averagePrice) "
                        + DisplayFormat.axisPrice(held.averagePrice), frame
                ))
        }
        if let problem = prompt.problem { rows.append((problem, frame.bold)) }
        let title = labels.holdingsPrompt(name, exchange: prompt.exchange, comparing: state.board.isComparing) + price
        drawBox(title: title, rows: rows, width: 72, in: area, into: &buffer)
    }
}

/// The list `A` opens: every alert with its market, condition and state.
struct AlertListOverlay: Widget {
    let state: UIState

    func render(in area: Rect, into buffer: inout Buffer) {
        let labels = Labels(language: state.nameLanguage)
        let frame = Style.plain.reversed
        var rows: [(String, Style)] = state.alerts.all.enumerated().map { index, alert in
            let name = MarketRows.name(of: alert.market, market: state.listing[alert.market], language: state.nameLanguage)
            let line =
                name.padded(toColumns: 16) + " " + labels.condition(alert.condition).padded(toColumns: 24) + " "
                + labels.alertState(alert)
            let marker = index == state.alerts.listSelection ? "▶ " : "  "
            return (marker + line, alert.isArmed ? frame : frame.bold)
        }
        if rows.isEmpty { rows.append((labels.noAlerts, frame)) }
        rows.append((labels.alertListKeys, frame.dim))
        drawBox(title: labels.alertsTitle, rows: rows, width: 76, in: area, into: &buffer)
    }
}
