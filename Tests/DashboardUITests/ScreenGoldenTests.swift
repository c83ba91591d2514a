import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Whole screens and single widgets compared line by line with what a person would see.
@Suite struct ScreenGoldenTests {
    @Test func marketTableWithKoreanNamesSortedByTradedValue() {
        let state = SampleMarket.state(width: 72, height: 12, favorites: [SampleMarket.eth])
        #expect(
            DashboardScreen.render(state).trimmedLines == [
                " KRW   즐겨찾기 1   보유 0                               정렬: 거래대금▼",
                "   이름            경고   심볼           현재가  전일대비 거래대금(백만)",
                "   엑스알피(리플)         XRP             3,125     0.00%        123,457",
                "   비트코인               BTC       131,250,000    ▲1.74%         98,765",
                "★  이더리움               ETH         4,512,000    ▼0.42%         45,679",
                "   도지코인        유의   DOGE            412.5    ▲3.12%          2,346",
                "   솔라나                 SOL           287,300    ▼1.78%            988",
                "",
                "",
                "",
                "",
                " Bithumb  ● live  0.0s ago  0 msg/s                14:03:20 KST  ?:help",
            ])
    }

    @Test func marketTableWithEnglishNames() {
        var state = SampleMarket.state(width: 72, height: 12, favorites: [SampleMarket.eth])
        state.step(.character("e"))
        #expect(
            DashboardScreen.render(state).trimmedLines == [
                " KRW   Favorites 1   Holdings 0                             Sort: value▼",
                "   Name            Flag   Symbol          Price  Chg(day)  Value(1M KRW)",
                "   XRP                    XRP             3,125     0.00%        123,457",
                "   Bitcoin                BTC       131,250,000    ▲1.74%         98,765",
                "★  Ethereum               ETH         4,512,000    ▼0.42%         45,679",
                "   Dogecoin        WARN   DOGE            412.5    ▲3.12%          2,346",
                "   Solana                 SOL           287,300    ▼1.78%            988",
                "",
                "",
                "",
                "",
                " Bithumb  ● live  0.0s ago  0 msg/s                14:03:20 KST  ?:help",
            ])
    }

    @Test func emptyFavoritesSayHowToAddOne() {
        var state = SampleMarket.state(width: 60, height: 12)
        state.step(.tab)
        #expect(
            DashboardScreen.render(state).trimmedLines == [
                " KRW   즐겨찾기 0   보유 0                    정렬: 내 순서▲",
                "   이름                   경고          현재가  전일대비",
                "",
                "                    즐겨찾기가 없습니다.",
                "           KRW 탭에서 f 또는 Space로 추가하세요.",
                "",
                "",
                "",
                "",
                "",
                "",
                " Bithumb  ● live  0.0s ago  0 msg/s    14:03:20 KST  ?:help",
            ])
    }

    @Test func aTerminalBelow40x12SaysItIsTooSmall() {
        #expect(
            DashboardScreen.render(SampleMarket.state(width: 30, height: 8)).trimmedLines == [
                "",
                "",
                "      terminal too small",
                "       30x8, need 40x12",
                "           q quits",
                "",
                "",
                "",
            ])
    }

    @Test func aStaleConnectionShowsItsAgeAndProblem() {
        let feed = FeedStatus(
            state: .stale, messages: 10, lastMarketDataAt: SampleMarket.now.advanced(byMicroseconds: -25_000_000),
            lastProblem: "nothing received for 20s")
        let state = SampleMarket.state(width: 100, height: 12, snapshot: SampleMarket.snapshot(feed: feed))
        #expect(
            DashboardScreen.render(state).trimmedLines == [
                " KRW   즐겨찾기 0   보유 0                                                           정렬: 거래대금▼",
                "   이름                   경고   심볼           현재가  전일대비         변동 거래대금(백만)",
                "   엑스알피(리플)                XRP             3,125     0.00%            0        123,457",
                "   비트코인                      BTC       131,250,000    ▲1.74%   +2,250,000         98,765",
                "   이더리움                      ETH         4,512,000    ▼0.42%      -19,000         45,679",
                "   도지코인               유의   DOGE            412.5    ▲3.12%        +12.5          2,346",
                "   솔라나                        SOL           287,300    ▼1.78%       -5,200            988",
                "",
                "",
                "",
                "",
                " Bithumb  ● stale  25s ago  nothing received for 20s  0 msg/s                  14:03:20 KST  ?:help",
            ])
    }

    @Test func theStatusBarShowsEveryCounterThatIsNotZero() {
        var market = MarketState()
        market.apply(.markets(SampleMarket.markets))
        for ticker in SampleMarket.tickers { market.apply(.ticker(ticker)) }
        let unlisted = SampleMarket.ticker(
            MarketCode(code: "KRW-NOPE")!, price: "1", change: "0", rate: "0", value: "1")
        for _ in 0..<3 { market.apply(.ticker(unlisted)) }
        let feed = FeedStatus(state: .live, messages: 10, decodeErrors: 4, reconnects: 2, lastMarketDataAt: SampleMarket.now)
        let state = SampleMarket.state(width: 100, height: 12, snapshot: market.snapshot(at: SampleMarket.now, feed: feed))
        #expect(
            DashboardScreen.render(state).trimmedLines.last
                == " Bithumb  ● live  0.0s ago  0 msg/s  4 bad  2 reconnects  3 dropped            14:03:20 KST  ?:help")
    }

    @Test func helpListsTheKeysOverTheScreen() {
        let feed = FeedStatus(
            state: .stale, messages: 10, lastMarketDataAt: SampleMarket.now.advanced(byMicroseconds: -25_000_000),
            lastProblem: "nothing received for 20s")
        var state = SampleMarket.state(width: 100, height: 12, snapshot: SampleMarket.snapshot(feed: feed))
        state.step(.character("?"))
        #expect(
            DashboardScreen.render(state).trimmedLines == [
                " KRW   즐겨찾기 0  Keys                                                              정렬: 거래대금▼",
                "   이름            q  ?               quit / this help                            대금(백만)",
                "   엑스알피(리플)  Tab                KRW/Favorites/Holdings/Compare; detail: pane   123,457",
                "   비트코인        ↑ ↓ j k PgUp PgDn  move, scroll                                    98,765",
                "   이더리움        Enter  d  b  r     detail / depth / both books / reference         45,679",
                "   도지코인        Esc                back / clear search                              2,346",
                "   솔라나          f  Space           toggle favorite                                    988",
                "                   a  A  h  U         alert / alert list / holding / read accounts",
                "                   s  S  p            next sort / reverse / buy-sell % column",
                "                   /                  search (Enter keeps, Esc clears)",
                "                   any key closes",
                " Bithumb  ● stale  25s ago  nothing received for 20s  0 msg/s                  14:03:20 KST  ?:help",
            ])
    }

    @Test func aOneSidedBookShowsItsSideAndNoSpread() {
        var buffer = Buffer(size: Size(width: 50, height: 9))
        DepthPanel(
            book: SampleMarket.book(bids: 0, asks: 3), bookState: .live, ticker: SampleMarket.tickers[0], lastTrade: nil,
            labels: Labels(language: .korean), theme: SampleMarket.theme
        ).render(in: buffer.area, into: &buffer)
        #expect(
            buffer.trimmedLines == [
                " 호가",
                "   131,252,000       0.3000 ████████       +1.75%",
                "   131,251,000       0.4000 ██████████     +1.74%",
                "   131,250,000       0.5000 █████████████  +1.74%",
                "─ 스프레드 - ─────────────────────────────────────",
                "",
                "",
                "",
                "",
            ])
    }

    @Test func aChartWithASingleCandle() {
        var buffer = Buffer(size: Size(width: 40, height: 10))
        var series = CandleSeries(interval: .oneMinute)
        series.replace(with: SampleMarket.candles(count: 1).candles, coveredUntil: nil)
        CandlestickChart(
            series: series, view: ChartView(interval: .oneMinute), lastPrice: nil, labels: Labels(language: .korean),
            theme: SampleMarket.theme
        ).render(in: buffer.area, into: &buffer)
        #expect(
            buffer.trimmedLines == [
                " 차트  1m 3m 5m 10m 15m 30m 1h 4h 6h 12h",
                "                         │  131,067,000",
                "                         ╽",
                "                         ┃  131,043,000",
                "                         ┃",
                "                         ┃  131,019,000",
                "                         ┃",
                "                         ╿  130,995,000",
                "                         │",
                "",
            ])
    }
}

