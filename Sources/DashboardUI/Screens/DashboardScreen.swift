public import TerminalKit

/// What a frame keeps for the next so that what did not change is copied, not drawn again:
/// the market table's rows and their models, the detail view's book and trades. It holds
/// only what the frames since the market data last changed as a whole drew.
public struct ScreenCache: Sendable {
    var markets = MarketScreen.Cache()
    var detail = DetailScreen.Cache()

    /// A cache holding nothing.
    public init() {}
}

/// The whole dashboard as a pure function of the UI state: one buffer per frame.
public enum DashboardScreen {
    /// Draws the screen the state calls for at the state's size.
    public static func render(_ state: UIState) -> Buffer {
        var cache = ScreenCache()
        return render(state, cache: &cache)
    }

    /// Draws the screen the state calls for, copying from `cache` what the previous frame drew
    /// from the same inputs: the same buffer ``render(_:)`` draws.
    public static func render(_ state: UIState, cache: inout ScreenCache) -> Buffer {
        render(state, into: Buffer(size: state.size), cache: &cache)
    }

    /// ``render(_:cache:)`` into `blank`, a buffer of blank cells (``FramePresenter/blankFrame(size:)``
    /// gives one without allocating); a new one is made when it is not the state's size.
    public static func render(_ state: UIState, into blank: consuming Buffer, cache: inout ScreenCache) -> Buffer {
        defer {
            cache.markets.endFrame()
            cache.detail.endFrame()
        }
        var buffer = consume blank
        if buffer.size != state.size { buffer = Buffer(size: state.size) }
        let theme = Theme(settings: state.settings)
        let area = buffer.area
        guard DashboardLayout.fits(state.size) else {
            TooSmallNotice().render(in: area, into: &buffer)
            return buffer
        }
        let (main, status) = area.splitBottom(1)
        switch state.screen {
        case .markets:
            MarketScreen(state: state, theme: theme).render(in: main, into: &buffer, cache: &cache.markets)
        case .detail(let market):
            DetailScreen(market: market, state: state, theme: theme).render(in: main, into: &buffer, cache: &cache.detail)
        case .depth(let market):
            DepthScreen(market: market, state: state, theme: theme).render(in: main, into: &buffer)
        }
        StatusBar(state: state, theme: theme).render(in: status, into: &buffer)
        if state.alerts.showsList { AlertListOverlay(state: state).render(in: main, into: &buffer) }
        if let prompt = state.alerts.prompt { AlertPromptOverlay(prompt: prompt, state: state).render(in: main, into: &buffer) }
        if let prompt = state.holdings.prompt { HoldingsPromptOverlay(prompt: prompt, state: state).render(in: main, into: &buffer) }
        if state.showsHelp { HelpOverlay(theme: theme).render(in: main, into: &buffer) }
        if !state.settings.isUnicode { buffer.replaceNonASCII(with: asciiStandIn) }
        return buffer
    }

    /// What an ASCII terminal shows for a character it cannot.
    private static func asciiStandIn(for character: Character) -> Character {
        switch character {
        case "…": "~"
        case "●", "★", "◆": "*"
        case "▶": ">"
        case "≥", "≤", "±": "~"
        case "·", "─", "┈": "-"
        default: "?"
        }
    }
}

/// What a terminal below the minimum size shows.
struct TooSmallNotice: Widget {
    func render(in area: Rect, into buffer: inout Buffer) {
        let minimum = DashboardLayout.minimumSize
        let lines = ["terminal too small", "\(area.width)x\(area.height), need \(minimum)", "q quits"]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < area.maxY {
            let text = line.truncated(toColumns: area.width)
            buffer.write(
                text, x: area.x + max(0, (area.width - text.terminalColumns) / 2), y: top + index,
                limit: area.width, style: index == 0 ? Style.plain.bold : .plain)
        }
    }
}

/// The market table with its tab bar.
struct MarketScreen: Widget {
    let state: UIState
    let theme: Theme

    /// What a frame keeps for the next: the table's, and the tab bar as last drawn.
    struct Cache: Sendable {
        var table = MarketTable.Cache()
        var tabBar = RowCache<Int, TabBar.Inputs>()

        /// Ends a frame: see ``RowCache/endFrame()``.
        mutating func endFrame() {
            table.endFrame()
            tabBar.endFrame()
        }
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        var cache = Cache()
        render(in: area, into: &buffer, cache: &cache)
    }

    func render(in area: Rect, into buffer: inout Buffer, cache: inout Cache) {
        let (tabs, table) = area.splitTop(1)
        let tabBar = TabBar(state: state, theme: theme)
        if !tabs.isEmpty {
            cache.tabBar.draw(0, inputs: TabBar.Inputs(state, theme: theme), in: tabs, into: &buffer) { tabBar.render(in: tabs, into: &$0) }
        }
        if state.table.tab == .compare {
            ComparisonTable(state: state, theme: theme).render(in: table, into: &buffer)
        } else if state.table.tab == .holdings {
            HoldingsTable(state: state, theme: theme).render(in: table, into: &buffer)
        } else {
            MarketTable(state: state, theme: theme).render(in: table, into: &buffer, cache: &cache.table)
        }
    }
}
