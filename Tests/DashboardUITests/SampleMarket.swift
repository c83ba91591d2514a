import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// A small, fixed market for screen tests: five KRW markets with Korean and English names,
/// BTC with a book, trades and one-minute candles, all at 2026-11-21 14:03:20 KST.
enum SampleMarket {
    static let now = Timestamp(CivilTime(year: 2026, month: 11, day: 21, hour: 14, minute: 3, second: 20)!, in: .kst)
    static let btc = MarketCode(code: "KRW-BTC")!
    static let eth = MarketCode(code: "KRW-ETH")!
    static let xrp = MarketCode(code: "KRW-XRP")!
    static let doge = MarketCode(code: "KRW-DOGE")!
    static let sol = MarketCode(code: "KRW-SOL")!

    static let markets = [
        Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin"),
        Market(code: eth, koreanName: "이더리움", englishName: "Ethereum"),
        Market(code: xrp, koreanName: "엑스알피(리플)", englishName: "XRP"),
        Market(code: doge, koreanName: "도지코인", englishName: "Dogecoin", warning: MarketWarning(step: .designated)),
        Market(code: sol, koreanName: "솔라나", englishName: "Solana"),
    ]

    static func decimal(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

    static func ticker(_ market: MarketCode, price: String, change: String, rate: String, value: String) -> Ticker {
        Ticker(
            market: market, price: decimal(price),
            change: PriceChange(signedAmount: decimal(change), signedRate: decimal(rate), basis: .sinceMidnightKST),
            session: TradingSession(
                basis: .sinceMidnightKST, open: decimal(price) - decimal(change),
                high: decimal(price) + 100, low: decimal(price) - decimal(change) - 100,
                previousClose: decimal(price) - decimal(change)),
            volume24h: decimal("1234.5678"), tradeValue24h: decimal(value), timestamp: now)
    }

    /// A ticker at `price` won at `time`: its change counted from 1,000 won, its traded value
    /// a million times the price.
    static func ticker(_ market: MarketCode, price: Int, at time: Timestamp) -> Ticker {
        let change = price - 1000
        return Ticker(
            market: market, price: ExactDecimal(price),
            change: PriceChange(
                signedAmount: ExactDecimal(change), signedRate: ExactDecimal(change).shifted(byPowerOfTen: -3), basis: .sinceMidnightKST),
            tradeValue24h: ExactDecimal(price * 1_000_000), timestamp: time)
    }

    static let tickers = [
        ticker(btc, price: "131250000", change: "2250000", rate: "0.01744", value: "98765432109.5"),
        ticker(eth, price: "4512000", change: "-19000", rate: "-0.00419", value: "45678901234"),
        ticker(xrp, price: "3125", change: "0", rate: "0", value: "123456789012"),
        ticker(doge, price: "412.5", change: "12.5", rate: "0.03125", value: "2345678901"),
        ticker(sol, price: "287300", change: "-5200", rate: "-0.01778", value: "987654321"),
    ]

    static func book(bids: Int = 5, asks: Int = 5) -> OrderBook {
        OrderBook(
            market: btc,
            bids: (0..<bids).map {
                BookLevel(
                    price: decimal("131249000") - ExactDecimal($0 * 1000),
                    quantity: decimal("0.25") * ExactDecimal($0 + 1))
            },
            asks: (0..<asks).map {
                BookLevel(
                    price: decimal("131250000") + ExactDecimal($0 * 1000),
                    quantity: decimal("0.1") * ExactDecimal(5 - $0))
            },
            timestamp: now)
    }

    /// A 30-level book a side, a level every 1,000 KRW with a few gaps, sizes that vary, one
    /// level a side far larger than its neighbours (asks at 131,262,000, bids at 131,241,000).
    static func deepBook() -> OrderBook {
        func size(_ index: Int, large: Int) -> ExactDecimal {
            index == large ? decimal("2.5") : decimal("0.05") * ExactDecimal(1 + (index * 7) % 5)
        }
        return OrderBook(
            market: btc,
            bids: (0..<30).map {
                BookLevel(price: decimal("131249000") - ExactDecimal(($0 + $0 / 10) * 1000), quantity: size($0, large: 8))
            },
            asks: (0..<30).map {
                BookLevel(price: decimal("131250000") + ExactDecimal(($0 + $0 / 10) * 1000), quantity: size($0, large: 11))
            },
            timestamp: now)
    }

    static let trades: [Trade] = (0..<6).map { index -> Trade in
        let isBuy = index % 2 == 0
        let secondsAgo = Int64(6 - index) * 7
        return Trade(
            market: btc, price: decimal(isBuy ? "131250000" : "131249000"), quantity: decimal("0.0123"),
            side: isBuy ? .buy : .sell, timestamp: now.advanced(byMicroseconds: -secondsAgo * 1_000_000),
            id: UInt64(index + 1))
    }

    static func candles(count: Int) -> CandleHistory {
        let start = now.floored(toMultipleOf: 60_000_000)
        let candles = (0..<count).map { index -> Candle in
            let wave: Int = (index % 5) * 60_000 - (index % 3) * 40_000
            let step: Int = index % 2 == 0 ? 50_000 : -30_000
            let open = ExactDecimal(131_000_000 + wave)
            let close = ExactDecimal(131_000_000 + wave + step)
            return Candle(
                start: start.advanced(byMicroseconds: Int64(index - count + 1) * 60_000_000), open: open,
                high: max(open, close) + 20_000, low: min(open, close) - 20_000, close: close,
                volume: ExactDecimal(1 + index % 4))
        }
        return CandleHistory(market: btc, interval: .oneMinute, candles: candles, coveredUntil: nil)
    }

    /// A snapshot of the sample market, with whatever the test leaves out left out;
    /// `candlesStartHistory` says the exchange holds no candle before the first.
    static func snapshot(
        book: OrderBook? = SampleMarket.book(), candleCount: Int = 24, candlesStartHistory: Bool = false,
        feed: FeedStatus = FeedStatus(state: .live, messages: 1200, lastMarketDataAt: now)
    ) -> MarketSnapshot {
        var state = MarketState()
        state.apply(.markets(markets))
        for ticker in tickers { state.apply(.ticker(ticker)) }
        if let book { state.apply(.orderBook(book)) }
        if candleCount > 0 { state.apply(.candles(candles(count: candleCount))) }
        if candlesStartHistory, let first = state.candles[btc]?[.oneMinute]?.candles.first {
            state.apply(.candles(CandleHistory(market: btc, interval: .oneMinute, candles: [], coveredUntil: nil, endsBefore: first.start)))
        }
        state.apply(.trades(trades))
        return state.snapshot(at: now, feed: feed)
    }

    /// A dashboard state showing the sample market at a size, the saved watchlist read (none
    /// when `watchlist` is `nil`); setting it up asks for nothing.
    static func state(
        width: Int = 100, height: Int = 16, settings: DashboardSettings = DashboardSettings(exchangeName: "Bithumb"),
        snapshot: MarketSnapshot = SampleMarket.snapshot(), favorites: [MarketCode] = [], watchlist: Watchlist? = Watchlist()
    ) -> UIState {
        var state = UIState(settings: settings, size: Size(width: width, height: height), now: now)
        if var watchlist {
            watchlist.favorites = favorites
            #expect(state.reduce(.watchlistLoaded(watchlist)).isEmpty)
        }
        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot))).isEmpty)
        return state
    }
}

extension Buffer {
    /// The rows with trailing spaces removed, as goldens are written.
    var trimmedLines: [String] {
        lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    }
}

extension SampleMarket {
    /// The default look: Korean colours, Unicode.
    static var theme: Theme { Theme(settings: DashboardSettings(exchangeName: "Bithumb")) }
}