extension ScreenGoldenTests {
    /// The detail header says how long ago the market's data arrived, and a book being rebuilt
    /// or from before the reconnect says so in its title, in both languages.
    @Test func theDetailSaysHowFreshItsDataIsAndWhenTheBookIsNotLive() {
        var market = MarketState()
        market.apply(.markets(SampleMarket.markets))
        let arrived = SampleMarket.now.advanced(byMicroseconds: -185_000_000)
        for ticker in SampleMarket.tickers { market.apply(.ticker(ticker), receivedAt: arrived) }
        market.apply(.orderBook(SampleMarket.book()), receivedAt: arrived)
        market.connectionBegan()
        let feed = FeedStatus(state: .live, lastMarketDataAt: SampleMarket.now, resyncingBooks: [SampleMarket.btc])
        for (language, expected) in [
            (NameLanguage.korean, ["갱신 3분 전", "호가 · 재동기화 중"]),
            (.english, ["updated 3 min ago", "Order book · resyncing"]),
        ] {
            var state = SampleMarket.state(
                width: 100, height: 20,
                settings: DashboardSettings(exchangeName: "Bithumb", nameLanguage: language),
                snapshot: market.snapshot(at: SampleMarket.now, feed: feed))
            state.step(.down)
            state.step(.enter, [.follow(SampleMarket.btc, .oneMinute)])
            let lines = DashboardScreen.render(state).trimmedLines
            #expect(lines[1].hasSuffix(expected[0]), "\(lines[1])")
            #expect(lines[3].hasPrefix(" " + expected[1]), "\(lines[3])")
        }
        let stale = FeedStatus(state: .live)
        var state = SampleMarket.state(width: 100, height: 20, snapshot: market.snapshot(at: SampleMarket.now, feed: stale))
        state.step(.down)
        state.step(.enter, [.follow(SampleMarket.btc, .oneMinute)])
        #expect(DashboardScreen.render(state).trimmedLines[3].hasPrefix(" 호가 · 재연결 이전"))
    }
}
