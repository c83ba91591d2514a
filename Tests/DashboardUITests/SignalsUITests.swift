import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Signals on screen, as text that reads without colour: badges, the 체결강도 column, the
/// detail header's notice, the new sorts, 초성 search and the new-listing announcement.
@Suite struct SignalsUITests {
    typealias Sample = SampleMarket
    let minute: Int64 = 60_000_000

    /// The sample with signals: BTC designated by its ticker and halted, ETH under a price-swing
    /// alert, XRP under a volume-surge alert with its withdrawals suspended, SOL delisting; flows
    /// that differ per market.
    func signalledSnapshot() -> MarketSnapshot {
        var state = MarketState()
        state.apply(.markets(Sample.markets), receivedAt: Sample.now)
        let flows: [MarketCode: TradeFlow] = [
            Sample.btc: TradeFlow(buyVolume: 3, sellVolume: 2), Sample.eth: TradeFlow(buyVolume: 1, sellVolume: 4),
            Sample.xrp: TradeFlow(buyVolume: 5, sellVolume: 5), Sample.doge: TradeFlow(buyVolume: 9, sellVolume: 1),
        ]
        let statuses: [MarketCode: TradingStatus] = [
            Sample.btc: TradingStatus(state: .suspended, isDesignated: true),
            Sample.sol: TradingStatus(state: .delisting, delistingDate: CivilTime(year: 2026, month: 12, day: 9)),
        ]
        for var ticker in Sample.tickers {
            ticker.flow = flows[ticker.market]
            ticker.status = statuses[ticker.market]
            state.apply(.ticker(ticker))
        }
        let until = Timestamp(CivilTime(year: 2026, month: 11, day: 23, hour: 23, minute: 59, second: 59)!, in: .kst)
        state.apply(
            .warnings([
                Sample.eth: MarketWarning(step: .caution, reasons: ["PRICE_SUDDEN_FLUCTUATION"], until: until),
                Sample.xrp: MarketWarning(step: .warning, reasons: ["TRADING_VOLUME_SOARING"]),
            ]))
        state.apply(.transfers(["XRP": TransferStatus(deposit: .normal, withdrawal: .suspended)]))
        return state.snapshot(at: Sample.now, feed: FeedStatus(state: .live, messages: 10, lastMarketDataAt: Sample.now))
    }

    @Test func badgesReadWithoutColourInBothLanguages() {
        let settings = DashboardSettings(exchangeName: "Bithumb")
        var state = Sample.state(width: 100, height: 12, settings: settings, snapshot: signalledSnapshot())
        let korean = DashboardScreen.render(state).trimmedLines
        func row(_ name: String, in lines: [String]) -> String { lines.first { $0.contains(name) } ?? "" }
        #expect(korean[1].contains("경고"))
        #expect(row("비트코인", in: korean).contains("정지"), "halted outranks its designation")
        #expect(row("이더리움", in: korean).contains("급등락"))
        #expect(row("엑스알피", in: korean).contains("급증"))
        #expect(!row("엑스알피", in: korean).contains("정지"), "a withdrawal suspension is no row badge")
        #expect(row("도지코인", in: korean).contains("유의"))
        #expect(row("솔라나", in: korean).contains("폐지"))
        let other = MarketSignals(warning: MarketWarning(step: .danger, reasons: ["PRICE_DIFFERENCE_HIGH"]))
        #expect(Labels(language: .korean).badge(other, isNew: false) == "주의")
        #expect(Labels(language: .english).badge(other, isNew: false) == "CAUT")
        state.step(.character("e"))
        let english = DashboardScreen.render(state).trimmedLines
        #expect(row("Bitcoin", in: english).contains("HALT"))
        #expect(row("Ethereum", in: english).contains("SWING"))
        #expect(row("XRP", in: english).contains("VOL+"))
        #expect(row("Dogecoin", in: english).contains("WARN"))
        #expect(row("Solana", in: english).contains("DLST"))
    }

