import TerminalKit

/// Where each part of the depth view goes: the ticker header, two rows of book statistics,
/// the market-impact panel while it is used, and the ladder — with the cumulative depth chart
/// beside it on wide terminals or in its place on narrow ones.
struct DepthLayout {
    static let headerRows = 2
    static let statisticsRows = 2
    static let impactRows = 3
    /// From this width the chart goes beside the ladder rather than in its place.
    static let chartBesideMinimumWidth = 140
    /// The ladder's width when the chart is beside it.
    static let ladderWidthBesideChart = 84

    let header: Rect
    let statistics: Rect
    let impact: Rect?
    /// The ladder with its heading row, when shown.
    let ladder: Rect?
    let chart: Rect?

    /// The parts of `area` (the screen above the status bar) for `view`.
    init(area: Rect, view: DepthView) {
        var rest = area
        (header, rest) = rest.splitTop(Self.headerRows)
        (statistics, rest) = rest.splitTop(Self.statisticsRows)
        if view.impact.isShown {
            let (panel, below) = rest.splitTop(Self.impactRows)
            (impact, rest) = (panel, below)
        } else {
            impact = nil
        }
        if !view.showsChart {
            (ladder, chart) = (rest, nil)
        } else if rest.width >= Self.chartBesideMinimumWidth {
            let (left, right) = rest.splitLeft(Self.ladderWidthBesideChart)
            (ladder, chart) = (left, right.splitLeft(1).rest)
        } else {
            (ladder, chart) = (nil, rest)
        }
    }

    /// The layout for a terminal of `size` (the status bar takes the last row).
    init(size: Size, view: DepthView) {
        self.init(area: Rect(size: size).splitBottom(1).rest, view: view)
    }

    /// Level rows the ladder shows, below its heading.
    var ladderRows: Int { max(0, (ladder?.height ?? 0) - 1) }
}
