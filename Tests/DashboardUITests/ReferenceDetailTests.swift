import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// `r` in the detail view: the trades tape and the chart show the reference's (Binance's)
/// trades and candles of the coin in USDT, the runtime is asked to stream them, the chart pages
/// back on the reference, and `r` again (or leaving) goes back to the exchange's own.
@Suite struct ReferenceDetailTests {
    typealias Sample = SampleMarket

    static let usdtBTC = MarketCode(code: "USDT-BTC")!

    /// PremiumUITests' reference with BTC's trades and a page of one-minute candles near $95,000.
    static func reference(candles count: Int) -> MarketSnapshot {
        var state = MarketState()
        let held = PremiumUITests.reference()
        state.apply(.markets(held.markets))
        for ticker in held.tickers.values { state.apply(.ticker(ticker)) }
        state.apply(
            .trades([
                Trade(
                    market: usdtBTC, price: Sample.decimal("95001.25"), quantity: Sample.decimal("0.00042"), side: .buy,
                    timestamp: Sample.now.advanced(byMicroseconds: -3_000_000), id: 7)
            ]))
        let start = Sample.now.floored(toMultipleOf: 60_000_000)
        let candles = (0..<count).map { index in
            let open = ExactDecimal(94_900 + index % 7 * 20)
            return Candle(
                start: start.advanced(byMicroseconds: Int64(index - count + 1) * 60_000_000), open: open, high: open + 30, low: open - 25,
                close: open + 10, volume: 2)
        }
        state.apply(.candles(CandleHistory(market: usdtBTC, interval: .oneMinute, candles: candles, coveredUntil: nil)))
        return state.snapshot(at: Sample.now, feed: FeedStatus(state: .live, messages: 10, lastMarketDataAt: Sample.now))
    }

    static func detail(reference: PremiumReference, width: Int = 140, height: Int = 45) -> UIState {
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: width, height: height), now: Sample.now)
        _ = state.reduce(.watchlistLoaded(Watchlist(favorites: [])))
        _ = state.reduce(.snapshotArrived(BoardSnapshot([.bithumb: Sample.snapshot()], premiumReference: reference)))
        state.select(index: state.table.rows.firstIndex(of: Sample.btc) ?? 0)
        #expect(state.reduce(.keyPressed(.enter)) == [.follow(Sample.btc, .oneMinute)])
        return state
    }

    @Test("r shows Binance's trades and candles of the coin in USDT, asks for them, and r again goes back")
    func theReferenceTapeAndChart() throws {
        var state = Self.detail(reference: PremiumReference(snapshot: Self.reference(candles: 300), forex: PremiumUITests.quote))
        let own = DashboardScreen.render(state).trimmedLines.joined(separator: "\n")
        #expect(own.contains("체결") && !own.contains("바이낸스 USDT") && own.contains("131,250,000"))

        #expect(state.reduce(.keyPressed(.character("r"))) == [.follow(Sample.btc, .oneMinute, reference: true)])
        let shown = DashboardScreen.render(state).trimmedLines.joined(separator: "\n")
        #expect(shown.contains("체결 · 바이낸스 USDT") && shown.contains("차트 · 바이낸스 USDT"), "\(shown)")
        #expect(shown.contains("95,001.25") && shown.contains("0.0004"), "Binance's trade on the tape:\n\(shown)")
        #expect(shown.contains("94,9"), "the chart's axis in dollars:\n\(shown)")
        #expect(shown.contains("바이낸스 $95,000"), "the header still shows the premium's line:\n\(shown)")

        var paging = state
        let asked = paging.reduce(.keyPressed(.home))
        #expect(asked.contains { if case .fetchEarlierCandles(.binance, Self.usdtBTC, .oneMinute, _) = $0 { true } else { false } }, "\(asked)")

        #expect(state.reduce(.keyPressed(.character("3"))) == [.follow(Sample.btc, .fiveMinutes, reference: true)], "intervals follow the reference")
        #expect(state.reduce(.keyPressed(.character("r"))) == [.follow(Sample.btc, .fiveMinutes)])
        #expect(!DashboardScreen.render(state).trimmedLines.joined().contains("바이낸스 USDT"))
        _ = state.reduce(.keyPressed(.character("r")))
        #expect(state.reduce(.keyPressed(.escape)) == [.follow(nil, .fiveMinutes)], "leaving stops the reference's streams too")
        #expect(
            state.reduce(.keyPressed(.enter)) == [.follow(Sample.btc, .fiveMinutes)] && !state.detail.showsReference,
            "a detail opens on the exchange's own")
    }

    @Test("r does nothing without a reference, or for a coin Binance does not list")
    func noReference() {
        var off = Self.detail(reference: .none)
        #expect(off.reduce(.keyPressed(.character("r"))).isEmpty && !off.detail.showsReference)
        var unlisted = Self.detail(reference: PremiumReference(snapshot: Self.reference(candles: 10), forex: PremiumUITests.quote))
        _ = unlisted.reduce(.keyPressed(.escape))
        unlisted.select(index: unlisted.table.rows.firstIndex(of: Sample.xrp) ?? 0)
        _ = unlisted.reduce(.keyPressed(.enter))
        #expect(unlisted.reduce(.keyPressed(.character("r"))).isEmpty && !unlisted.detail.showsReference)
    }
}
