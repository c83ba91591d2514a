import MarketCore
import TerminalKit

/// The keys of the detail and depth views, which change only the views; what the rest of the
/// dashboard must do comes back as an ``Outcome``.
extension DetailState {
    /// What a key asks of the rest of the dashboard.
    enum Outcome: Sendable, Equatable {
        /// Nothing beyond the views.
        case done
        /// Back to the market table.
        case backToTable
        /// Back to the detail view (from a depth view opened there).
        case backToDetail
        /// Open the depth view.
        case openDepth
        /// Fetch and stream the candles of this interval.
        case follow(CandleInterval)
        /// Fetch the page of candles of this interval before this time (the oldest held).
        case fetchEarlierCandles(CandleInterval, before: Timestamp)
    }

    /// A key in the detail view: `series` is the chart's (the market's, or the reference's
    /// with ``showsReference``) in its interval, the layout is `size`'s with a book of
    /// `bookRows` rows, `comparing` says whether two exchanges' books could be shown,
    /// `referenceLists` whether the reference exchange lists the coin. A key that takes the
    /// chart back to within a screen of its oldest candle asks for the page before it (each
    /// time: one asked for before a reconnect is asked for again).
    mutating func handleDetailKey(
        _ key: Key, series: CandleSeries?, size: Size, bookRows: Int, comparing: Bool, referenceLists: Bool = false
    ) -> Outcome {
        let outcome = applyDetailKey(
            key, series: series, size: size, bookRows: bookRows, comparing: comparing, referenceLists: referenceLists)
        guard outcome == .done, [.left, .pageUp, .home].contains(key),
            let before = chart.wantsEarlierPage(of: series, columns: plotColumns(size: size, bookRows: bookRows))
        else { return outcome }
        chart.loadingBefore = before
        return .fetchEarlierCandles(chart.interval, before: before)
    }

    private mutating func applyDetailKey(
        _ key: Key, series: CandleSeries?, size: Size, bookRows: Int, comparing: Bool, referenceLists: Bool
    ) -> Outcome {
        let candles = series?.candles ?? []
        switch key {
        case .escape, .backspace:
            return .backToTable
        case .character("d"):
            return .openDepth
        case .character("b") where comparing:
            showsBothBooks.toggle()
        case .character("r") where referenceLists || showsReference:
            showsReference.toggle()
            chart = ChartView(interval: chart.interval, columnsPerCandle: chart.columnsPerCandle)
            return .follow(chart.interval)
        case .tab, .backTab:
            pane = pane.stepped(by: key == .tab ? 1 : -1)
        case .character(let character) where character.wholeNumberValue != nil:
            guard let digit = character.wholeNumberValue, let choice = CandleInterval.forDigit(digit) else { return .done }
            return show(choice)
        case .character("["): return show(chart.interval.stepped(by: -1))
        case .character("]"): return show(chart.interval.stepped(by: 1))
        case .character("+"), .character("="):
            chart = chart.zoomed(by: 1)
        case .character("-"):
            chart = chart.zoomed(by: -1)
        case .left, .right:
            if chart.cursor != nil {
                chart = chart.movingCursor(by: key == .left ? -1 : 1, in: candles, columns: plotColumns(size: size, bookRows: bookRows))
            } else {
                chart = chart.scrolled(by: key == .left ? ChartView.scrollStep : -ChartView.scrollStep, of: candles.count)
            }
        case .pageUp, .home:
            let fitting = chart.fittingCandles(columns: plotColumns(size: size, bookRows: bookRows))
            let oldestAtLeft = max(chart.scrollBack, candles.count - fitting)
            chart.cursor = nil
            chart.scrollBack = key == .home ? oldestAtLeft : min(chart.scrollBack + fitting, oldestAtLeft)
        case .pageDown:
            chart.cursor = nil
            chart.scrollBack = max(0, chart.scrollBack - chart.fittingCandles(columns: plotColumns(size: size, bookRows: bookRows)))
        case .end:
            chart.cursor = nil
            chart.scrollBack = 0
        case .character("x"):
            guard chart.cursor == nil else {
                chart.cursor = nil
                return .done
            }
            if DetailLayout(size: size, pane: pane, bookRows: bookRows).chart == nil { pane = .chart }
            chart = chart.movingCursor(by: 0, in: candles, columns: plotColumns(size: size, bookRows: bookRows))
        default:
            break
        }
        return .done
    }

    /// A key in the depth view of `book`, the terminal `size`: scroll, recentre, group, chart,
    /// market impact, back.
    mutating func handleDepthKey(_ key: Key, book: OrderBook?, size: Size) -> Outcome {
        var view = depth
        let rows = DepthLayout(size: size, view: view).ladderRows
        switch key {
        case .escape where view.impact.isShown:
            view.impact = ImpactPrompt()
        case .escape, .backspace, .character("d"):
            return view.returnsToDetail ? .backToDetail : .backToTable
        case .down, .character("j"): view.scroll += 1
        case .up, .character("k"): view.scroll -= 1
        case .pageDown: view.scroll += max(1, rows - 1)
        case .pageUp: view.scroll -= max(1, rows - 1)
        case .home, .character("g"): view.scroll = 0
        case .character(">"), .character("."): view.grouping = view.grouping.stepped(by: 1)
        case .character("<"), .character(","): view.grouping = view.grouping.stepped(by: -1)
        case .character("c"): view.showsChart.toggle()
        case .character("i"):
            view.impact.isEditing = true
            view.impact.isInvalid = false
        default:
            return .done
        }
        view.scroll = Self.clampedScroll(view, book: book, size: size)
        depth = view
        return .done
    }

    /// Keys typed into the market-impact prompt: text, Backspace, Enter to compute, Esc to
    /// cancel.
    mutating func handleImpactKey(_ key: Key) {
        switch key {
        case .character(let character):
            guard depth.impact.text.count < ImpactPrompt.maximumLength else { return }
            depth.impact.text.append(character)
        case .backspace:
            if !depth.impact.text.isEmpty { depth.impact.text.removeLast() }
        case .enter:
            depth.impact.isEditing = false
            depth.impact.amount = KRWAmount.parse(depth.impact.text)
            depth.impact.isInvalid = depth.impact.amount == nil
        case .escape:
            depth.impact.isEditing = false
        default:
            break
        }
    }

    /// A new interval for the chart, its zoom kept, scrolled to the present.
    private mutating func show(_ interval: CandleInterval) -> Outcome {
        guard interval != chart.interval else { return .done }
        chart = ChartView(interval: interval, columnsPerCandle: chart.columnsPerCandle)
        return .follow(interval)
    }

    /// The chart's plot width in columns at `size`, for the cursor to scroll by.
    private func plotColumns(size: Size, bookRows: Int) -> Int {
        let layout = DetailLayout(size: size, pane: pane, bookRows: bookRows)
        return max(1, (layout.chart?.width ?? size.width) - ChartScale.labelWidth)
    }

    /// The view's scroll kept where it still shows levels of the book held now.
    private static func clampedScroll(_ view: DepthView, book: OrderBook?, size: Size) -> Int {
        guard let book else { return 0 }
        let rows = DepthLayout(size: size, view: view).ladderRows
        return DepthLadder(book: book, grouping: view.grouping).clampedScroll(view.scroll, visible: rows)
    }
}
