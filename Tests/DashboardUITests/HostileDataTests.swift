import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// The renderer never traps, whatever values reach it: the extremes of the decimal's range and
/// precision, books and candles the codecs would reject, at every screen and size.
@Suite struct HostileDataTests {
    static let huge = ExactDecimal.greatestMagnitude
    static let tiny = ExactDecimal(count: 1, fractionDigits: 18)
    static let quadrillion = ExactDecimal(1_000_000_000_000_000)
    static let extremes: [ExactDecimal] = [tiny, ExactDecimal(1), quadrillion, huge, -huge, .zero, -ExactDecimal(1)]

    /// Candles spanning 10⁻¹⁸ to 10²⁰, some inverted (high below low, open above high).
    static var candles: [Candle] {
        let start = SampleMarket.now.floored(toMultipleOf: 60_000_000)
        return extremes.enumerated().flatMap { index, price in
            let time = start.advanced(byMicroseconds: Int64(index - extremes.count) * 120_000_000)
            return [
                Candle(start: time, open: price, high: tiny, low: huge, close: quadrillion, volume: huge),
                Candle(
                    start: time.advanced(byMicroseconds: 60_000_000), open: huge, high: price, low: price, close: tiny,
                    volume: price, tradeValue: huge),
            ]
        }
    }

    static func snapshot() -> MarketSnapshot {
        var state = MarketState()
        state.apply(.markets(SampleMarket.markets))
        for (market, price) in zip(SampleMarket.markets.map(\.code), extremes) {
            let session = TradingSession(
                basis: .rolling24h, open: -price, high: tiny, low: huge, previousClose: price,
                volume: huge, tradeValue: huge)
            state.apply(
                .ticker(
                    Ticker(
                        market: market, price: price,
                        change: PriceChange(signedAmount: -huge, signedRate: huge, basis: .rolling24h),
                        session: session, volume24h: huge, tradeValue24h: huge, timestamp: SampleMarket.now)))
        }
        let levels = extremes.map { BookLevel(price: $0, quantity: huge) } + [BookLevel(price: ExactDecimal(7), quantity: tiny)]
        state.apply(.orderBook(OrderBook(market: SampleMarket.btc, bids: levels, asks: levels, timestamp: SampleMarket.now)))
        state.apply(.candles(CandleHistory(market: SampleMarket.btc, interval: .oneMinute, candles: candles, coveredUntil: nil)))
        state.apply(
            .trades(
                extremes.map { price in
                    Trade(
                        market: SampleMarket.btc, price: price, quantity: ExactDecimal(90_000_000_000) * ExactDecimal(1_000_000_000),
                        side: .buy, timestamp: SampleMarket.now)
                }))
        return state.snapshot(
            at: SampleMarket.now,
            feed: FeedStatus(
                state: .live, messages: Int.max, decodeErrors: Int.max,
                lastMarketDataAt: Timestamp(microseconds: .min)))
    }

    /// Every screen — table, favorites, search, help, detail at every chart interval, zoomed
    /// and scrolled, the chart cursor, the depth view scrolled, grouped, charted and with a
    /// market-impact answer — at 40×12, 80×24 and 200×60, in Unicode and ASCII.
    static func renderEveryScreen() -> [Buffer] {
        var screens: [Buffer] = []
        for (width, height) in [(40, 12), (80, 24), (200, 60)] {
            for isUnicode in [true, false] {
                let settings = DashboardSettings(exchangeName: "Bithumb", isUnicode: isUnicode)
                var state = SampleMarket.state(
                    width: width, height: height, settings: settings, snapshot: snapshot(),
                    favorites: [SampleMarket.btc])
                let keys: [Key] = [
                    .character("?"), .character("?"), .tab, .tab, .character("/"), .character("B"), .escape,
                    .enter, .character("+"), .character("+"), .left, .left, .right, .character("-"),
                    .character("-"), .character("-"), .character("]"), .character("]"), .character("]"),
                    .character("["), .character("?"), .escape, .character("s"), .character("S"),
                    .enter, .character("x"), .left, .tab, .character("d"), .character("j"), .pageDown,
                    .character(">"), .character("c"), .character("i"), .character("9"), .character("억"), .enter,
                ]
                screens.append(DashboardScreen.render(state))
                for key in keys {
                    let commands = state.reduce(.keyPressed(key))
                    #expect(commands.allSatisfy { if case .follow = $0 { true } else { false } }, "keys that only move, open and close")
                    screens.append(DashboardScreen.render(state))
                }
            }
        }
        return screens
    }