    @Test func pShowsTheTradeStrengthColumnAndTheSortShowsItToo() {
        var state = Sample.state(width: 110, height: 12, snapshot: signalledSnapshot())
        #expect(!DashboardScreen.render(state).trimmedLines[1].contains("체결강도"))
        state.step(.character("p"))
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines[1].contains("체결강도"))
        #expect(lines.first { $0.contains("도지코인") }?.contains("900.00") == true)
        #expect(lines.first { $0.contains("이더리움") }?.contains("25.00") == true)
        #expect(RememberedView(state).showsTradeStrength == true)
        state.step(.character("p"))
        for _ in 0..<3 { state.step(.character("s")) }
        #expect(state.table.sort.key == .tradeStrength)
        #expect(state.table.rows == [Sample.doge, Sample.btc, Sample.xrp, Sample.eth, Sample.sol], "no flow sorts last")
        #expect(DashboardScreen.render(state).trimmedLines[1].contains("체결강도"))
    }

    @Test func popularityCountsStreamedTradesOverTenMinutes() {
        var state = MarketState()
        state.apply(.markets(Sample.markets), receivedAt: Sample.now)
        for ticker in Sample.tickers { state.apply(.ticker(ticker), receivedAt: Sample.now, requestedAt: state.arrivalMark) }
        func trade(_ market: MarketCode, at time: Timestamp) {
            var ticker = Sample.tickers.first { $0.market == market }!
            ticker.timestamp = time
            state.apply(.ticker(ticker), receivedAt: time)
        }
        // 14:23:20 KST; SOL trades every 66 s from 14:22:14 back (8 of them after 14:14:00),
        // ETH 12 times in the last 12 s and once at 14:21:40.
        let now = Sample.now.advanced(byMicroseconds: 20 * minute)
        var trades = (1...30).map { (Sample.sol, now.advanced(byMicroseconds: -Int64($0) * 66_000_000)) }
        trades += (1...12).map { (Sample.eth, now.advanced(byMicroseconds: -Int64($0) * 1_000_000)) }
        trades.append((Sample.eth, now.advanced(byMicroseconds: -100 * 1_000_000)))
        for (market, time) in trades.sorted(by: { $0.1 < $1.1 }) { trade(market, at: time) }
        trade(Sample.eth, at: now.advanced(byMicroseconds: -200 * 1_000_000))
        let snapshot = state.snapshot(at: now, feed: FeedStatus())
        #expect(snapshot.activity[Sample.sol]?.tradesPerMinute(at: now) == ExactDecimal(count: 8, fractionDigits: 1))
        #expect(snapshot.activity[Sample.eth]?.tradesPerMinute(at: now) == ExactDecimal(count: 13, fractionDigits: 1))
        #expect(snapshot.activity[Sample.btc] == nil, "REST tickers are no trades")
        var ui = Sample.state(snapshot: snapshot)
        ui.step(.character("s"))
        ui.step(.character("s"))
        #expect(ui.table.sort.key == .popularity)
        #expect(Array(ui.table.rows.prefix(2)) == [Sample.eth, Sample.sol])
    }

    @Test func initialConsonantsFindKoreanNames() {
        var state = Sample.state()
        for key in ["/", "ㅂ", "ㅌ"] { state.step(.character(Character(key))) }
        #expect(state.table.rows == [Sample.btc])
        state.step(.backspace)
        state.step(.backspace)
        for key in ["ㄷ", "ㅈ"] { state.step(.character(Character(key))) }
        #expect(state.table.rows == [Sample.doge])
        #expect(HangulSearch.matches("비ㅌ", in: "비트코인"))
        #expect(HangulSearch.matches("ㄷㄹㅇ", in: "이더리움"))
        #expect(!HangulSearch.matches("ㅌㅂ", in: "비트코인"))
        #expect(HangulSearch.matches("코인", in: "도지코인"))
        #expect(HangulSearch.initial(of: "힣") == "ㅎ")
        #expect(HangulSearch.initial(of: "a") == nil)
    }

    @Test func theDetailHeaderSaysWhyAndUntilWhen() {
        let snapshot = signalledSnapshot()
        func header(_ market: MarketCode, _ language: NameLanguage = .korean) -> String {
            let signals = snapshot.signals(for: snapshot.markets.first { $0.code == market }!)
            return TickerHeader.notice(signals, labels: Labels(language: language), at: snapshot.capturedAt) ?? ""
        }
        #expect(header(Sample.eth) == "투자주의: 가격 급등락 (~2026-11-23 23:59:59)")
        #expect(header(Sample.eth, .english) == "caution: price swing (until 2026-11-23 23:59:59 KST)")
        #expect(header(Sample.btc) == "거래정지 · 투자유의")
        #expect(header(Sample.sol) == "상장폐지 2026-12-09")
        #expect(header(Sample.xrp) == "투자경고: 거래량 급증 · 입금 정상 · 출금 정지")
        #expect(header(Sample.doge) == "투자유의")
        var state = Sample.state(width: 140, height: 30, snapshot: snapshot)
        for _ in 0..<2 { state.step(.down) }
        state.step(.enter, [.follow(Sample.eth, .oneMinute)])
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines[1].contains("투자주의: 가격 급등락"), "\(lines[1])")
        #expect(lines[1].contains("체결강도 25.00%"), "\(lines[1])")
    }

    @Test func aNewListingIsAnnouncedAndBadged() {
        var market = MarketState()
        market.apply(.markets(Sample.markets), receivedAt: Sample.now)
        _ = market.snapshot(at: Sample.now, feed: FeedStatus())
        let ada = MarketCode(code: "KRW-ADA")!
        market.apply(.markets(Sample.markets + [Market(code: ada, koreanName: "에이다", englishName: "Cardano")]), receivedAt: Sample.now)
        let snapshot = market.snapshot(at: Sample.now, feed: FeedStatus())
        var state = Sample.state(snapshot: Sample.snapshot())
        state.step(.snapshotArrived(BoardSnapshot(snapshot)))
        #expect(state.notice == "신규 상장: 에이다 (KRW-ADA)")
        let lines = DashboardScreen.render(state).trimmedLines
        #expect(lines.first { $0.contains("에이다") }?.contains("신규") == true)
    }
}
