import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Colours and glyphs: rises red and falls blue (or green and red by setting), a changed price
/// flashes for 0.3 s, the selected row is reversed, DEMO is unmistakable, ASCII stands in
/// without a UTF-8 locale.
@Suite struct StyleTests {
    /// The column of the first cell on row `y` whose text starts `text`.
    private func column(of text: String, row y: Int, in buffer: Buffer) -> Int? {
        let line = buffer.lines[y]
        var prefix = Substring(line)
        while !prefix.isEmpty {
            if prefix.hasPrefix(text) { return line[..<prefix.startIndex].terminalColumns }
            prefix = prefix.dropFirst()
        }
        return nil
    }

    @Test func risesAreRedAndFallsBlueInTheKoreanConvention() throws {
        let buffer = DashboardScreen.render(SampleMarket.state(width: 72, height: 12))
        let rise = try #require(column(of: "▲1.74%", row: 3, in: buffer))
        let fall = try #require(column(of: "▼0.42%", row: 4, in: buffer))
        #expect(buffer[rise, 3].style.foreground == .red)
        #expect(buffer[fall, 4].style.foreground == .blue)
    }

    @Test func theWesternConventionIsGreenAndRed() throws {
        let settings = DashboardSettings(exchangeName: "Bithumb", colors: .western)
        let buffer = DashboardScreen.render(SampleMarket.state(width: 72, height: 12, settings: settings))
        let rise = try #require(column(of: "▲1.74%", row: 3, in: buffer))
        let fall = try #require(column(of: "▼0.42%", row: 4, in: buffer))
        #expect(buffer[rise, 3].style.foreground == .green)
        #expect(buffer[fall, 4].style.foreground == .red)
    }

    @Test func aChangedPriceFlashesItsDirectionForAboutAThirdOfASecond() throws {
        var state = SampleMarket.state(width: 72, height: 12)
        var market = MarketState()
        market.apply(.markets(SampleMarket.markets))
        for ticker in SampleMarket.tickers { market.apply(.ticker(ticker)) }
        _ = market.snapshot(at: SampleMarket.now, feed: FeedStatus())
        var higher = SampleMarket.tickers[0]
        higher.price = SampleMarket.decimal("131300000")
        market.apply(.ticker(higher))
        state.step(.snapshotArrived(BoardSnapshot(market.snapshot(at: SampleMarket.now.advanced(byMicroseconds: 1000), feed: FeedStatus()))))
        let lit = DashboardScreen.render(state)
        let x = try #require(column(of: "131,300,000", row: 3, in: lit))
        #expect(lit[x, 3].style.background == .red)
        state.step(.tick(SampleMarket.now.advanced(byMicroseconds: 200_000)))
        #expect(DashboardScreen.render(state)[x, 3].style.background == .red)
        state.step(.tick(SampleMarket.now.advanced(byMicroseconds: 302_000)))
        let faded = DashboardScreen.render(state)
        #expect(faded[x, 3].style.background == .default)
        #expect(faded[x, 3].style.foreground == .red)
    }

    @Test func theSelectedRowIsReversedKeepingItsColours() throws {
        var state = SampleMarket.state(width: 72, height: 12)
        state.step(.down)
        let buffer = DashboardScreen.render(state)
        let x = try #require(column(of: "▲1.74%", row: 3, in: buffer))
        #expect(buffer[x, 3].style.isReversed)
        #expect(buffer[x, 3].style.foreground == .red)
        #expect(!buffer[x, 2].style.isReversed)
    }

    @Test func theDemoExchangeIsUnmistakable() {
        let settings = DashboardSettings(exchangeName: "DEMO", isDemo: true)
        let buffer = DashboardScreen.render(SampleMarket.state(width: 72, height: 12, settings: settings))
        #expect(buffer.lines[11].hasPrefix(" DEMO · simulated "))
        #expect(buffer[1, 11].style.background == .yellow)
    }

    @Test func withoutUnicodeTheChartAndArrowsAreASCII() {
        let settings = DashboardSettings(exchangeName: "Bithumb", isUnicode: false)
        var state = SampleMarket.state(width: 170, height: 30, settings: settings)
        let table = DashboardScreen.render(state).lines.joined()
        #expect(table.contains("+1.74%"))
        #expect(table.allSatisfy { $0.isASCII })
        state.step(.down)
        state.step(.enter, [.follow(SampleMarket.btc, .oneMinute)])
        let detail = DashboardScreen.render(state).lines.joined()
        #expect(detail.allSatisfy { $0.isASCII })
        #expect(detail.contains("#"))
        #expect(detail.contains("|"))
        state.step(.character("d"))
        state.step(.character("c"))
        let depth = DashboardScreen.render(state).lines.joined()
        #expect(depth.allSatisfy { $0.isASCII })
        #expect(depth.contains("#") && depth.contains("|"))
    }

    @Test func candleGlyphsUseHalfCells() {
        #expect(CandlePart.glyph(top: .body, bottom: .body, unicode: true)?.text == "┃")
        #expect(CandlePart.glyph(top: .wick, bottom: .body, unicode: true)?.text == "╽")
        #expect(CandlePart.glyph(top: .body, bottom: .wick, unicode: true)?.text == "╿")
        #expect(CandlePart.glyph(top: .wick, bottom: .wick, unicode: true)?.text == "│")
        #expect(CandlePart.glyph(top: .none, bottom: .wick, unicode: true)?.text == "╷")
        #expect(CandlePart.glyph(top: .wick, bottom: .none, unicode: true)?.text == "╵")
        #expect(CandlePart.glyph(top: .none, bottom: .none, unicode: true) == nil)
    }

    @Test func networkTextNeverReachesTheScreenWithControlCharacters() {
        var market = MarketState()
        market.apply(.markets([Market(code: SampleMarket.btc, koreanName: "비트\u{1B}[2J코인", englishName: "Bit\u{7}coin")]))
        let state = SampleMarket.state(width: 72, height: 12, snapshot: market.snapshot(at: SampleMarket.now, feed: FeedStatus()))
        let text = DashboardScreen.render(state).lines.joined()
        #expect(text.contains("비트[2J코인"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
    }
}