    @Test func everyScreenSurvivesExtremeValuesInItsOwnProcess() async {
        await #expect(processExitsWith: .success) {
            _ = HostileDataTests.renderEveryScreen()
        }
    }

    @Test func extremeValuesShowAsNumbersThatFit() throws {
        let screens = Self.renderEveryScreen()
        #expect(screens.count == 3 * 2 * 38)
        let table = screens[4 * 38].trimmedLines
        let xrp = try #require(table.first { $0.contains("XRP") })
        #expect(xrp.contains(" 1e15 "), "a price of 10^15 too wide for its column is written in scientific notation")
        #expect(table.contains { $0.contains("BTC") && $0.contains(" 1e-18 ") })
        #expect(!table.joined().contains("…"), "no number is cut short")
        #expect(screens.allSatisfy { $0.lines.allSatisfy { !$0.contains("nan") && !$0.contains("inf") } })
    }

    @Test(arguments: [1, 2, 7, 40])
    func theChartScaleKeepsEveryPriceOnThePlot(rows: Int) {
        let scale = ChartScale(candles: Self.candles[...], including: Self.huge, rows: rows)
        for price in Self.extremes + [-Self.huge, Self.huge * Self.huge] {
            #expect((0..<(rows * 2)).contains(scale.halfRow(of: price)))
        }
        for row in 0..<rows {
            #expect(scale.price(atRow: row).magnitude <= Self.huge)
        }
        let single = ChartScale(candles: [], including: Self.tiny, rows: rows)
        #expect(single.high > single.low)
        #expect((0..<(rows * 2)).contains(single.halfRow(of: Self.huge)))
    }

    @Test(arguments: [
        ("1,000,000,000,000,000", 13, "1e15"), ("0.000000000000000001", 12, "1e-18"),
        ("-99,999,999,999,999,999,999.99", 12, "-1e20"), ("▲1,234,567.5%", 8, "▲1.23e6%"), ("123,456", 7, "123,456"),
        ("99,999,999,999,999,999,999", 13, "1e20"), ("12,345,678,901,234,567,890", 13, "1.23456789e19"), ("-", 0, "-"), ("n/a", 1, "n/a"),
    ])
    func numbersTooWideForTheirColumnTurnScientific(text: String, columns: Int, expected: String) {
        #expect(DisplayFormat.fitted(text, toColumns: columns) == expected)
    }

    @Test func doublesBecomeIntsWithoutTrapping() {
        #expect(Int(clampingRounded: .nan) == .min)
        #expect(Int(clampingRounded: .infinity) == .max)
        #expect(Int(clampingRounded: -.infinity) == .min)
        #expect(Int(clampingRounded: 1e300, to: 0...9) == 9)
        #expect(Int(clampingRounded: 2.5, to: 0...9) == 3)
        #expect(Int64(clampingRounded: .nan) == 0)
        #expect(Int64(clampingRounded: -1e30) == .min)
        #expect(ExactDecimal(approximating: 1e30) == Self.huge)
        #expect(ExactDecimal(approximating: -.infinity) == -Self.huge)
        #expect(ExactDecimal(approximating: .nan) == .zero)
        #expect(ExactDecimal(approximating: 1e-18) == Self.tiny)
        #expect(ExactDecimal(approximating: 0.25) == ExactDecimal(count: 25, fractionDigits: 2))
    }
}
