import Foundation
import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Bithumb and Upbit on one board: the comparison tab, the exchange switch, the status bar,
/// both books in the detail view.
@Suite struct ComparisonUITests {
    typealias Sample = SampleMarket

    /// Upbit's side of the sample: BTC 0.1 % above, ETH 0.2 % below, XRP level, DOGE not
    /// listed, and ADA listed only on Upbit.
    static let ada = MarketCode(code: "KRW-ADA")!

    static func upbitSnapshot(btc: String = "131381250", at time: Timestamp = Sample.now, book: OrderBook? = nil) -> MarketSnapshot {
        var state = MarketState()
        state.apply(
            .markets(
                Sample.markets.filter { $0.code != Sample.doge } + [Market(code: ada, koreanName: "에이다", englishName: "Cardano")]))
        for (market, price) in [(Sample.btc, btc), (Sample.eth, "4502976"), (Sample.xrp, "3125"), (Sample.sol, "287000"), (ada, "1000")] {
            state.apply(
                .ticker(
                    Ticker(
                        market: market, price: Sample.decimal(price),
                        change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightUTC),
                        tradeValue24h: Sample.decimal("50000000000"), timestamp: time)))
        }
        if let book { state.apply(.orderBook(book)) }
        return state.snapshot(at: time, feed: FeedStatus(state: .live, messages: 300, lastMarketDataAt: time))
    }

    static func board(upbit: MarketSnapshot = upbitSnapshot(), bithumb: MarketSnapshot = Sample.snapshot()) -> BoardSnapshot {
        BoardSnapshot([.bithumb: bithumb, .upbit: upbit])
    }

    static func state(width: Int = 100, height: Int = 16) -> UIState {
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb · Upbit"), size: Size(width: width, height: height), now: Sample.now)
        _ = state.reduce(.watchlistLoaded(Watchlist(favorites: [])))
        _ = state.reduce(.snapshotArrived(board()))
        return state
    }

    @Test func theComparisonTabOnlyShowsWhileSeveralExchangesAreFollowed() {
        var single = Sample.state()
        _ = single.reduce(.keyPressed(.tab))
        _ = single.reduce(.keyPressed(.tab))
        #expect(single.table.tab == .krw, "KRW → Favorites → KRW")
        var both = Self.state()
        _ = both.reduce(.keyPressed(.tab))
        _ = both.reduce(.keyPressed(.tab))
        #expect(both.table.tab == .compare)
        _ = both.reduce(.keyPressed(.backTab))
        #expect(both.table.tab == .favorites)
    }

    @Test func theComparisonListsCoinsOnBothWidestGapFirstAndOthersOnRequest() {
        var state = Self.state()
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.tab))
        #expect(state.table.sort == .widestGap)
        #expect(state.table.rows == [Sample.eth, Sample.sol, Sample.btc, Sample.xrp], "|−0.2 %| > |−0.104 %| > |+0.1 %|; XRP level last")
        _ = state.reduce(.keyPressed(.character("o")))
        #expect(Set(state.table.rows) == Set([Sample.btc, Sample.eth, Sample.xrp, Sample.sol, Sample.doge, Self.ada]))
        #expect(state.table.rows.suffix(2).sorted() == [Self.ada, Sample.doge], "a coin on one exchange has no gap and sorts last")
        _ = state.reduce(.keyPressed(.character("s")))
        #expect(state.table.sort.key == .tradeValue)
    }

    @Test func theComparisonReadsInBothLanguagesWithTheGapDefined() {
        var state = Self.state(width: 100)
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.tab))
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines[0].hasPrefix(" KRW   즐겨찾기 0   거래소 비교 "))
        #expect(lines[1].contains("빗썸") && lines[1].contains("업비트−빗썸") && lines[1].contains("차이%"))
        let eth = lines.first { $0.contains("이더리움") } ?? ""
        #expect(eth.contains("4,512,000") && eth.contains("4,502,976") && eth.contains("-9,024") && eth.contains("-0.20%"), "\(eth)")
        _ = state.reduce(.keyPressed(.character("e")))
        let english = DashboardScreen.render(state).trimmedLines
        #expect(english[1].contains("Upbit−Bithumb") && english[1].contains("gap %"))
        #expect(english.last?.contains("Bithumb ● live") == true && english.last?.contains("Upbit ● live") == true)
    }

    @Test func aGapThatChangesSignIsLit() {
        var state = Self.state()
        #expect(state.comparison.flips.isEmpty)
        let later = Sample.now.advanced(byMicroseconds: 1_000_000)
        _ = state.reduce(.snapshotArrived(Self.board(upbit: Self.upbitSnapshot(btc: "131000000", at: later))))
        #expect(state.comparison.flips[Sample.btc]?.move == .down, "Upbit went below Bithumb")
        #expect(state.comparison.flips[Sample.eth] == nil)
        _ = state.reduce(.tick(later.advanced(byMicroseconds: ComparisonState.flipDuration)))
        #expect(state.comparison.flips.isEmpty)
    }

    @Test func eSwitchesTheExchangeTheTabsAndTheDetailShow() {
        var state = Self.state()
        #expect(state.exchange == .bithumb)
        #expect(state.table.rows.contains(Sample.doge) && !state.table.rows.contains(Self.ada))
        _ = state.reduce(.keyPressed(.character("E")))
        #expect(state.exchange == .upbit)
        #expect(state.table.rows.contains(Self.ada) && !state.table.rows.contains(Sample.doge))
        #expect(state.notice == "업비트 시세 표시")
        #expect(DashboardScreen.render(state).trimmedLines[0].hasPrefix(" KRW · 업비트 "))
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        _ = state.reduce(.keyPressed(.enter))
        let header = DashboardScreen.render(state).trimmedLines[0]
        #expect(header.contains("[업비트] 비트코인") && header.contains("131,381,250"), "\(header)")
        _ = state.reduce(.keyPressed(.character("E")))
        #expect(state.exchange == .bithumb)
        #expect(state.screen == .detail(Sample.btc), "the market in view stays in view")
        #expect(DashboardScreen.render(state).trimmedLines[0].contains("[빗썸] 비트코인"))
    }

    @Test func enteringACoinOnlyTheOtherExchangeListsShowsThatExchange() {
        var state = Self.state()
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.character("o")))
        state.select(index: state.table.rows.firstIndex(of: Self.ada) ?? 0)
        let commands = state.reduce(.keyPressed(.enter))
        #expect(state.exchange == .upbit)
        #expect(state.screen == .detail(Self.ada))
        #expect(commands == [.follow(Self.ada, state.detail.chart.interval)])
    }

    @Test func alertsWatchThePrimaryExchangeWhicheverIsShown() {
        var state = Self.state()
        _ = state.reduce(.keyPressed(.character("E")))
        #expect(state.alertSnapshot.tickers[Sample.btc]?.price == Sample.decimal("131250000"))
    }

    @Test func bothBooksShareOnePriceAxisAndTheCrossIsLit() {
        let upbitBook = OrderBook(
            market: Sample.btc,
            bids: [BookLevel(price: Sample.decimal("131252000"), quantity: Sample.decimal("0.7"))],
            asks: [BookLevel(price: Sample.decimal("131254000"), quantity: Sample.decimal("0.3"))], timestamp: Sample.now)
        var state = UIState(settings: DashboardSettings(exchangeName: "x"), size: Size(width: 120, height: 30), now: Sample.now)
        _ = state.reduce(.watchlistLoaded(Watchlist(favorites: [])))
        _ = state.reduce(.snapshotArrived(Self.board(upbit: Self.upbitSnapshot(book: upbitBook))))
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.character("b")))
        #expect(state.detail.showsBothBooks)
        let buffer = DashboardScreen.render(state)
        let lines = buffer.trimmedLines
        #expect(
            lines.contains { $0.contains("호가 비교  교차: 빗썸 매수 → 업비트 매도  +2,000 (0.002%)") }, "Bithumb's ask 131,250,000 under Upbit's bid 131,252,000")
        let crossedRow = lines.first { $0.contains("131,252,000") } ?? ""
        #expect(crossedRow.contains("▶ 0.7000"), "\(crossedRow)")
        let y = lines.firstIndex(of: crossedRow) ?? 0
        let x = crossedRow.range(of: "131,252,000").map { crossedRow.distance(from: crossedRow.startIndex, to: $0.lowerBound) } ?? 0
        #expect(buffer[x, y].style.isReversed, "a price inside the cross is lit")
        #expect(lines.contains { $0.contains("▶ 0.5000     131,250,000") }, "Bithumb's best ask, marked")
    }

    /// The comparison at 140×45 with both exchanges' deep books (Upbit's 0.1 % above), BTC
    /// highlighted.
    static func goldenState(_ language: NameLanguage) -> UIState {
        let upbitBook = OrderBook(
            market: Sample.btc,
            bids: Sample.deepBook().bids.map { BookLevel(price: $0.price + 131_000, quantity: $0.quantity) },
            asks: Sample.deepBook().asks.map { BookLevel(price: $0.price + 131_000, quantity: $0.quantity) }, timestamp: Sample.now)
        var state = UIState(
            settings: DashboardSettings(exchangeName: "Bithumb · Upbit", nameLanguage: language), size: Size(width: 140, height: 45),
            now: Sample.now)
        _ = state.reduce(.watchlistLoaded(Watchlist(favorites: [])))
        _ = state.reduce(
            .snapshotArrived(Self.board(upbit: Self.upbitSnapshot(book: upbitBook), bithumb: Sample.snapshot(book: Sample.deepBook()))))
        return state
    }

    @Test(arguments: [NameLanguage.korean, .english])
    func theComparisonTabAndBothBooksMatchTheirGoldens(language: NameLanguage) {
        let name = language == .korean ? "ko" : "en"
        var state = Self.goldenState(language)
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.tab))
        #expect(state.table.tab == .compare)
        Golden.expect(DashboardScreen.render(state), matches: "compare-140x45-\(name)")
        state = Self.goldenState(language)
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.character("b")))
        #expect(state.detail.showsBothBooks)
        Golden.expect(DashboardScreen.render(state), matches: "both-books-140x45-\(name)")
    }

    @Test func aClickOnATabTitleShowsThatTab() {
        var state = Self.state()
        let compareX = TabBar.titles(state).prefix(2).reduce(0) { $0 + $1.title.terminalColumns + 1 } + 2
        _ = state.reduce(.mouse(MouseEvent(.press, x: compareX, y: DashboardLayout.tabBarRow)))
        #expect(state.table.tab == .compare, "straight from KRW, past Favorites")
        _ = state.reduce(.mouse(MouseEvent(.press, x: 1, y: DashboardLayout.tabBarRow)))
        #expect(state.table.tab == .krw)
    }
}
