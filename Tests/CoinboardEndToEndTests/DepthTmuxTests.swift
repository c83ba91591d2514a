import Foundation
import Testing

extension TimedEndToEndTests.DashboardTmuxTests {
    /// The rows of a screen that show a book level: an optional mark, then a price and a size.
    static func levelRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").map(String.init).filter { line in
            let fields = line.drop { $0 == "◆" || $0 == "▶" || $0 == "*" || $0 == ">" }.split(separator: " ")
            guard fields.count >= 3 else { return false }
            let isPrice = fields[0].first?.isNumber == true && fields[0].allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
            let isSize = fields[1].contains(".") && fields[1].allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
            return isPrice && isSize
        }
    }

    /// Level rows above the spread rule (asks) and below it (bids).
    static func sides(_ screen: String) -> (asks: Int, bids: Int) {
        let lines = screen.split(separator: "\n").map(String.init)
        guard let rule = lines.firstIndex(where: { $0.contains("스프레드") && $0.contains("──") }) else { return (0, 0) }
        return (
            levelRows(lines[..<rule].joined(separator: "\n")).count,
            levelRows(lines[(rule + 1)...].joined(separator: "\n")).count
        )
    }

    /// `coinboard --demo` as a trader inspects one market: the depth view at 140×45 holds the
    /// whole streamed book (15 levels a side), answers a market-impact question, and scrolls
    /// to deeper levels at 80×24, where the detail view still shows five levels a side with
    /// their change and the chart cursor shows a candle's open, high, low, close and volume.
    @Test func theDepthViewImpactAndTheChartCursorOnTheDemo() async throws {
        let run = try Run()
        defer { run.remove() }
        let tmux = try await TmuxSession.start(try run.command("--demo --log-file \(run.folder)/log"), width: 140, height: 45)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the live KRW table") { $0.contains("비트코인") && $0.contains("● live") }

        try await tmux.send("d")
        let depth = try await tmux.waitForScreen("the whole book, 15 levels a side") { screen in
            let sides = Self.sides(screen)
            return screen.contains("누적수량") && sides.asks >= 15 && sides.bids >= 15
        }
        #expect(depth.contains("스프레드") && depth.contains("불균형"))

        try await tmux.send("i")
        try await tmux.sendText("1억")
        try await tmux.send("Enter")
        let impact = try await tmux.waitForScreen("a market buy and sell of 100,000,000 KRW") { screen in
            screen.contains(" 100,000,000원 ") && screen.contains(" 시장가 매수 ") && screen.contains(" 시장가 매도 ")
        }
        #expect(impact.contains("평균가") && impact.contains("슬리피지"))

        try await tmux.send("Escape")
        try await tmux.resize(width: 80, height: 24)
        let centred = try await tmux.waitForScreen("the ladder centred at 80x24") { screen in
            let sides = Self.sides(screen)
            return !screen.contains("시장가 매수") && sides.asks > 0 && sides.asks < 15
        }
        try await tmux.send("PageUp")
        try await tmux.waitForScreen("deeper asks after scrolling up") { Self.sides($0).asks > Self.sides(centred).asks + 3 }

        try await tmux.send("BSpace", "Enter")
        try await tmux.waitForScreen("the detail view's book at 80x24: five levels a side with their change") { screen in
            let sides = Self.sides(screen)
            let withChange = Self.levelRows(screen).filter { $0.hasSuffix("%") }
            return screen.contains("호가   차트   체결") && sides.asks >= 5 && sides.bids >= 5 && withChange.count >= 10
        }

        try await tmux.send("x")
        let cursor = try await tmux.waitForScreen("the chart cursor's candle") { screen in
            ["시가", "고가", "저가", "종가", "거래량", "KST"].allSatisfy(screen.contains) && screen.contains("┊")
        }
        #expect(cursor.contains("┌"))

        try await tmux.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }
}
