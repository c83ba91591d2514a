import ExchangeTestSupport
import Foundation
import MarketCore
import Testing

extension TimedEndToEndTests {
    /// Bithumb and Upbit side by side in the real dashboard in tmux, against one demo exchange
    /// in this process serving both: the comparison tab at 140×45 and 80×24, the exchange
    /// switch in the detail view, both books.
    @Suite(.serialized) struct ComparisonTmuxTests {
        typealias Run = DashboardTmuxTests.Run

        @Test func theComparisonTabAndTheExchangeSwitchInTheDetailView() async throws {
            let run = try Run()
            defer { run.remove() }
            try await withDemoExchange(markets: 40, rate: 300, exchanges: [.bithumb, .upbit]) { _, port in
                let tmux = try await TmuxSession.start(
                    try run.command(
                        "--exchange bithumb,upbit --ws-url bithumb=ws://127.0.0.1:\(port)/websocket/v1 --rest-url bithumb=http://127.0.0.1:\(port) "
                            + "--ws-url upbit=ws://127.0.0.1:\(port)/upbit/websocket/v1 --rest-url upbit=http://127.0.0.1:\(port)/upbit "
                            + "--log-file \(run.folder)/log"),
                    width: 140, height: 45)
                defer { tmux.kill() }
                try await tmux.waitForScreen("both exchanges live") { $0.contains("빗썸 ● live") && $0.contains("업비트 ● live") }
                try await tmux.send("BTab")
                // Rows with a gap fill in as both exchanges' tickers arrive.
                try await tmux.waitForScreen("the comparison, widest gap first, with twenty rows of gaps") { screen in
                    screen.contains("거래소 비교") && screen.contains("업비트−빗썸") && screen.contains("차이%") && screen.contains("업비트 거래대금")
                        && screen.contains("정렬: 가격차▼")
                        && screen.split(separator: "\n").filter { $0.hasSuffix("%") || $0.contains("%  ") }.count >= 20
                }

                try await tmux.resize(width: 80, height: 24)
                let narrow = try await tmux.waitForScreen("the comparison at 80×24") { screen in
                    screen.contains("거래소 비교") && screen.contains("차이%") && !screen.contains("업비트 거래대금")
                        && screen.contains("빗썸 ● live") && screen.contains("업비트 ● live")
                }
                #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 80 })

                try await tmux.resize(width: 140, height: 45)
                // Bitcoin found by search: the table's order by traded value changes with the time of day.
                try await tmux.send("Tab", "/", "B", "T", "C", "Enter", "Enter")
                try await tmux.waitForScreen("the detail view on Bithumb") { $0.contains("[빗썸] 비트코인") && $0.contains("업비트 ") }
                try await tmux.send("E")
                try await tmux.waitForScreen("the detail view switched to Upbit") { screen in
                    screen.contains("[업비트] 비트코인") && screen.contains("전일대비UTC")
                }
                try await tmux.send("b")
                try await tmux.waitForScreen("both books on one price axis") { screen in
                    screen.contains("호가 비교") && screen.contains("▶ ")
                }
                try await tmux.send("q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            }
        }
    }
}
