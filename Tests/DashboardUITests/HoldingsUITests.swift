import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// The 보유 tab and the holdings line: what is held on the exchange shown, valued live and worth
/// most first with the totals; `h` entering a buy or a sell (and saying why one is refused);
/// held markets marked in the KRW table and the detail header.
@Suite struct HoldingsUITests {
    typealias Sample = SampleMarket

    static func buy(_ market: MarketCode, _ quantity: String, at price: String, second: Int64 = 0) -> LedgerEntry {
        LedgerEntry(
            id: "\(market.code)-\(quantity)-\(second)", exchange: .bithumb, asset: .coin(market), side: .buy,
            quantity: ExactDecimal(quantity)!, price: ExactDecimal(price)!,
            time: Sample.now.advanced(byMicroseconds: second * 1_000_000))
    }

    /// BTC bought at 100,000,000 (now 131,250,000), ETH at 5,000,000 (now 4,512,000), 1M won.
    static let held = Holdings(ledger: [
        buy(Sample.btc, "0.5", at: "100000000"), buy(Sample.eth, "10", at: "5000000", second: 1),
        LedgerEntry(id: "cash", exchange: .bithumb, asset: .cash, side: .buy, quantity: 1_000_000, price: nil, time: Sample.now),
    ])

    static func state(
        width: Int = 100, height: Int = 16, language: NameLanguage = .korean, holdings: Holdings = held
    ) -> UIState {
        var settings = DashboardSettings(exchangeName: "Bithumb")
        settings.nameLanguage = language
        var state = Sample.state(width: width, height: height, settings: settings)
        #expect(state.reduce(.holdingsLoaded(holdings)).isEmpty)
        return state
    }

    static func type(_ text: String, into state: inout UIState) -> [UICommand] {
        text.flatMap { state.reduce(.keyPressed(.character($0))) } + state.reduce(.keyPressed(.enter))
    }

