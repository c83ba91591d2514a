import ExchangeTestSupport
import Foundation
import Testing

extension TimedEndToEndTests {
    /// The 보유 tab in a real terminal: a buy and a sell typed with `h`, a sell refused with its
    /// reason, the tab at 80×24 and 140×45, and the file holding the trades after a clean exit;
    /// `U` reading the demo exchange's account with the keys of a credentials file (refused while
    /// others may read the file).
    @Suite struct HoldingsTmuxTests {
        typealias Run = DashboardTmuxTests.Run

        /// The dashboard on the demo exchange at `port`, at 140×45, keeping its holdings in
        /// `holdings`, shown on its empty 보유 tab.
        static func emptyHoldingsTab(_ run: Run, port: Int, holdings: String) async throws -> TmuxSession {
            let tmux = try await TmuxSession.start(
                try WatchlistTmuxTests.dashboard(run, port: port, watchlist: run.folder + "/watchlist.json")
                    .replacingOccurrences(of: "--log-file", with: "--holdings \(holdings) --log-file"),
                width: 140, height: 45)
            do {
                try await tmux.waitForScreen("the table") { WatchlistTmuxTests.tableIsUp($0) }
                try await tmux.send("BTab")
                try await tmux.waitForScreen("the empty Holdings tab") { $0.contains("보유 내역이 없습니다.") && $0.contains("보유 0") }
                return tmux
            } catch {
                tmux.kill()
                throw error
            }
        }

        @Test func aBuyAndASellTypedWithHAreShownAndSaved() async throws {
            let run = try Run()
            defer { run.remove() }
            let holdings = run.folder + "/holdings.json"
            try await withDemoExchange(markets: 40, rate: 100) { _, port in
                let tmux = try await Self.emptyHoldingsTab(run, port: port, holdings: holdings)
                defer { tmux.kill() }
                try await tmux.send("Tab", "g", "h")
                try await tmux.waitForScreen("the holdings line") { $0.contains("보유 입력 · ") && $0.contains("+수량@가격 매수") }
                try await tmux.sendText("+2@1000")
                try await tmux.send("Enter")
                try await tmux.waitForScreen("the buy marked in the table") { $0.contains("보유 1") && $0.contains("◆") }
                try await tmux.send("h")
                try await tmux.sendText("-5@1")
                try await tmux.send("Enter")
                try await tmux.waitForScreen("the refused sell, with its reason") { $0.contains("보유 수량(2)보다 많이 팔 수 없습니다") }
                try await tmux.send("BSpace", "BSpace", "BSpace")
                try await tmux.sendText("0.5@1200")
                try await tmux.send("Enter")
                try await tmux.send("BTab")
                let tab = try await tmux.waitForScreen("the position in the Holdings tab") { screen in
                    screen.contains("보유수량") && screen.contains(" 1.5 ") && screen.contains("총보유자산")
                }
                #expect(tab.contains("1,000"), "the average price stays 1,000 after a sell:\n\(tab)")
                try await tmux.resize(width: 80, height: 24)
                let narrow = try await tmux.waitForScreen("the Holdings tab at 80×24") { screen in
                    screen.contains("평가손익") && screen.contains("총보유자산") && screen.contains(" 1.5 ")
                }
                #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 80 })
                try await tmux.send("q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            }
            let saved = try String(contentsOfFile: holdings, encoding: .utf8)
            #expect(saved.components(separatedBy: #""side" : "buy""#).count == 2)
            #expect(saved.components(separatedBy: #""side" : "sell""#).count == 2)
            #expect(saved.contains(#""quantity" : "0.5""#) && saved.contains(#""price" : "1200""#))
        }

        @Test func uReadsTheAccountIntoTheTab() async throws {
            let run = try Run()
            defer { run.remove() }
            let holdings = run.folder + "/holdings.json"
            let credentials = run.folder + "/config/coinboard/credentials.toml"
            try FileManager.default.createDirectory(atPath: run.folder + "/config/coinboard", withIntermediateDirectories: true)
            try Data("[bithumb]\naccess_key = \"coinboard-demo-access\"\nsecret_key = \"coinboard-demo-secret\"\n".utf8)
                .write(to: URL(fileURLWithPath: credentials))
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: credentials)
            try await withDemoExchange(markets: 40, rate: 100) { _, port in
                let tmux = try await Self.emptyHoldingsTab(run, port: port, holdings: holdings)
                defer { tmux.kill() }
                try await tmux.send("U")
                try await tmux.waitForScreen("the credentials file refused") { screen in
                    screen.contains("빗썸 계좌를 읽지 못함: \(run.folder)")
                }
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentials)
                try await tmux.send("U")
                let read = try await tmux.waitForScreen("the account in the tab") { screen in
                    screen.contains("빗썸 계좌 ") && screen.contains("3종목") && screen.contains("보유 3")
                }
                #expect(read.contains(" 0.12345678 ") && read.contains(" 1,500 ") && read.contains("현금 5,000,000"), "\(read)")
                #expect(!read.contains("coinboard-demo-secret") && !read.contains("coinboard-demo-access"))
                try await tmux.send("q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            }
            let saved = try String(contentsOfFile: holdings, encoding: .utf8)
            #expect(saved.contains(#""exchange" : "bithumb""#) && saved.contains(#""quantity" : "1500""#), "\(saved)")
            let log = try String(contentsOfFile: run.folder + "/log", encoding: .utf8)
            #expect(log.contains("is not used: the group or others may read it") && log.contains("account read"))
            #expect(!log.contains("coinboard-demo-secret") && !log.contains("coinboard-demo-access"))
        }
    }
}
