import MarketCore
import TerminalKit

/// A part of the detail view on terminals too narrow to show them all: 호가 / 차트 / 체결, as
/// the original app's tabs.
public enum DetailPane: String, Sendable, Hashable, CaseIterable {
    case book, chart, trades

    /// The pane `step` places on, wrapping round.
    public func stepped(by step: Int) -> DetailPane {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[((index + step) % all.count + all.count) % all.count]
    }
}

/// Where the detail view's parts go for a terminal size.
///
/// - From ``sideBySideMinimumWidth`` columns, as on the exchanges' own web boards: the book
///   and the chart side by side, the tape under the book. When the book needs more rows than
///   leave the tape its ``tapeUnderBookMinimumRows``, the tape takes a column of its own
///   between them from ``threeColumnsMinimumWidth``; narrower, the book gives up its outer
///   levels instead.
/// - Narrower: a pane bar under the header and one pane at a time (`Tab` switches): the book
///   with the tape beside it (from ``tapeBesideBookMinimumWidth``) or under it (when rows are
///   left over) and, on tall terminals, the chart under both; the chart; or the tape.
struct DetailLayout {
    static let headerRows = 2
    static let sideBySideMinimumWidth = 120
    static let threeColumnsMinimumWidth = 160
    static let tapeBesideBookMinimumWidth = 100
    static let bookWidth = 72
    static let tapeWidth = 36
    /// The fewest rows the tape is given under the book.
    static let tapeUnderBookMinimumRows = 8
    /// The fewest rows the chart is given under the book in the book pane.
    static let chartUnderBookMinimumRows = 12

    let header: Rect
    /// The pane bar, on narrow terminals.
    let paneBar: Rect?
    let book: Rect?
    let tape: Rect?
    let chart: Rect?

    /// The parts of `area` (the screen above the status bar), with `pane` shown on narrow
    /// terminals and `bookRows` rows all the held book's levels need.
    init(area: Rect, pane: DetailPane, bookRows: Int) {
        let (header, body) = area.splitTop(Self.headerRows)
        self.header = header
        guard area.width < Self.sideBySideMinimumWidth else {
            paneBar = nil
            let (bookColumn, rest) = body.splitLeft(min(Self.bookWidth, body.width / 2))
            let (book, under) = Self.book(in: bookColumn, rows: bookRows)
            if let under {
                (self.book, tape, chart) = (book, under, rest.splitLeft(1).rest)
            } else if area.width >= Self.threeColumnsMinimumWidth {
                let (tape, chart) = rest.splitLeft(Self.tapeWidth)
                (self.book, self.tape, self.chart) = (book, tape.splitLeft(1).rest, chart.splitLeft(1).rest)
            } else {
                let (book, under) = bookColumn.splitTop(max(0, bookColumn.height - Self.tapeUnderBookMinimumRows))
                (self.book, tape, chart) = (book, under.splitTop(1).rest, rest.splitLeft(1).rest)
            }
            return
        }
        let (bar, paneArea) = body.splitTop(1)
        paneBar = bar
        switch pane {
        case .chart:
            (book, tape, chart) = (nil, nil, paneArea)
        case .trades:
            (book, tape, chart) = (nil, paneArea, nil)
        case .book:
            var top = paneArea
            if paneArea.height - bookRows >= Self.chartUnderBookMinimumRows {
                let (upper, lower) = paneArea.splitTop(bookRows)
                (top, chart) = (upper, lower)
            } else {
                chart = nil
            }
            if top.width >= Self.tapeBesideBookMinimumWidth {
                let (left, right) = top.splitLeft(top.width - Self.tapeWidth)
                (book, tape) = (left, right.splitLeft(1).rest)
            } else {
                (book, tape) = Self.book(in: top, rows: bookRows)
            }
        }
    }

    /// The layout for a terminal of `size` (the status bar takes the last row).
    init(size: Size, pane: DetailPane, bookRows: Int) {
        self.init(area: Rect(size: size).splitBottom(1).rest, pane: pane, bookRows: bookRows)
    }

    /// The rows the book panel needs to show `book` whole: its title, the levels of the
    /// longer side twice over, and the spread.
    static func bookRows(for book: OrderBook?) -> Int {
        2 + 2 * max(book?.asks.count ?? 0, book?.bids.count ?? 0)
    }

    /// The book in `column`, as tall as it needs, and the rows under it for the tape when
    /// enough are left over.
    private static func book(in column: Rect, rows: Int) -> (book: Rect, under: Rect?) {
        guard column.height - rows >= tapeUnderBookMinimumRows else { return (column, nil) }
        let (book, under) = column.splitTop(rows)
        return (book, under.splitTop(1).rest)
    }
}
