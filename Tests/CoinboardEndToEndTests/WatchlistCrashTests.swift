import ExchangeTestSupport
import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// The dashboard killed with SIGKILL at random moments while favorites, or price alerts,
    /// are added as fast as keys arrive: the watchlist is always absent or valid, and never
    /// holds less than the last save the dashboard confirmed (its log's last `watchlist saved`
    /// line).
    @Suite struct WatchlistCrashTests {
        typealias Run = DashboardTmuxTests.Run

        static let trials = 24

        @Test func killedMidChangeTheWatchlistKeepsEverythingConfirmed() async throws {
            try await withDemoExchange(markets: 80, rate: 100) { _, port in
                var confirmedTrials = 0
                var aheadOfConfirmed = 0
                for trial in 1...Self.trials {
                    let killAfter = Int.random(in: 20...700)
                    let outcome = try await Self.trial(port: port, killAfterMilliseconds: killAfter, keys: ["f", "j"])
                    let context = Comment(rawValue: "trial \(trial), killed \(killAfter) ms into the changes")
                    #expect(outcome.saved.starts(with: outcome.confirmed), context)
                    if !outcome.confirmed.isEmpty { confirmedTrials += 1 }
                    if outcome.saved.count > outcome.confirmed.count { aheadOfConfirmed += 1 }
                }
                #expect(confirmedTrials >= Self.trials / 2, "most trials confirmed saves before the kill")
                print(
                    "watchlist crash test: \(Self.trials) kills, \(confirmedTrials) after confirmed saves, "
                        + "\(aheadOfConfirmed) with a save landed but not yet confirmed")
            }
        }

        /// The same while price alerts are added row after row (`a`, `5%10`, `Enter`, `j`): the
        /// file stays valid and holds at least the alerts of the last confirmed save.
        @Test func killedMidAlertEditsTheWatchlistKeepsEveryConfirmedAlert() async throws {
            try await withDemoExchange(markets: 80, rate: 100) { _, port in
                var confirmedTrials = 0
                for trial in 1...Self.trials / 2 {
                    let killAfter = Int.random(in: 20...900)
                    let outcome = try await Self.trial(
                        port: port, killAfterMilliseconds: killAfter, keys: ["a", "5", "%", "1", "0", "Enter", "j"])
                    let context = Comment(rawValue: "trial \(trial), killed \(killAfter) ms into the changes")
                    #expect(outcome.savedAlerts >= outcome.confirmedAlerts, context)
                    if outcome.confirmedAlerts > 0 { confirmedTrials += 1 }
                }
                #expect(confirmedTrials >= Self.trials / 4, "most trials confirmed saves before the kill")
            }
        }

        struct Outcome {
            /// The favorites the file held after the kill (empty when there was no file).
            let saved: [String]
            /// The favorites the dashboard had confirmed saving before it was killed.
            let confirmed: [String]
            /// The alerts the file held after the kill.
            let savedAlerts: Int
            /// The alerts of the last confirmed save.
            let confirmedAlerts: Int
        }

        /// One dashboard sending `keys` again and again (a change, then the next row) until it
        /// is killed.
        static func trial(port: Int, killAfterMilliseconds: Int, keys: [String]) async throws -> Outcome {
            let run = try Run()
            defer { run.remove() }
            let watchlist = run.folder + "/watchlist.json"
            let tmux = try await TmuxSession.start(
                try WatchlistTmuxTests.dashboard(run, port: port, watchlist: watchlist),
                width: 120, height: 100)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the table") { WatchlistTmuxTests.tableIsUp($0) }
            let pid = try #require(
                Int32(
                    String(contentsOfFile: run.pidFile, encoding: .utf8)
                        .trimmingCharacters(in: .whitespacesAndNewlines)))
            let deadline = ContinuousClock.now + .milliseconds(killAfterMilliseconds)
            for _ in 0..<60 where ContinuousClock.now < deadline {
                for key in keys { try await tmux.send(key) }
            }
            try await Task.sleep(until: deadline)
            #expect(Glibc.kill(pid, SIGKILL) == 0)
            #expect(try await run.ending().hasPrefix("EXIT=137"))
            let saved = WatchlistTmuxTests.contents(of: watchlist)
            let (favorites, alerts) = confirmed(log: run.folder + "/log")
            return Outcome(
                saved: saved?.favorites ?? [], confirmed: favorites, savedAlerts: saved?.alerts.count ?? 0,
                confirmedAlerts: alerts)
        }

        /// The favorites and the alert count of the log's last complete `watchlist saved` line.
        static func confirmed(log path: String) -> (favorites: [String], alerts: Int) {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            guard let line = lines.last(where: { $0.contains("watchlist saved") }) else { return ([], 0) }
            let favorites = line.split(separator: "\"").filter { $0.hasPrefix("KRW-") }.map(String.init)
            let alerts = line.split(separator: " ").first { $0.hasPrefix("alerts=") }.flatMap { Int($0.dropFirst("alerts=".count)) }
            return (favorites, alerts ?? 0)
        }
    }
}
