import MarketCore

/// Maps prices to chart rows (display maths in `Double`, as the rules allow), at half-cell
/// resolution: row `r` holds half-rows `2r` (top) and `2r + 1` (bottom).
struct ChartScale {
    /// Columns reserved right of the plot for price labels.
    static let labelWidth = 13

    let high: Double
    let low: Double
    let rows: Int

    init(candles: ArraySlice<Candle>, including extra: ExactDecimal?, rows: Int) {
        var high = candles.map(\.high.doubleValue).max() ?? 0
        var low = candles.map(\.low.doubleValue).min() ?? 0
        if let extra {
            high = max(high, extra.doubleValue)
            low = min(low, extra.doubleValue)
        }
        if high <= low {
            let pad = max(abs(high) * 0.001, 0.0001)
            high += pad
            low -= pad
        }
        self.high = high
        self.low = low
        self.rows = max(1, rows)
    }

    /// The half-row a price falls in, 0 at the top.
    func halfRow(of price: ExactDecimal) -> Int {
        let halves = rows * 2
        let share = (high - price.doubleValue) / (high - low)
        return min(max(0, Int((share * Double(halves - 1)).rounded())), halves - 1)
    }

    /// The row a price falls in.
    func row(of price: ExactDecimal) -> Int { halfRow(of: price) / 2 }

    /// The price at the middle of a row, for its axis label.
    func price(atRow row: Int) -> ExactDecimal {
        let share = (Double(2 * row) + 0.5) / Double(rows * 2 - 1)
        let value = high - share * (high - low)
        return ExactDecimal(count: Int((value * 10_000).rounded()), fractionDigits: 4)
    }
}

/// What one half of a chart cell shows of a candle.
enum CandlePart {
    case none, wick, body

    init(halfRow: Int, wick: (top: Int, bottom: Int), body: (top: Int, bottom: Int)) {
        if (body.top...body.bottom).contains(halfRow) {
            self = .body
        } else if (wick.top...wick.bottom).contains(halfRow) {
            self = .wick
        } else {
            self = .none
        }
    }

    /// The glyph for a cell's two halves: `┃ ╽ ╿ │ ╷ ╵ ╻ ╹`, or `#` and `|` in ASCII; `nil`
    /// for an empty cell.
    static func glyph(top: CandlePart, bottom: CandlePart, unicode: Bool) -> String? {
        guard unicode else {
            if top == .body || bottom == .body { return "#" }
            return top == .wick || bottom == .wick ? "|" : nil
        }
        switch (top, bottom) {
        case (.none, .none): return nil
        case (.body, .body): return "┃"
        case (.wick, .wick): return "│"
        case (.wick, .body): return "╽"
        case (.body, .wick): return "╿"
        case (.none, .wick): return "╷"
        case (.wick, .none): return "╵"
        case (.none, .body): return "╻"
        case (.body, .none): return "╹"
        }
    }
}
