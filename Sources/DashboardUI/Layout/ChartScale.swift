import MarketCore
import TerminalKit

/// Maps prices to chart rows (display maths in `Double`, as the rules allow), at half-cell
/// resolution: row `r` holds half-rows `2r` (top) and `2r + 1` (bottom).
struct ChartScale {
    /// Columns reserved right of the plot for price labels.
    static let labelWidth = 13

    let high: Double
    let low: Double
    let rows: Int

    /// A scale spanning every price of `candles` (highs, lows, opens and closes, so that a
    /// candle whose open or close lies outside its range still fits) and `extra`.
    init(candles: ArraySlice<Candle>, including extra: ExactDecimal?, rows: Int) {
        var high = -Double.infinity
        var low = Double.infinity
        for candle in candles {
            let (open, close) = (candle.open.doubleValue, candle.close.doubleValue)
            high = max(high, max(candle.high.doubleValue, max(open, close)))
            low = min(low, min(candle.low.doubleValue, min(open, close)))
        }
        if let extra {
            high = max(high, extra.doubleValue)
            low = min(low, extra.doubleValue)
        }
        if !high.isFinite || !low.isFinite { (high, low) = (0, 0) }
        if high <= low {
            let pad = max(abs(high) * 0.001, 1e-18)
            high += pad
            low -= pad
        }
        self.high = high
        self.low = low
        self.rows = max(1, rows)
    }

    /// The half-row a price falls in, 0 at the top; prices outside the scale land on its edges.
    func halfRow(of price: ExactDecimal) -> Int {
        let halves = rows * 2
        let share = (high - price.doubleValue) / (high - low)
        return Int(clampingRounded: share * Double(halves - 1), to: 0...(halves - 1))
    }

    /// The row a price falls in.
    func row(of price: ExactDecimal) -> Int { halfRow(of: price) / 2 }

    /// The price at the middle of a row, for its axis label.
    func price(atRow row: Int) -> ExactDecimal {
        let share = (Double(2 * row) + 0.5) / Double(rows * 2 - 1)
        return ExactDecimal(approximating: high - share * (high - low))
    }
}

/// What one half of a chart cell shows of a candle.
enum CandlePart: Int {
    case none, wick, body

    init(halfRow: Int, wick: (top: Int, bottom: Int), body: (top: Int, bottom: Int)) {
        if Self.spans(body, halfRow) {
            self = .body
        } else if Self.spans(wick, halfRow) {
            self = .wick
        } else {
            self = .none
        }
    }

    /// Whether `halfRow` lies between the two ends, in whichever order they come.
    private static func spans(_ ends: (top: Int, bottom: Int), _ halfRow: Int) -> Bool {
        min(ends.top, ends.bottom) <= halfRow && halfRow <= max(ends.top, ends.bottom)
    }

    /// The glyph for a cell's two halves: `┃ ╽ ╿ │ ╷ ╵ ╻ ╹`, or `#` and `|` in ASCII; `nil`
    /// for an empty cell.
    static func glyph(top: CandlePart, bottom: CandlePart, unicode: Bool) -> Grapheme? {
        (unicode ? unicodeGlyphs : asciiGlyphs)[top.rawValue * 3 + bottom.rawValue]
    }

    /// The glyphs by top and bottom half (none, wick, body), made once.
    private static let unicodeGlyphs: [Grapheme?] = [nil, "╷", "╻", "╵", "│", "╽", "╹", "╿", "┃"].map { $0.map(Grapheme.init) }
    private static let asciiGlyphs: [Grapheme?] = [nil, "|", "#", "|", "|", "#", "#", "#", "#"].map { $0.map(Grapheme.init) }
}
