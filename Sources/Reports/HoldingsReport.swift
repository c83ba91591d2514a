public import MarketCore
import SafeText

/// What `coinboard holdings` prints: every position held, valued at its exchange's last price
/// when there is one, and the totals; `coinboard holdings list` prints the same positions from the
/// file alone (no price fields) with the ledger's entries. Amounts are exact decimals in strings.
public struct HoldingsReport: Encodable, Sendable {
    /// One position.
    struct Position: Encodable, Sendable {
        var market: String
        var exchange: String
        /// `manual` or `account`.
        var source: String
        var quantity: String
        var averagePrice: String
        var cost: String
        var realizedProfit: String
        /// `priced`, `awaiting`, `unlisted` or `notFollowed`; absent from the file's list.
        var pricing: String?
        var price: String?
        var value: String?
        var profit: String?
        var profitPercent: String?
        var weightPercent: String?
        var change24h: String?
    }

    /// The sums (``HoldingsValuation/Totals``); only the file's figures in the list.
    struct Total: Encodable, Sendable {
        var cost: String
        var value: String?
        var profit: String?
        var profitPercent: String?
        var realizedProfit: String
        var cash: String
        var assets: String?
        var unpriced: Int?
    }

    /// One entered trade.
    struct Entry: Encodable, Sendable {
        var id: String
        var exchange: String
        var market: String
        var side: String
        var quantity: String
        var price: String?
        var time: String
    }

    var capturedAt: String?
    var positions: [Position]
    var total: Total
    var entries: [Entry]?

    /// The valued positions, at `capturedAt`.
    public init(_ valuation: HoldingsValuation, capturedAt: Timestamp) {
        self.capturedAt = capturedAt.iso8601
        positions = valuation.rows.map { row in
            var position = Position(row.position)
            position.pricing = row.pricing.rawValue
            position.price = row.price?.description
            position.value = row.value?.description
            position.profit = row.profit?.description
            position.profitPercent = row.profitPercent?.description
            position.weightPercent = row.weightPercent?.description
            position.change24h = row.change24h?.description
            return position
        }
        let totals = valuation.totals
        total = Total(
            cost: totals.cost.description, value: totals.value.description, profit: totals.profit.description,
            profitPercent: totals.profitPercent?.description, realizedProfit: totals.realizedProfit.description,
            cash: totals.cash.description, assets: totals.assets.description, unpriced: totals.unpriced)
    }

    /// The file's positions still held and its entries, with no price.
    public init(listing holdings: Holdings) {
        let positions = holdings.positions
        let held = positions.filter { $0.quantity > .zero }
        self.positions = held.map(Position.init)
        total = Total(
            cost: held.reduce(ExactDecimal.zero) { $0 + $1.cost }.description,
            realizedProfit: positions.reduce(ExactDecimal.zero) { $0 + $1.realizedProfit }.description,
            cash: holdings.cash.description)
        entries = holdings.ledger.sorted { ($0.time, $0.id) < ($1.time, $1.id) }.map { entry in
            Entry(
                id: entry.id, exchange: entry.exchange.rawValue, market: entry.asset.market?.code ?? "KRW",
                side: entry.side.rawValue, quantity: entry.quantity.description, price: entry.price?.description,
                time: entry.time.exactISO8601)
        }
    }
}

extension HoldingsReport.Position {
    init(_ position: MarketCore.Position) {
        self.init(
            market: position.market.code, exchange: position.exchange.rawValue, source: position.source.rawValue,
            quantity: position.quantity.description, averagePrice: position.averagePrice.description,
            cost: position.cost.description, realizedProfit: position.realizedProfit.description)
    }
}

extension HoldingsReport {
    /// The report as text: one line of JSON, or a table (amounts in won to two places,
    /// percentages to two).
    public func text(format: ReportFormat) throws(ReportError) -> String {
        switch format {
        case .json: try SnapshotDocument.json(self)
        case .table: table
        }
    }

    private var table: String {
        let valued = capturedAt != nil
        var lines: [String] = []
        if let capturedAt { lines += ["holdings at \(capturedAt)", ""] }
        let headers =
            ["MARKET", "EXCHANGE", "SOURCE", "QUANTITY", "AVERAGE", "COST"]
            + (valued ? ["PRICE", "VALUE", "PROFIT", "PROFIT %", "WEIGHT %", "24H"] : ["REALIZED"])
        var rows = [headers]
        for position in positions {
            let common = [
                position.market, position.exchange, position.source, position.quantity, won(position.averagePrice),
                won(position.cost),
            ]
            rows.append(
                common
                    + (valued
                        ? [
                            position.price.map(won) ?? position.pricing ?? "-", position.value.map(won) ?? "-",
                            position.profit.map(won) ?? "-", position.profitPercent.map(won) ?? "-",
                            position.weightPercent.map(won) ?? "-", position.change24h.map(won) ?? "-",
                        ] : [won(position.realizedProfit)]))
        }
        if positions.isEmpty { rows.append(["(nothing held)"]) }
        lines += Self.aligned(rows)
        lines.append("")
        var summary = ["cost \(won(total.cost))"]
        if let value = total.value { summary.append("value \(won(value))") }
        if let profit = total.profit { summary.append("profit \(won(profit)) (\(total.profitPercent.map(won) ?? "-")%)") }
        summary += ["realized \(won(total.realizedProfit))", "cash \(won(total.cash))"]
        if let assets = total.assets { summary.append("assets \(won(assets))") }
        if let unpriced = total.unpriced, unpriced > 0 { summary.append("\(unpriced) without a price, not in the sums") }
        lines.append("total: " + summary.joined(separator: ", "))
        if let entries, !entries.isEmpty {
            lines += ["", "entries, oldest first", ""]
            lines += Self.aligned(
                [["TIME", "EXCHANGE", "MARKET", "SIDE", "QUANTITY", "PRICE", "ID"]]
                    + entries.map { [$0.time, $0.exchange, $0.market, $0.side, $0.quantity, $0.price ?? "-", $0.id] })
        }
        return lines.map(\.strippingUnsafeCharacters.strippingTrailingSpaces).joined(separator: "\n") + "\n"
    }

    /// An amount to two fractional digits, rounded half to even.
    private func won(_ text: String) -> String {
        ExactDecimal(text).map { $0.rounded(toFractionDigits: 2).description } ?? text
    }

    /// The rows in columns as wide as their widest cell, two spaces apart.
    private static func aligned(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in cell + String(repeating: " ", count: widths[index] - cell.count) }
                .joined(separator: "  ")
        }
    }
}

extension String {
    fileprivate var strippingTrailingSpaces: String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
