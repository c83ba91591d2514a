import MarketCore
import TerminalKit

/// The styles and glyphs every widget draws with, from the settings.
struct Theme: Sendable, Hashable {
    let colors: PriceColors
    let headerColor: Color
    let isUnicode: Bool

    init(settings: DashboardSettings) {
        colors = settings.colors
        headerColor = settings.headerColor
        isUnicode = settings.isUnicode
    }

    var header: Style { Style.plain.bold.foreground(headerColor) }
    var selected: Style { Style.plain.reversed }
    var muted: Style { Style.plain.dim }
    var rise: Style { Style.plain.foreground(colors.rise) }
    var fall: Style { Style.plain.foreground(colors.fall) }
    /// Warnings and badges: bold, so they stand out without colour too.
    var warning: Style { Style.plain.bold.foreground(.yellow) }

    func style(for direction: ChangeDirection) -> Style {
        switch direction {
        case .rise: rise
        case .fall: fall
        case .even: .plain
        }
    }

    func style(for move: PriceMove) -> Style {
        Style(foreground: .white, background: move == .up ? colors.rise : colors.fall, isBold: true)
    }

    func style(for side: TradeSide) -> Style { side == .buy ? rise : fall }

    /// A premium's text and style: signed percent in the rise or fall colour, `—` muted when
    /// there is none (a coin the reference does not list).
    func premium(_ percent: ExactDecimal?) -> (String, Style) {
        guard let percent else { return ("—", muted) }
        return (DisplayFormat.signedPercentPoints(percent), percent.isZero ? .plain : (percent.isNegative ? fall : rise))
    }

    func style(for side: BookSide) -> Style { side == .bid ? rise : fall }

    var star: String { isUnicode ? "★" : "*" }
    /// Marks a market the user holds.
    var held: String { isUnicode ? "◆" : "+" }
    var up: String { isUnicode ? "▲" : "+" }
    var down: String { isUnicode ? "▼" : "-" }
    var bar: String { isUnicode ? "█" : "#" }
    var lastTradeMark: String { isUnicode ? "▶" : ">" }
    var largeLevelMark: String { isUnicode ? "◆" : "*" }
    var horizontalRule: String { isUnicode ? "─" : "-" }

    /// Draws a panel's title, underlined across its first row; returns the rows below.
    func drawTitle(_ title: String, in area: Rect, into buffer: inout Buffer) -> Rect {
        let (row, body) = area.splitTop(1)
        buffer.fill(row, style: header.underlined)
        buffer.write(" \(title)", x: row.x, y: row.y, limit: row.width, style: header.underlined)
        return body
    }

    func arrow(for direction: ChangeDirection) -> String {
        switch direction {
        case .rise: up
        case .fall: down
        case .even: " "
        }
    }
}