    @Test func theTabListsWhatIsHeldWorthMostFirstWithTheTotals() {
        var state = Self.state()
        #expect(state.reduce(.keyPressed(.tab)).isEmpty)
        #expect(state.reduce(.keyPressed(.tab)).isEmpty)
        #expect(state.table.tab == .holdings)
        #expect(state.table.rows == [Sample.btc, Sample.eth], "65,625,000, then 45,120,000")
        let bitcoin = state.holdings.view.markets[Sample.btc]
        #expect(bitcoin?.value == ExactDecimal("65625000"))
        #expect(bitcoin?.profit == ExactDecimal("15625000"))
        #expect(bitcoin?.profitPercent == ExactDecimal("31.25"))
        #expect(state.holdings.view.totals.assets == ExactDecimal("111745000"))
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines[0].hasPrefix(" KRW   즐겨찾기 0   보유 2 "))
        #expect(lines[1].contains("보유수량") && lines[1].contains("평가손익") && lines[1].contains("수익률"))
        #expect(lines[2].hasPrefix("비트코인") && lines[2].contains("65,625,000") && lines[2].contains("+15,625,000"))
        #expect(lines[2].contains("+31.25%"))
        #expect(lines[3].hasPrefix("이더리움") && lines[3].contains("-4,880,000") && lines[3].contains("-9.76%"))
        #expect(lines[14] == "총보유자산 111,745,000 · 총평가 110,745,000 · 평가손익 +10,745,000 · 수익률 +10.74%", "총매수 left out first")
        let wide = Self.state(width: 140, height: 16)
        var onTab = wide
        _ = onTab.reduce(.keyPressed(.backTab))
        #expect(
            DashboardScreen.render(onTab).trimmedLines[14]
                == "총보유자산 111,745,000 · 총매수 100,000,000 · 총평가 110,745,000 · 평가손익 +10,745,000 · 수익률 +10.74%")
    }

    @Test(arguments: [(80, 24, NameLanguage.korean), (140, 45, .english)])
    func theTabMatchesItsGolden(width: Int, height: Int, language: NameLanguage) {
        var state = Self.state(width: width, height: height, language: language)
        #expect(state.reduce(.keyPressed(.backTab)).isEmpty)
        #expect(state.table.tab == .holdings)
        Golden.expect(DashboardScreen.render(state), matches: "holdings-\(width)x\(height)-\(language == .korean ? "ko" : "en")")
    }

    @Test func nothingHeldSaysHowToEnterATrade() {
        var state = Self.state(holdings: .empty)
        _ = state.reduce(.keyPressed(.tab))
        _ = state.reduce(.keyPressed(.tab))
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines.contains { $0.contains("보유 내역이 없습니다.") })
        #expect(lines.contains { $0.contains("h를 눌러") })
    }

    @Test func hEntersABuyAndASellAndSavesThem() throws {
        var state = Self.state(holdings: .empty)
        state.select(index: state.table.rows.firstIndex(of: Sample.sol) ?? 0)
        #expect(state.reduce(.keyPressed(.character("h"))).isEmpty)
        #expect(state.holdings.prompt?.market == Sample.sol)
        let bought = Self.type("+2@250,000", into: &state)
        #expect(state.holdings.prompt == nil)
        #expect(bought == [.saveHoldings(state.holdings.holdings)])
        let held = try #require(state.holdings.view.markets[Sample.sol])
        #expect(held.quantity == 2)
        #expect(held.cost == 500_000)
        #expect(held.value == ExactDecimal("574600"))
        _ = state.reduce(.keyPressed(.character("h")))
        let sold = Self.type("-0.5", into: &state)
        #expect(sold.count == 1, "sold at the last price")
        #expect(state.holdings.view.markets[Sample.sol]?.quantity == ExactDecimal("1.5"))
        #expect(state.holdings.holdings.ledger.last?.price == ExactDecimal("287300"))
        let rows = DashboardScreen.render(state).trimmedLines
        #expect(rows.contains { $0.contains("솔라나") && $0.hasPrefix(" ◆") }, "held markets are marked in the KRW table")
        _ = state.reduce(.keyPressed(.character("h")))
        #expect(Self.type("=0", into: &state).count == 1)
        #expect(state.holdings.view.markets.isEmpty)
        #expect(state.holdings.holdings.ledger.isEmpty)
    }

    @Test func aRefusedLineSaysWhyAndKeepsTheHoldings() {
        var state = Self.state()
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        _ = state.reduce(.keyPressed(.character("h")))
        #expect(Self.type("-1@1", into: &state).isEmpty)
        #expect(state.holdings.prompt?.problem == "보유 수량(0.5)보다 많이 팔 수 없습니다")
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines.contains { $0.contains("보유 수량(0.5)보다 많이 팔 수 없습니다") })
        #expect(lines.contains { $0.contains("보유 입력 · 비트코인") && $0.contains("131,250,000") })
        _ = state.reduce(.keyPressed(.backspace))
        #expect(state.holdings.prompt?.problem == nil, "typing clears the reason")
        for _ in 0..<5 { _ = state.reduce(.keyPressed(.backspace)) }
        #expect(Self.type("abc", into: &state).isEmpty)
        #expect(state.holdings.prompt?.problem == "+수량@가격 매수 · -수량@가격 매도 · =0 삭제")
        _ = state.reduce(.keyPressed(.escape))
        #expect(state.holdings.prompt == nil)
        #expect(state.holdings.holdings == Self.held)
    }

    @Test func nothingCanBeEnteredBeforeTheSavedHoldingsAreRead() {
        var state = Sample.state()
        #expect(state.reduce(.keyPressed(.character("h"))).isEmpty)
        #expect(state.holdings.prompt == nil)
    }

    @Test func theDetailHeaderShowsThePositionAndItsProfit() {
        var state = Self.state(width: 140, height: 45)
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        _ = state.reduce(.keyPressed(.enter))
        let header = DashboardScreen.render(state).trimmedLines[1]
        #expect(header.contains("보유 0.5 · 평가손익 +15,625,000 (+31.25%)"), "\(header)")
    }

    @Test func anotherInstancesSaveReplacesTheHoldingsUnlessTheyChangedSince() {
        var state = Self.state()
        var theirs = Self.held
        theirs.ledger.append(Self.buy(Sample.xrp, "100", at: "3000", second: 9))
        _ = state.reduce(.holdingsSynced(theirs, replacing: Self.held))
        #expect(state.holdings.view.markets[Sample.xrp]?.quantity == 100)
        _ = state.reduce(.holdingsSynced(Self.held, replacing: .empty))
        #expect(state.holdings.view.markets[Sample.xrp] != nil, "ours changed since: kept")
    }

    @Test func uOnTheTabReadsTheAccountsAndKeepsWhatCameBack() throws {
        var settings = DashboardSettings(exchangeName: "Bithumb")
        settings.readableAccounts = [.bithumb]
        var state = Sample.state(width: 100, height: 16, settings: settings)
        #expect(state.reduce(.keyPressed(.character("U"))).isEmpty, "not before the saved holdings are read")
        _ = state.reduce(.holdingsLoaded(Self.held))
        #expect(state.reduce(.keyPressed(.character("U"))).isEmpty, "only on the 보유 tab")
        _ = state.reduce(.keyPressed(.backTab))
        #expect(state.reduce(.keyPressed(.character("U"))) == [.readAccounts])
        #expect(state.notice == "빗썸 계좌 읽는 중…")
        #expect(state.reduce(.keyPressed(.character("U"))).isEmpty, "one read at a time")

        let read = AccountRead(
            exchange: .bithumb, readAt: Sample.now, cash: 250_000,
            balances: [AccountRead.Balance(market: Sample.xrp, quantity: 1500, averagePrice: 3400)])
        var saved = Self.held
        saved.accounts[.bithumb] = read
        #expect(state.reduce(.accountRead(read)) == [.saveHoldings(saved)])
        #expect(state.holdings.view.markets[Sample.xrp]?.quantity == 1500)
        #expect(state.holdings.view.totals.cash == ExactDecimal("1250000"))
        let time = Sample.now.civilTime(in: .kst).timeText()
        #expect(state.notice == "빗썸 계좌 \(time) · 1종목 · 현금 250,000")
        #expect(DashboardScreen.render(state).trimmedLines.last?.contains("빗썸 계좌 \(time)") == true)

        #expect(state.reduce(.keyPressed(.character("U"))) == [.readAccounts], "a read may follow the last")
        _ = state.reduce(.accountNotRead(.bithumb, reason: "the exchange refused\u{1B}[2J (HTTP 401)"))
        #expect(state.notice == "빗썸 계좌를 읽지 못함: the exchange refused[2J (HTTP 401)", "control characters stripped")
        #expect(state.holdings.holdings == saved, "a failed read keeps the last")
        #expect(state.holdings.reading.isEmpty)
    }

    @Test func uWithNoAccountToReadSaysSo() {
        var state = Self.state()
        _ = state.reduce(.keyPressed(.backTab))
        #expect(state.reduce(.keyPressed(.character("U"))).isEmpty)
        #expect(state.notice?.hasPrefix("읽을 계좌가 없습니다") == true)
    }
}
