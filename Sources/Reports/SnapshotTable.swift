public import MarketCore

/// What `coinboard snapshot --format table` prints: a status line, the markets by 24h traded
/// value, then each market asked for with its book and latest trades.
public struct SnapshotTable: Sendable {
    /// The report shown.
    public let report: SnapshotReport

    /// The table of `report`.
    public init(report: SnapshotReport) {
        self.report = report
    }

    /// The table's lines, each ended by a newline.
    public var text: String {
        var lines: [String] = []
        let connection = report.connection
        let exchange = report.exchange == "demo" ? "DEMO (simulated data)" : report.exchange
        lines.append(
            "\(exchange) at \(report.capturedAt): \(connection.state), \(connection.messages) messages, "
                + "\(connection.decodeErrors) decode errors, \(connection.reconnects) reconnects"
                + (connection.lastProblem.map { " (last problem: \($0))" } ?? ""))
        lines.append("")
        lines.append(row("MARKET", "PRICE", "CHANGE", "24H VALUE", "NAME"))
        let byValue = report.markets.sorted { decimal($0.tradeValue24h) > decimal($1.tradeValue24h) }
        for market in byValue {
            let sign = market.change == "fall" ? "-" : (market.change == "rise" ? "+" : "")
            let change = market.changeRate.flatMap(ExactDecimal.init).map { sign + percent($0) } ?? "-"
            lines.append(
                row(
                    market.code, market.price ?? "-", change, market.tradeValue24h ?? "-",
                    "\(market.nameKo) / \(market.nameEn)"))
        }
        for (code, book) in report.orderbooks.entries {
            lines.append("")
            lines.append("\(code) order book at \(book.timestamp)")
            let stats = book.stats
            lines.append(
                "spread \(stats.spread ?? "-") (\(stats.spreadTicks.map(String.init) ?? "-") ticks), mid \(stats.mid ?? "-"), "
                    + "bids \(stats.bidTotal), asks \(stats.askTotal), imbalance \(stats.imbalance ?? "-")")
            if let impact = report.impact?.entries.first(where: { $0.key == code })?.value {
                for (side, fill) in [("buy", impact.buy), ("sell", impact.sell)] {
                    lines.append(
                        "market \(side) \(impact.amount) KRW: average \(fill.averagePrice ?? "-"), worst \(fill.worstPrice ?? "-"), "
                            + "quantity \(fill.quantity), \(fill.levels) levels, slippage \(fill.slippagePercent ?? "-")%"
                            + (fill.complete ? "" : ", book too thin: \(fill.filledAmount) KRW filled"))
                }
            }
            for level in book.asks.reversed() { lines.append(row("ask", level.price, level.quantity, "", "")) }
            for level in book.bids { lines.append(row("bid", level.price, level.quantity, "", "")) }
        }
        for (code, trades) in report.trades.entries {
            lines.append("")
            lines.append("\(code) trades, newest first")
            for trade in trades { lines.append(row(trade.side, trade.price, trade.quantity, trade.time, "")) }
        }
        return Self.text(of: lines)
    }

    /// The price gap of each coin on both exchanges, widest first.
    public static func comparison(_ gaps: [PriceGap]) -> String {
        var lines = ["", "price gap, Upbit − Bithumb (% of Bithumb's price), widest first", ""]
        let widths = [14, 18, 18, 18, 0]
        lines.append(row(["MARKET", "BITHUMB", "UPBIT", "GAP", "GAP %"], widths: widths))
        for gap in gaps {
            let percent = gap.gapPercent.map { $0.formatted(fractionDigits: 2) + "%" } ?? "-"
            lines.append(row([gap.code.code, gap.bithumb.description, gap.upbit.description, gap.gap.description, percent], widths: widths))
        }
        return Self.text(of: lines)
    }

    /// The kimchi premium of every coin on each followed exchange, widest first, after the rate
    /// it is measured at (its source and time, and why the forex quote is not used when it is
    /// not); why the reference is off, when it is; nothing when it was never asked for.
    public static func premium(of board: BoardSnapshot) -> [String] {
        let reference = board.premiumReference
        if let off = reference.offReason { return [text(of: ["", "kimchi premium (김프) off: \(off)"])] }
        guard board.reference != nil else { return [] }
        let problem = reference.forexProblem.map { " (forex quote: \($0))" } ?? ""
        guard let rate = board.wonDollarRate else { return [text(of: ["", "kimchi premium (김프) over Binance: no won–dollar rate\(problem)"])] }
        let source = if case .tether(let exchange) = rate.source { "\(exchange.rawValue)'s KRW-USDT" } else { rate.source.name }
        var lines = [
            "", "kimchi premium (김프) over Binance at \(rate.rate) KRW/USD (\(source) at \(rate.at.iso8601))\(problem), widest first", "",
        ]
        let widths = [14, 10, 18, 18, 22, 0]
        lines.append(row(["MARKET", "EXCHANGE", "PRICE", "BINANCE USDT", "BINANCE KRW", "PREMIUM %"], widths: widths))
        for premium in board.premiums(on: board.exchanges) {
            lines.append(
                row(
                    [
                        premium.market.code, premium.exchange.rawValue, premium.price.description, premium.referencePrice.description,
                        premium.referencePriceKRW.description, premium.premiumPercent.map { $0.formatted(fractionDigits: 2) + "%" } ?? "-",
                    ], widths: widths))
        }
        return [text(of: lines)]
    }

    /// `lines` without their trailing spaces, each ended by a newline.
    private static func text(of lines: [String]) -> String {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    private func row(_ columns: String...) -> String {
        Self.row(columns, widths: [14, 18, 10, 26, 0])
    }

    private static func row(_ columns: [String], widths: [Int]) -> String {
        return zip(columns, widths).map { column, width in
            column.count >= width ? column + " " : column + String(repeating: " ", count: width - column.count)
        }.joined()
    }

    private func decimal(_ text: String?) -> ExactDecimal {
        text.flatMap(ExactDecimal.init) ?? .zero
    }

    private func percent(_ rate: ExactDecimal) -> String {
        "\(rate.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2))%"
    }
}
