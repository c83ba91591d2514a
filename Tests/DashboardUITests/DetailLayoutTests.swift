import TerminalKit
import Testing

@testable import DashboardUI

/// Where the detail view's parts go, at the widths where the layout changes.
@Suite struct DetailLayoutTests {
    /// A book of 30 levels a side: 62 rows, more than any of these terminals leaves beside the tape.
    static let deepBook = 62

    @Test func belowOneHundredTwentyColumnsOnePaneAtATime() {
        let narrow = DetailLayout(size: Size(width: 119, height: 50), pane: .book, bookRows: Self.deepBook)
        #expect(narrow.paneBar != nil)
        #expect(narrow.chart == nil, "the deep book leaves the chart no room under it")
        let wide = DetailLayout(size: Size(width: 120, height: 50), pane: .book, bookRows: Self.deepBook)
        #expect(wide.paneBar == nil)
        #expect(wide.chart != nil)
    }

    @Test func fromOneHundredTwentyTheTapeGoesUnderTheBookBesideTheChart() throws {
        for width in [120, 159] {
            let layout = DetailLayout(size: Size(width: width, height: 50), pane: .book, bookRows: Self.deepBook)
            let book = try #require(layout.book)
            let tape = try #require(layout.tape)
            let chart = try #require(layout.chart)
            #expect(tape.x == book.x && tape.y > book.y + book.height - 1, "under the book at \(width)")
            #expect(tape.height == DetailLayout.tapeUnderBookMinimumRows - 1, "the book gives up its outer levels at \(width)")
            #expect(chart.x > book.x + book.width - 1 && chart.height == book.height + 1 + tape.height)
        }
    }

    @Test func fromOneHundredSixtyADeepBookLeavesTheTapeAColumnOfItsOwn() throws {
        let layout = DetailLayout(size: Size(width: 160, height: 50), pane: .book, bookRows: Self.deepBook)
        let book = try #require(layout.book)
        let tape = try #require(layout.tape)
        let chart = try #require(layout.chart)
        #expect(tape.y == book.y && tape.x > book.x + book.width - 1)
        #expect(chart.x > tape.x + tape.width - 1)
    }

    @Test func aBookThatFitsHasTheTapeUnderItAtAnyWidthFromOneHundredTwenty() throws {
        for width in [120, 160, 220] {
            let layout = DetailLayout(size: Size(width: width, height: 50), pane: .book, bookRows: 32)
            let book = try #require(layout.book)
            let tape = try #require(layout.tape)
            #expect(book.height == 32 && tape.x == book.x, "at \(width)")
        }
    }
}
