import ExchangeTestSupport
import Foundation
import Testing

extension TimedEndToEndTests {
    /// Signals and price alerts as a user without colour meets them (`NO_COLOR=1`), in the real
    /// dashboard in tmux against a demo exchange in this process that lists a new market a few
    /// seconds after it starts.
    @Suite(.serialized) struct SignalsTmuxTests {
        typealias Run = DashboardTmuxTests.Run

        @Test func badgesANewListingAndAnAlertReadWithoutColour() async throws {
            let run = try Run()
            defer { run.remove() }
            let watchlist = run.folder + "/watchlist.json"
            try await withDemoExchange(markets: 40, rate: 300, newListingAfter: 8) { _, port in
                let tmux = try await TmuxSession.start(
                    try run.command(
                        "--exchange bithumb --ws-url ws://127.0.0.1:\(port)/websocket/v1 --rest-url http://127.0.0.1:\(port) "
                            + "--signal-refresh 2 --watchlist \(watchlist) --log-file \(run.folder)/log",
                        environment: "NO_COLOR=1"),
                    width: 140, height: 45)
                defer { tmux.kill() }
                let table = try await tmux.waitForScreen("the table with its badges") { screen in
                    screen.contains("● live") && screen.contains("경고") && screen.contains("유의") && screen.contains("주의")
                        && screen.contains("정지")
                }
                #expect(table.contains("폐지"), "the market to be delisted is on the first screen")

                let announced = try await tmux.waitForScreen("the new listing announced") { $0.contains("신규 상장:") }
                let listed = try #require(
                    announced.split(separator: "\n").last { $0.contains("신규 상장:") }.flatMap { $0.split(separator: "(").last })
                let code = String(listed.prefix { $0 != ")" })
                #expect(code.hasPrefix("KRW-"))
                try await tmux.send("/")
                for character in code.dropFirst(4) { try await tmux.send(String(character)) }
                try await tmux.send("Enter")
                try await tmux.waitForScreen("the new market badged 신규") { screen in
                    screen.split(separator: "\n").contains { $0.contains(String(code.dropFirst(4))) && $0.contains("신규") }
                }
                try await tmux.send("Escape", "g", "Enter", "a")
                try await tmux.waitForScreen("the alert prompt") { $0.contains("가격 알림 ·") }
                try await tmux.send(">", "1", "Enter")
                let fired = try await tmux.waitForScreen("the alert fired in the status bar") { screen in
                    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("알림 ") == true
                }
                #expect(fired.contains("≥ 1 ("))
                try await tmux.send("A")
                try await tmux.waitForScreen("the alert listed with when it fired") { $0.contains("발동 ") && $0.contains("≥ 1") }
                try await tmux.send("Escape", "q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            }
            let saved = try #require(WatchlistTmuxTests.contents(of: watchlist))
            #expect(saved.alerts.count == 1)
            #expect(saved.alerts.first?["firedAt"] is String, "saved with the time it fired")
        }
    }
}
