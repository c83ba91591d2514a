import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// The kimchi premium on screen: the 김프 column and its sort, the detail header's reference
/// line, the status bar's reference and rate, and the reference off.
@Suite struct PremiumUITests {
    typealias Sample = SampleMarket

    /// Binance lists BTC at $95,000 (1.2 % under Bithumb's 131,250,000 at 1,380.5 won), ETH and
    /// SOL; not XRP or DOGE.
    static func reference() -> MarketSnapshot {
        var state = MarketState()
        let prices = [("BTC", "95000"), ("ETH", "3300"), ("SOL", "205.5")]
        state.apply(.markets(prices.map { Market(code: MarketCode(quote: "USDT", base: $0.0)!, koreanName: $0.0, englishName: $0.0) }))
        for (base, price) in prices {
            state.apply(
                .ticker(
                    Ticker(
                        market: MarketCode(quote: "USDT", base: base)!, price: Sample.decimal(price),
                        change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h), timestamp: Sample.now)))
        }
        return state.snapshot(at: Sample.now, feed: FeedStatus(state: .live, messages: 10, lastMarketDataAt: Sample.now))
    }

    static let quote = WonDollarRate(rate: Sample.decimal("1380.5"), source: .dunamu, at: Sample.now.advanced(byMicroseconds: -80_000_000))

    static func state(width: Int = 120, height: Int = 12, premium: PremiumReference) -> UIState {
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: width, height: height), now: Sample.now)
        #expect(state.reduce(.watchlistLoaded(Watchlist(favorites: []))).isEmpty)
        #expect(state.reduce(.snapshotArrived(BoardSnapshot([.bithumb: Sample.snapshot()], premiumReference: premium))).isEmpty)
        return state
    }

    static let withReference = PremiumReference(snapshot: reference(), forex: quote)

    @Test("the 김프 column: each coin's premium, signed and exact to the cent of a percent, — where Binance lacks the coin")
    func theColumn() throws {
        let lines = DashboardScreen.render(Self.state(premium: Self.withReference)).trimmedLines
        #expect(lines[1].contains("김프"))
        let btc = try #require(lines.first { $0.contains("비트코인") })
        // 131,250,000 ÷ (95,000 × 1,380.5) − 1 = +0.08 %.
        #expect(btc.contains("+0.08%"))
        let xrp = try #require(lines.first { $0.contains("XRP") })
        #expect(xrp.contains("—"), "a coin Binance does not list has no premium, never 0")
        let without = DashboardScreen.render(Self.state(premium: .none)).trimmedLines
        #expect(!without[1].contains("김프"), "no reference, no column")
    }

    @Test("s steps to the 김프 sort only with a reference: highest first, the coins without one last")
    func theSort() {
        var state = Self.state(premium: Self.withReference)
        for _ in 0..<4 { _ = state.reduce(.keyPressed(.character("s"))) }
        #expect(state.table.sort == SortOrder(key: .premium, isDescending: true))
        // BTC +0.08 %, ETH 4,512,000 ÷ 4,555,650 − 1 = −0.96 %, SOL 287,300 ÷ 283,692.75 − 1 = +1.27 %.
        #expect(state.table.rows == [Sample.sol, Sample.btc, Sample.eth, Sample.doge, Sample.xrp])
        var plain = Self.state(premium: .none)
        for _ in 0..<4 { _ = plain.reduce(.keyPressed(.character("s"))) }
        #expect(plain.table.sort.key == .price, "no reference: the 김프 key is stepped past")
    }

    @Test("the detail header: Binance's price in dollars and in won, and the premium; a coin it lacks says so")
    func theDetailHeader() throws {
        var state = Self.state(width: 150, height: 30, premium: Self.withReference)
        _ = state.reduce(.keyPressed(.enter))
        #expect(DashboardScreen.render(state).trimmedLines[1].contains("바이낸스 미상장 · 김프 —"), "XRP, selected first, is not on Binance")
        _ = state.reduce(.keyPressed(.escape))
        _ = state.reduce(.keyPressed(.character("/")))
        for character in "btc" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.enter))
        let header = DashboardScreen.render(state).trimmedLines[1]
        #expect(header.contains("바이낸스 $95,000.00 · ₩131,147,500 · 김프 +0.08%"), "\(header)")
    }

    @Test("the status bar: the reference's state, the rate with its source and age, and the tether premium; the stand-in labelled")
    func theStatusBar() throws {
        let bar = try #require(DashboardScreen.render(Self.state(width: 160, premium: Self.withReference)).trimmedLines.last)
        #expect(bar.contains("김프 바이낸스 ● live"))
        #expect(bar.contains("환율 1,380.50 두나무 80s ago"), "\(bar)")
        var tether = Self.withReference
        tether.forexProblem = "connection refused"
        var snapshot = Sample.snapshot()
        var market = MarketState()
        market.apply(.markets(Sample.markets + [Market(code: MarketCode(code: "KRW-USDT")!, koreanName: "테더", englishName: "Tether")]))
        for ticker in Sample.tickers { market.apply(.ticker(ticker)) }
        market.apply(.ticker(Sample.ticker(MarketCode(code: "KRW-USDT")!, price: 1412, at: Sample.now)))
        snapshot = market.snapshot(at: Sample.now, feed: FeedStatus(state: .live, messages: 5, lastMarketDataAt: Sample.now))
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 160, height: 12), now: Sample.now)
        _ = state.reduce(.snapshotArrived(BoardSnapshot([.bithumb: snapshot], premiumReference: tether)))
        let labelled = try #require(DashboardScreen.render(state).trimmedLines.last)
        #expect(labelled.contains("환율 1,412.00 테더 환율(빗썸)"), "\(labelled)")
        let off = PremiumReference(offReason: "endpoints are given for the exchanges, not for the reference ([endpoints.binance])")
        let offBar = try #require(DashboardScreen.render(Self.state(width: 200, premium: off)).trimmedLines.last)
        #expect(offBar.contains("김프 끔: endpoints are given"), "\(offBar)")
    }

    @Test("a premium alert fires once when the premium crosses its level, and says the premium")
    func aPremiumAlertFiresOnce() throws {
        var state = Self.state(premium: Self.withReference)
        state.select(index: state.table.rows.firstIndex(of: Sample.sol) ?? 0)
        _ = state.reduce(.keyPressed(.character("a")))
        for character in "p>1.5" { _ = state.reduce(.keyPressed(.character(character))) }
        #expect(state.reduce(.keyPressed(.enter)) == [.saveWatchlist(state.watchlist)], "+1.27 % is under 1.5 %: armed, not fired")
        let alert = try #require(state.alerts.all.first)
        #expect(alert.condition == .premiumAbove(Sample.decimal("1.5")) && alert.exchange == .bithumb)
        // Binance's SOL falls to $204: 287,300 ÷ (204 × 1,380.5) − 1 = +2.02 %.
        var reference = Self.reference()
        var moved = MarketState()
        moved.apply(.markets(reference.markets))
        for ticker in reference.tickers.values { moved.apply(.ticker(ticker)) }
        moved.apply(
            .ticker(
                Ticker(
                    market: MarketCode(code: "USDT-SOL")!, price: 204, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h),
                    timestamp: Sample.now)))
        reference = moved.snapshot(at: Sample.now, feed: FeedStatus(state: .live))
        let board = BoardSnapshot([.bithumb: Sample.snapshot()], premiumReference: PremiumReference(snapshot: reference, forex: Self.quote))
        let fired = state.reduce(.snapshotArrived(board))
        #expect(fired.contains(.saveWatchlist(state.watchlist)))
        #expect(state.alerts.all.first?.firedAt == Sample.now)
        #expect(state.notice?.contains("솔라나 김프 ≥ 1.5% (김프 +2.02%)") == true, "\(state.notice ?? "")")
        #expect(state.reduce(.snapshotArrived(board)).isEmpty, "fired once: the next snapshot fires nothing")
        #expect(AlertInput.parse("p<-1", price: nil) == .premiumBelow(-1))
        #expect(AlertInput.parse("김프 >= 3%", price: nil) == .premiumAbove(3))
        #expect(AlertInput.parse("p3", price: nil) == nil, "a premium alert names its side")
        #expect(AlertInput.text(of: .premiumBelow(Sample.decimal("-1.25"))) == "p<-1.25")
    }
}
