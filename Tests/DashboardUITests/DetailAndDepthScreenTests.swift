import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// The detail view at the sizes people use and the depth view in each of its states, in
/// Korean and English, compared with the goldens in `Goldens/`.
struct DetailAndDepthScreenTests {
    /// The sample market with a 30-level book and 200 one-minute candles, BTC highlighted,
    /// then `keys` pressed.
    static func state(_ width: Int, _ height: Int, _ language: NameLanguage, keys: [Key]) -> UIState {
        var state = SampleMarket.state(
            width: width, height: height, settings: DashboardSettings(exchangeName: "Bithumb", nameLanguage: language),
            snapshot: SampleMarket.snapshot(book: SampleMarket.deepBook(), candleCount: 200))
        state.step(.down)
        let commands = keys.flatMap { state.reduce(.keyPressed($0)) }
        #expect(commands.allSatisfy { if case .follow(SampleMarket.btc, _, _) = $0 { true } else { false } }, "the keys only open BTC's views")
        return state
    }

    static func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }

    static func suffix(_ language: NameLanguage) -> String { language == .korean ? "ko" : "en" }

    @Test(arguments: [(80, 24), (120, 40), (140, 45), (159, 50), (220, 60)], [NameLanguage.korean, .english])
    func theDetailViewFitsEachSize(size: (Int, Int), language: NameLanguage) {
        let state = Self.state(size.0, size.1, language, keys: [.enter])
        Golden.expect(DashboardScreen.render(state), matches: "detail-\(size.0)x\(size.1)-\(Self.suffix(language))")
    }

    /// At 80×24 the book pane holds at least five levels a side with the % column.
    @Test func at80x24TheBookShowsFiveLevelsASideWithTheirChange() {
        let lines = DashboardScreen.render(Self.state(80, 24, .korean, keys: [.enter])).lines
        let levels = lines.filter { $0.contains("131,2") && $0.hasSuffix("%") || $0.contains("131,2") && $0.contains("%") }
        let asks = levels.filter { $0.contains("+1.75%") || $0.contains("+1.76%") || $0.contains("+1.77%") }
        #expect(levels.count >= 10, "\(levels.count) levels with a % column")
        #expect(!asks.isEmpty)
    }

    @Test(arguments: [NameLanguage.korean, .english])
    func narrowTerminalsShowTheChartAndTheTradesInPanes(language: NameLanguage) {
        let chart = Self.state(80, 24, language, keys: [.enter, .tab])
        #expect(chart.detail.pane == .chart)
        Golden.expect(DashboardScreen.render(chart), matches: "detail-80x24-chart-\(Self.suffix(language))")
        let trades = Self.state(80, 24, language, keys: [.enter, .tab, .tab])
        Golden.expect(DashboardScreen.render(trades), matches: "detail-80x24-trades-\(Self.suffix(language))")
        #expect(Self.state(80, 24, language, keys: [.enter, .tab, .tab, .tab]).detail.pane == .book)
    }

    @Test(arguments: [NameLanguage.korean, .english])
    func theChartCursorShowsACandle(language: NameLanguage) {
        let state = Self.state(140, 45, language, keys: [.enter, .tab, .character("x"), .left, .left, .left])
        Golden.expect(DashboardScreen.render(state), matches: "detail-140x45-cursor-\(Self.suffix(language))")
    }

    @Test(arguments: [NameLanguage.korean, .english])
    func theDepthView(language: NameLanguage) {
        let name = Self.suffix(language)
        let plain = Self.state(140, 45, language, keys: [.character("d")])
        Golden.expect(DashboardScreen.render(plain), matches: "depth-140x45-\(name)")
        let scrolled = Self.state(140, 45, language, keys: [.character("d")] + Array(repeating: .character("j"), count: 12))
        Golden.expect(DashboardScreen.render(scrolled), matches: "depth-140x45-scrolled-\(name)")
        let grouped = Self.state(140, 45, language, keys: [.character("d"), .character(">"), .character(">")])
        Golden.expect(DashboardScreen.render(grouped), matches: "depth-140x45-grouped-\(name)")
        let chart = Self.state(140, 45, language, keys: [.character("d"), .character("c")])
        Golden.expect(DashboardScreen.render(chart), matches: "depth-140x45-chart-\(name)")
        let impact = Self.state(140, 45, language, keys: [.character("d"), .character("i")] + Self.typed("1.5억") + [.enter])
        Golden.expect(DashboardScreen.render(impact), matches: "depth-140x45-impact-\(name)")
    }

    @Test func theDepthViewOnANarrowTerminalTheChartInPlaceOfTheLadderAndThePrompt() {
        Golden.expect(DashboardScreen.render(Self.state(80, 24, .korean, keys: [.character("d")])), matches: "depth-80x24-ko")
        let chart = Self.state(100, 30, .english, keys: [.character("d"), .character("c")])
        Golden.expect(DashboardScreen.render(chart), matches: "depth-100x30-chart-en")
        let typing = Self.state(100, 30, .korean, keys: [.character("d"), .character("i")] + Self.typed("5m"))
        Golden.expect(DashboardScreen.render(typing), matches: "depth-100x30-typing-ko")
        let invalid = Self.state(100, 30, .english, keys: [.character("d"), .character("i")] + Self.typed("lots") + [.enter])
        Golden.expect(DashboardScreen.render(invalid), matches: "depth-100x30-invalid-en")
    }

    /// Under a day's worth of one-minute candles scrolled across midnight, the axis names the
    /// new day.
    @Test func theTimeAxisShowsTheDateWhereTheCandlesSpanDays() {
        var state = SampleMarket.state(
            width: 170, height: 30, snapshot: SampleMarket.snapshot(candleCount: 900, candlesStartHistory: true))
        state.step(.down)
        state.step(.enter, [.follow(SampleMarket.btc, .oneMinute)])
        for _ in 0..<165 { state.step(.left) }
        let axis = DashboardScreen.render(state).lines.filter { $0.contains("╵") }
        #expect(axis.contains { $0.contains("╵11/21") }, "\(axis)")
        #expect(axis.contains { $0.contains("╵23:") }, "\(axis)")
    }
}
