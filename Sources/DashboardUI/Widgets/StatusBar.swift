import MarketCore
import TerminalKit

/// The bottom row: the exchange (DEMO unmistakable), the connection, the age of the last
/// message — each exchange's, when several are followed — the kimchi premium's reference and
/// won–dollar rate (its source and age, and the tether premium), messages a second, a notice if
/// any, and the KST clock.
struct StatusBar: Widget {
    let state: UIState
    let theme: Theme

    func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let bar = Style.plain.reversed
        buffer.fill(area, style: bar)
        let right = " \(Self.clock(at: state.now)) KST  ?:help "
        let rightX = max(area.x, area.maxX - right.terminalColumns)
        var x = area.x
        func put(_ text: String, _ style: Style = bar) {
            x += buffer.write(text, x: x, y: area.y, limit: max(0, rightX - x), style: style)
        }
        if state.settings.isDemo {
            put(" DEMO · simulated ", Style(foreground: .black, background: .yellow, isBold: true))
        } else if !state.board.isComparing {
            put(" \(state.settings.exchangeName) ", bar.bold)
        }
        let board = state.board
        let labels = Labels(language: state.nameLanguage)
        // Several exchanges on a narrow terminal: each one's state without the age.
        let showsAge = !board.isComparing || area.width >= 120
        for exchange in board.exchanges {
            let feed = board[exchange].feed
            put(board.isComparing ? "  " : " ")
            if board.isComparing { put(labels.exchangeName(exchange) + " ", exchange == state.exchange ? bar.bold : bar) }
            put("● \(feed.state.rawValue)", Style(foreground: .black, background: color(of: feed.state), isBold: true))
            if showsAge, let age = Self.dataAge(of: feed, at: state.now) { put("  \(age)") }
            if board.isComparing, feed.reconnects > 0 { put(" \(feed.reconnects)×") }
        }
        let troubled = board.exchanges.first { board[$0].feed.state != .live && board[$0].feed.lastProblem != nil }
        let feedProblem = troubled.flatMap { exchange in
            board[exchange].feed.lastProblem.map { board.isComparing ? "\(labels.exchangeName(exchange)): \($0)" : $0 }
        }
        // A problem or notice first, leaving the premium's reference and rate their room where it
        // can (it keeps at least ``leastProblemColumns``; the reference off gets only what is
        // left); then each premium part that fits whole.
        let premium = premiumParts(labels: labels, bar: bar, showsAge: showsAge)
        if let problem = state.watchlistProblem ?? state.holdings.problem ?? state.notice ?? feedProblem {
            let room = max(0, rightX - x - 2)
            let premiumWidth = board.reference == nil ? 0 : premium.reduce(0) { $0 + $1.0.terminalColumns }
            put("  " + problem.truncated(toColumns: max(min(room, Self.leastProblemColumns), room - premiumWidth)), bar.bold)
        }
        for (text, style) in premium where text.terminalColumns <= rightX - x {
            put(text, style)
        }
        let feeds = board.exchanges.map { board[$0].feed }
        let decodeErrors = feeds.reduce(0) { $0 + $1.decodeErrors }
        let reconnects = feeds.reduce(0) { $0 + $1.reconnects }
        let dropped = feeds.reduce(0) { $0 + $1.droppedEvents }
        var counters = "  \(Int(state.messageRate.rounded())) msg/s"
        if decodeErrors > 0 { counters += "  \(decodeErrors) bad" }
        if reconnects > 0, !board.isComparing { counters += "  \(reconnects) reconnects" }
        if dropped > 0 { counters += "  \(dropped) dropped" }
        if counters.terminalColumns <= rightX - x { put(counters) }
        buffer.write(right, x: rightX, y: area.y, limit: area.maxX - rightX, style: bar)
    }

    /// The reference's state, the rate with its source and age, and the tether premium, each
    /// shown only where it fits whole; the reference off says so, with why.
    private func premiumParts(labels: Labels, bar: Style, showsAge: Bool) -> [(String, Style)] {
        let board = state.board
        guard let reference = board.reference else {
            let reason = board.premiumReference.offReason.map { ": \($0)" } ?? ""
            return board.premiumReference.offReason == nil ? [] : [("  " + labels.premiumOff + reason, bar)]
        }
        var parts: [(String, Style)] = [
            ("  " + labels.premiumReference + " ", bar),
            ("● \(reference.feed.state.rawValue)", Style(foreground: .black, background: color(of: reference.feed.state), isBold: true)),
        ]
        if let rate = board.wonDollarRate {
            let age = showsAge ? " " + Self.age(Double(state.now.microseconds - rate.at.microseconds) / 1_000_000) : ""
            let source = labels.rateSource(rate.source)
            parts.append(
                ("  \(labels.wonDollarRate) \(DisplayFormat.twoDecimals(rate.rate)) \(source)\(age)", rate.source == .dunamu ? bar : bar.bold))
        }
        if let tether = board.tetherPremium(on: state.exchange) {
            parts.append(("  \(labels.tetherPremium) \(DisplayFormat.signedPercentPoints(tether))", bar))
        }
        return parts
    }

    /// The least a problem or notice is given before the premium's parts.
    static let leastProblemColumns = 48

    private func color(of state: ConnectionState) -> Color {
        switch state {
        case .live: .green
        case .connecting, .stale: .yellow
        case .reconnecting, .failed: .red
        }
    }

    /// The KST clock's reading at `time`.
    static func clock(at time: Timestamp) -> String {
        DisplayFormat.kstTime(time)
    }

    /// How old the feed's market data is at `time`, if any has come.
    static func dataAge(of feed: FeedStatus, at time: Timestamp) -> String? {
        feed.secondsSinceMarketData(at: time).map(age)
    }

    /// How long ago, in words that stay short: `0.4s ago`, `12s ago`, `3m ago`.
    static func age(_ seconds: Double) -> String {
        let seconds = max(0, seconds)
        if seconds < 10 { return "\((seconds * 10).rounded(.down) / 10)s ago" }
        if seconds < 120 { return "\(Int(seconds))s ago" }
        return "\(Int(clampingRounded: (seconds / 60).rounded(.down)))m ago"
    }
}
