import TerminalKit

/// The key help, drawn over the middle of the screen.
struct HelpOverlay: Widget {
    let theme: Theme

    /// Every key, in as few lines as fit an 80×24 terminal.
    static let lines: [(keys: String, meaning: String)] = [
        ("q  ?", "quit / this help"),
        ("Tab", "KRW/Favorites/Holdings/Compare; detail: pane"),
        ("↑ ↓ j k PgUp PgDn", "move, scroll"),
        ("Enter  d  b  r", "detail / depth / both books / reference"),
        ("Esc", "back / clear search"),
        ("f  Space", "toggle favorite"),
        ("a  A  h  U", "alert / alert list / holding / read accounts"),
        ("s  S  p", "next sort / reverse / buy-sell % column"),
        ("/", "search (Enter keeps, Esc clears)"),
        ("J K", "move a favorite down / up"),
        ("e  E", "Korean / English names / next exchange"),
        ("o", "compare: list coins on one exchange too"),
        ("1-9  [ ]", "chart interval"),
        ("+ -", "chart zoom"),
        ("← → PgUp PgDn", "chart scroll (loads earlier), or cursor"),
        ("x", "chart cursor: a candle's OHLCV"),
        ("< >", "depth: group price levels"),
        ("c", "depth: cumulative depth chart"),
        ("i", "depth: market order impact"),
        ("Home  End", "depth: spread; chart: oldest / newest"),
        ("mouse", "click: tab, row, again: open; wheel"),
    ]

    func render(in area: Rect, into buffer: inout Buffer) {
        let width = min(area.width, 64)
        let height = min(area.height, Self.lines.count + 2)
        guard width >= 20, height >= 3 else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        let frame = Style.plain.reversed
        buffer.fill(box, style: frame)
        buffer.write(" Keys ".padded(toColumns: width), x: box.x, y: box.y, limit: width, style: frame.bold)
        for (index, line) in Self.lines.prefix(height - 2).enumerated() {
            let keys = theme.isUnicode ? line.keys : line.keys.replacingArrows
            buffer.write(" " + keys.padded(toColumns: 19) + line.meaning, x: box.x, y: box.y + 1 + index, limit: width, style: frame)
        }
        buffer.write(" any key closes".padded(toColumns: width), x: box.x, y: box.maxY - 1, limit: width, style: frame.dim)
    }
}

extension String {
    /// Arrows spelled in ASCII for terminals without Unicode.
    fileprivate var replacingArrows: String {
        var text = ""
        for character in self {
            switch character {
            case "↑": text += "Up"
            case "↓": text += "Dn"
            case "←": text += "Left"
            case "→": text += "Right"
            default: text.append(character)
            }
        }
        return text
    }
}
