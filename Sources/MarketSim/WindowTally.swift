import MarketCore

/// The figures of one window of a market's trades — the day since a midnight, or the rolling
/// 24 hours — kept as trades come, so that a trade's ticker scans none of the day's candles.
/// It equals the window counted afresh over the same candles (``count(_:from:)``), the
/// reference it is tested against.
struct WindowTally: Sendable {
    /// The window's kind.
    let basis: ChangeBasis
    /// Where the window starts now; `nil` until it is first moved.
    private(set) var start: Timestamp?
    /// The close of the last candle before the window, if there is one.
    private var previousClose: ExactDecimal?
    /// The figures of the candles in the window; `nil` while it holds none.
    private var traded: WindowFigures?

    /// A tally of `basis`'s window, to be moved to a time before use.
    init(basis: ChangeBasis) {
        self.basis = basis
    }

    /// The window's figures; an empty window shows `lastPrice`.
    func figures(lastPrice: ExactDecimal) -> WindowFigures {
        Self.figures(previousClose: previousClose, traded: traded, lastPrice: lastPrice)
    }

    /// A window's figures from its parts: an empty window (`traded` nil) shows `lastPrice`,
    /// and so does its previous close when no candle came before it.
    static func figures(previousClose: ExactDecimal?, traded: WindowFigures?, lastPrice: ExactDecimal) -> WindowFigures {
        traded
            ?? WindowFigures(
                open: lastPrice, high: lastPrice, low: lastPrice, previousClose: previousClose ?? lastPrice, volume: .zero,
                value: .zero)
    }

    /// The window of `candles` from `start` on, counted candle by candle: the close before it,
    /// if a candle came before, and its figures, `nil` when no candle is in it.
    static func count(_ candles: MinuteCandles, from start: Timestamp) -> (previousClose: ExactDecimal?, traded: WindowFigures?) {
        let previousClose = candles.last(before: start)?.close
        let window = candles.candles(from: start)
        guard let first = window.first else { return (previousClose, nil) }
        var figures = WindowFigures(
            open: first.open, high: first.high, low: first.low, previousClose: previousClose ?? first.open, volume: .zero,
            value: .zero)
        for candle in window {
            figures.high = max(figures.high, candle.high)
            figures.low = min(figures.low, candle.low)
            figures.volume += candle.volume
            figures.value += candle.tradeValue ?? .zero
        }
        return (previousClose, figures)
    }

    /// Moves the window to where it stands at `now` over `candles` (none after `now`'s
    /// minute): a rolling window lets the candles it passed go, a new day starts anew.
    mutating func move(to now: Timestamp, over candles: MinuteCandles) {
        let next = SimulatedMarket.windowStart(of: basis, at: now)
        guard let start else { return count(from: next, over: candles) }
        guard next > start else { return }
        guard case .rolling = basis, var figures = traded else { return count(from: next, over: candles) }
        let leaving = candles.candles(in: start..<next)
        guard let lastLeaving = leaving.last else {
            self.start = next
            return
        }
        var extremeLeft = false
        for candle in leaving {
            figures.volume -= candle.volume
            figures.value -= candle.tradeValue ?? .zero
            extremeLeft = extremeLeft || candle.high == figures.high || candle.low == figures.low
        }
        guard !extremeLeft, let firstStaying = candles.first(from: next) else { return count(from: next, over: candles) }
        previousClose = lastLeaving.close
        figures.previousClose = lastLeaving.close
        figures.open = firstStaying.open
        traded = figures
        self.start = next
    }

    /// Counts a trade made in the window (after ``move(to:over:)`` to its time).
    mutating func include(_ trade: Trade) {
        let value = trade.price * trade.quantity
        guard var figures = traded else {
            traded = WindowFigures(
                open: trade.price, high: trade.price, low: trade.price, previousClose: previousClose ?? trade.price,
                volume: trade.quantity, value: value)
            return
        }
        figures.high = max(figures.high, trade.price)
        figures.low = min(figures.low, trade.price)
        figures.volume += trade.quantity
        figures.value += value
        traded = figures
    }

    /// Counts the window from `start` afresh, candle by candle.
    private mutating func count(from start: Timestamp, over candles: MinuteCandles) {
        self.start = start
        (previousClose, traded) = Self.count(candles, from: start)
    }
}
