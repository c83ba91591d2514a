import ExchangeTestSupport
import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// The dashboard killed with SIGKILL at random moments while favorites are added as fast
    /// as keys arrive: the watchlist is always absent or valid, and never holds less than the
    /// last save the dashboard confirmed (its log's last `watchlist saved` line).
    @Suite struct WatchlistCrashTests {
        typealias Run = DashboardTmuxTests.Run

        static let trials = 24

        @Test func killedMidChangeTheWatchlistKeepsEverythingConfirmed() async throws {
            try await withDemoExchange(markets: 80, rate: 100) { _, port in
                var confirmedTrials = 0
                var aheadOfConfirmed = 0
                for trial in 1...Self.trials {
                    let killAfter = Int.random(in: 20...700)
                    let outcome = try await Self.trial(port: port, killAfterMilliseconds: killAfter)
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

        struct Outcome {
            /// What the file held after the kill (empty when there was no file).
            let saved: [String]
            /// What the dashboard had confirmed saving before it was killed.
            let confirmed: [String]
        }

        /// One dashboard adding favorites row after row (`f`, `j`, …) until it is killed.
        static func trial(port: Int, killAfterMilliseconds: Int) async throws -> Outcome {
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
                try await tmux.send("f", "j")
            }
            try await Task.sleep(until: deadline)
            #expect(Glibc.kill(pid, SIGKILL) == 0)
            #expect(try await run.ending().hasPrefix("EXIT=137"))
            return Outcome(saved: WatchlistTmuxTests.favorites(in: watchlist) ?? [], confirmed: confirmed(log: run.folder + "/log"))
        }

        /// The favorites of the log's last complete `watchlist saved` line.
        static func confirmed(log path: String) -> [String] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            guard let line = lines.last(where: { $0.contains("watchlist saved") }) else { return [] }
            return line.split(separator: "\"").filter { $0.hasPrefix("KRW-") }.map(String.init)
        }
    }
}
