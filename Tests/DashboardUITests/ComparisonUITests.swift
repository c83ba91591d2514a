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
        #expect(state.reduce(.watchlistLoaded(Watchlist(favorites: []))).isEmpty)
        #expect(state.reduce(.snapshotArrived(board())).isEmpty)
        return state
    }

    /// The comparison tab of ``state(width:height:)``, widest gap first.
    static func comparisonStore() -> ReducerStore {
        var store = ReducerStore(state())
        store.press(.backTab) {
            $0.table.tab = .compare
            $0.table.rows = [Sample.eth, Sample.sol, Sample.btc, Sample.xrp]
            $0.table.selection = Sample.eth
        }
        return store
    }

    @Test func theComparisonTabOnlyShowsWhileSeveralExchangesAreFollowed() {
        var single = ReducerStore(Sample.state())
        single.press(.tab) {
            $0.table.tab = .favorites
            $0.table.rows = []
            $0.table.selection = nil
        }
        single.press(.tab) {
            $0.table.tab = .holdings
        }
        single.press(.tab) {
            $0.table.tab = .krw
            $0.table.rows = [Sample.xrp, Sample.btc, Sample.eth, Sample.doge, Sample.sol]
            $0.table.selection = Sample.xrp
        }
        var both = Self.comparisonStore()
        both.press(.backTab) {
            $0.table.tab = .holdings
            $0.table.rows = []
            $0.table.selection = nil
        }
    }

    @Test func theComparisonListsCoinsOnBothWidestGapFirstAndOthersOnRequest() {
        var store = Self.comparisonStore()
        #expect(store.state.table.sort == .widestGap, "|−0.2 %| > |−0.104 %| > |+0.1 %|; XRP level last")
        store.press(.character("o")) {
            $0.comparison.showsUnpaired = true
            $0.table.rows = [Sample.eth, Sample.sol, Sample.btc, Sample.xrp, Self.ada, Sample.doge]
        }
        #expect(store.state.table.rows.suffix(2).sorted() == [Self.ada, Sample.doge], "a coin on one exchange has no gap and sorts last")
        store.press(.character("s")) {
            $0.table.sorts[.compare] = SortOrder(key: .tradeValue, isDescending: true)
            $0.table.rows = [Sample.xrp, Sample.btc, Sample.eth, Sample.sol, Self.ada, Sample.doge]
            $0.table.selection = Sample.xrp
        }
    }

    @Test func theComparisonReadsInBothLanguagesWithTheGapDefined() {
        var state = Self.comparisonStore().state
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines[0].hasPrefix(" KRW   즐겨찾기 0   보유 0   거래소 비교 "))
        #expect(lines[1].contains("빗썸") && lines[1].contains("업비트−빗썸") && lines[1].contains("차이%"))
        let eth = lines.first { $0.contains("이더리움") } ?? ""
        #expect(eth.contains("4,512,000") && eth.contains("4,502,976") && eth.contains("-9,024") && eth.contains("-0.20%"), "\(eth)")
        #expect(state.reduce(.keyPressed(.character("e"))).isEmpty)
        let english = DashboardScreen.render(state).trimmedLines
        #expect(english[1].contains("Upbit−Bithumb") && english[1].contains("gap %"))
        #expect(english.last?.contains("Bithumb ● live") == true && english.last?.contains("Upbit ● live") == true)
    }

    @Test func aGapThatChangesSignIsLit() {
        var store = ReducerStore(Self.state())
        #expect(store.state.comparison.flips.isEmpty)
        let later = Sample.now.advanced(byMicroseconds: 1_000_000)
        let board = Self.board(upbit: Self.upbitSnapshot(btc: "131000000", at: later))
        store.send(.snapshotArrived(board)) {
            var signs = $0.comparison.signs
            $0.setBoard(board)
            signs[Sample.btc] = .down
            $0.comparison.signs = signs
            $0.comparison.flips = [Sample.btc: UIState.Flash(move: .down, until: later.advanced(byMicroseconds: ComparisonState.flipDuration))]
        }
        let end = later.advanced(byMicroseconds: ComparisonState.flipDuration)
        store.send(.tick(end)) {
            $0.setNow(end)
            #expect($0.comparison.flips.isEmpty, "put out at its end")
        }
    }

    @Test func eSwitchesTheExchangeTheTabsAndTheDetailShow() {
        var store = ReducerStore(Self.state())
        #expect(store.state.exchange == .bithumb)
        #expect(store.state.table.rows == [Sample.xrp, Sample.btc, Sample.eth, Sample.doge, Sample.sol])
        store.press(.character("E")) {
            $0.setExchange(.upbit)
            $0.notice = "업비트 시세 표시"
        }
        #expect(store.state.table.rows == [Self.ada, Sample.btc, Sample.eth, Sample.sol, Sample.xrp], "Upbit's listing, its values level")
        #expect(DashboardScreen.render(store.state).trimmedLines[0].hasPrefix(" KRW · 업비트 "))
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        let header = DashboardScreen.render(store.state).trimmedLines[0]
        #expect(header.contains("[업비트] 비트코인") && header.contains("131,381,250"), "\(header)")
        store.press(.character("E")) {
            $0.setExchange(.bithumb)
            $0.notice = "빗썸 시세 표시"
        }
        #expect(store.state.table.rows == [Sample.xrp, Sample.btc, Sample.eth, Sample.doge, Sample.sol])
        #expect(DashboardScreen.render(store.state).trimmedLines[0].contains("[빗썸] 비트코인"), "the market in view stays in view")
    }

    @Test func enteringACoinOnlyTheOtherExchangeListsShowsThatExchange() {
        var store = Self.comparisonStore()
        let unpaired = [Sample.eth, Sample.sol, Sample.btc, Sample.xrp, Self.ada, Sample.doge]
        store.press(.character("o")) {
            $0.comparison.showsUnpaired = true
            $0.table.rows = unpaired
        }
        store.press(.end) {
            $0.table.selection = Sample.doge
            $0.table.hasChosenSelection = true
        }
        store.press(.up) { $0.table.selection = Self.ada }
        store.press(.enter, [.follow(Self.ada, .oneMinute)]) {
            $0.setExchange(.upbit)
            $0.screen = .detail(Self.ada)
        }
    }

    @Test("an alert watches the exchange it was set on; one from before alerts named theirs watches the first")
    func alertsWatchTheirOwnExchange() {
        var state = Self.state()
        #expect(state.reduce(.keyPressed(.character("E"))).isEmpty)
        #expect(state.exchange == .upbit)
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        #expect(state.reduce(.keyPressed(.character("a"))).isEmpty)
        for character in ">131300000" { #expect(state.reduce(.keyPressed(.character(character))).isEmpty) }
        let commands = state.reduce(.keyPressed(.enter))
        let alert = state.alerts.all.first
        #expect(alert?.exchange == .upbit)
        #expect(alert?.firedAt == Sample.now, "Upbit's 131,381,250 is above 131,300,000; Bithumb's 131,250,000 is not")
        #expect(commands.contains(.saveWatchlist(state.watchlist)))
        #expect(state.notice?.contains("[업비트] 비트코인 ≥ 131,300,000 (131,381,250)") == true, "\(state.notice ?? "")")
        let old = PriceAlert(id: "old", market: Sample.btc, condition: .above(131_300_000))
        #expect(state.reduce(.watchlistLoaded(Watchlist(alerts: [old]))).isEmpty, "Bithumb's price does not meet it")
    }

    @Test func bothBooksShareOnePriceAxisAndTheCrossIsLit() {
        let upbitBook = OrderBook(
            market: Sample.btc,
            bids: [BookLevel(price: Sample.decimal("131252000"), quantity: Sample.decimal("0.7"))],
            asks: [BookLevel(price: Sample.decimal("131254000"), quantity: Sample.decimal("0.3"))], timestamp: Sample.now)
        var state = UIState(settings: DashboardSettings(exchangeName: "x"), size: Size(width: 120, height: 30), now: Sample.now)
        #expect(state.reduce(.watchlistLoaded(Watchlist(favorites: []))).isEmpty)
        #expect(state.reduce(.snapshotArrived(Self.board(upbit: Self.upbitSnapshot(book: upbitBook)))).isEmpty)
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        #expect(state.reduce(.keyPressed(.enter)) == [.follow(Sample.btc, .oneMinute)])
        #expect(state.reduce(.keyPressed(.character("b"))).isEmpty)
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
        #expect(state.reduce(.watchlistLoaded(Watchlist(favorites: []))).isEmpty)
        let board = Self.board(upbit: Self.upbitSnapshot(book: upbitBook), bithumb: Sample.snapshot(book: Sample.deepBook()))
        #expect(state.reduce(.snapshotArrived(board)).isEmpty)
        return state
    }

    @Test(arguments: [NameLanguage.korean, .english])
    func theComparisonTabAndBothBooksMatchTheirGoldens(language: NameLanguage) {
        let name = language == .korean ? "ko" : "en"
        var state = Self.goldenState(language)
        #expect(state.reduce(.keyPressed(.backTab)).isEmpty)
        #expect(state.table.tab == .compare)
        Golden.expect(DashboardScreen.render(state), matches: "compare-140x45-\(name)")
        state = Self.goldenState(language)
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        #expect(state.reduce(.keyPressed(.enter)) == [.follow(Sample.btc, .oneMinute)])
        #expect(state.reduce(.keyPressed(.character("b"))).isEmpty)
        #expect(state.detail.showsBothBooks)
        Golden.expect(DashboardScreen.render(state), matches: "both-books-140x45-\(name)")
    }

    @Test func aClickOnATabTitleShowsThatTab() {
        var store = ReducerStore(Self.state())
        let compareX = TabBar.titles(store.state).prefix(3).reduce(0) { $0 + $1.title.terminalColumns + 1 } + 2
        store.send(.mouse(MouseEvent(.press, x: compareX, y: DashboardLayout.tabBarRow))) {
            $0.table.tab = .compare
            $0.table.rows = [Sample.eth, Sample.sol, Sample.btc, Sample.xrp]
            $0.table.selection = Sample.eth
        }
        store.send(.mouse(MouseEvent(.press, x: 1, y: DashboardLayout.tabBarRow))) {
            $0.table.tab = .krw
            $0.table.rows = [Sample.xrp, Sample.btc, Sample.eth, Sample.doge, Sample.sol]
            $0.table.selection = Sample.xrp
        }
    }
}
