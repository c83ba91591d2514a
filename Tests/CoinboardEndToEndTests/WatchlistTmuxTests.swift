import ExchangeTestSupport
import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// The watchlist as a user meets it, in the real dashboard in tmux, against a demo exchange
    /// in this process: a corrupt file, a folder that cannot be written, two instances at once,
    /// and the process killed while favorites change.
    @Suite(.serialized) struct WatchlistTmuxTests {
        typealias Run = DashboardTmuxTests.Run

        /// The dashboard on the exchange at `port`, its table sorted by name so rows keep their
        /// places, favorites in `watchlist`, and its log in the run's folder.
        static func dashboard(_ run: Run, port: Int, watchlist: String) throws -> String {
            try Data("sort = \"name\"\n".utf8).write(to: URL(fileURLWithPath: run.folder + "/sorted.toml"))
            return try run.command(
                "--exchange bithumb --ws-url ws://127.0.0.1:\(port)/websocket/v1 "
                    + "--rest-url http://127.0.0.1:\(port) --config \(run.folder)/sorted.toml "
                    + "--watchlist \(watchlist) --log-file \(run.folder)/log")
        }

        static func tableIsUp(_ screen: String) -> Bool {
            screen.contains("● live") && screen.contains("정렬: 이름")
        }

        /// The favorites in a watchlist file; `nil` if there is none, and a recorded issue if
        /// it is not a valid watchlist.
        static func favorites(in path: String) -> [String]? {
            contents(of: path)?.favorites
        }

        /// A watchlist file's favorites and alerts (version 3: every alert with an id, a market
        /// and a kind); `nil` if there is none, and a recorded issue if it is not valid.
        static func contents(of path: String) -> (favorites: [String], alerts: [[String: Any]])? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                object["version"] as? Int == 3, let favorites = object["favorites"] as? [String],
                let alerts = object["alerts"] as? [[String: Any]],
                alerts.allSatisfy({ $0["id"] is String && $0["market"] is String && $0["kind"] is String })
            else {
                Issue.record("\(path) is not a valid watchlist: \(String(decoding: data, as: UTF8.self))")
                return nil
            }
            return (favorites, alerts)
        }

        static func waitForFavorites(
            in path: String, _ description: String,
            until condition: ([String]) -> Bool
        ) async throws -> [String] {
            let deadline = ContinuousClock.now + .seconds(60)
            var favorites = Self.favorites(in: path) ?? []
            while !condition(favorites) {
                guard ContinuousClock.now < deadline else {
                    Issue.record("waited 60 s for \(description); \(path) holds \(favorites)")
                    return favorites
                }
                try await Task.sleep(for: .milliseconds(50))
                favorites = Self.favorites(in: path) ?? []
            }
            return favorites
        }

        @Test func aCorruptWatchlistIsKeptAsideAndTheDashboardSaysSo() async throws {
            let run = try Run()
            defer { run.remove() }
            let watchlist = run.folder + "/watchlist.json"
            let corrupt = "{\"version\": 1, \"favorites\": [\"KRW-BTC\""
            try Data(corrupt.utf8).write(to: URL(fileURLWithPath: watchlist))
            try await withDemoExchange(markets: 12, rate: 100) { _, port in
                let tmux = try await TmuxSession.start(try Self.dashboard(run, port: port, watchlist: watchlist), width: 140, height: 20)
                defer { tmux.kill() }
                try await tmux.waitForScreen("the notice about the corrupt watchlist") { screen in
                    Self.tableIsUp(screen) && screen.contains("watchlist was not valid; kept as") && screen.contains("즐겨찾기 0")
                }
                let aside = try FileManager.default.contentsOfDirectory(atPath: run.folder).filter { $0.hasPrefix("watchlist.json.corrupt-") }
                #expect(aside.count == 1)
                #expect(try String(contentsOfFile: run.folder + "/" + (aside.first ?? ""), encoding: .utf8) == corrupt)
                try await tmux.send("f")
                let saved = try await Self.waitForFavorites(in: watchlist, "the new favorite saved") { $0.count == 1 }
                #expect(saved.count == 1)
                try await tmux.send("q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            }
        }

        /// A file where the watchlist's folder should be: no one can write there, root included.
        @Test func anUnwritableFolderIsShownRetriedAndRecovered() async throws {
            let run = try Run()
            defer { run.remove() }
            let blocked = run.folder + "/blocked"
            try Data().write(to: URL(fileURLWithPath: blocked))
            let watchlist = blocked + "/watchlist.json"
            try await withDemoExchange(markets: 12, rate: 100) { _, port in
                let tmux = try await TmuxSession.start(try Self.dashboard(run, port: port, watchlist: watchlist), width: 140, height: 20)
                defer { tmux.kill() }
                try await tmux.waitForScreen("the table") { Self.tableIsUp($0) }
                try await tmux.send("f")
                try await tmux.waitForScreen("the save failing, and retried") { screen in
                    screen.contains("watchlist not saved (2×, retrying)") && screen.contains("즐겨찾기 1")
                }
                try FileManager.default.removeItem(atPath: blocked)
                let saved = try await Self.waitForFavorites(in: watchlist, "the retried save") { $0.count == 1 }
                #expect(saved.count == 1)
                try await tmux.waitForScreen("the problem cleared") { !$0.contains("watchlist not saved") && $0.contains("● live") }
                try await tmux.send("q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            }
        }

        @Test func aFavoriteAddedJustBeforeQuittingOrSIGTERMIsSaved() async throws {
            try await withDemoExchange(markets: 12, rate: 100) { _, port in
                for stop in ["q", "SIGTERM"] {
                    let run = try Run()
                    defer { run.remove() }
                    let watchlist = run.folder + "/watchlist.json"
                    let tmux = try await TmuxSession.start(
                        try Self.dashboard(run, port: port, watchlist: watchlist),
                        width: 140, height: 20)
                    defer { tmux.kill() }
                    try await tmux.waitForScreen("the table") { Self.tableIsUp($0) }
                    if stop == "q" {
                        try await tmux.send("f", "j", "f", "q")
                    } else {
                        try await tmux.send("f", "j", "f")
                        try await tmux.waitForScreen("both favorites on the screen") { $0.contains("즐겨찾기 2") }
                        let pid = try #require(
                            Int32(
                                String(contentsOfFile: run.pidFile, encoding: .utf8)
                                    .trimmingCharacters(in: .whitespacesAndNewlines)))
                        #expect(kill(pid, SIGTERM) == 0)
                    }
                    #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
                    #expect(Self.favorites(in: watchlist)?.count == 2, "stopped with \(stop)")
                }
            }
        }

        @Test func twoDashboardsOnOneWatchlistLoseNoUpdate() async throws {
            let first = try Run()
            let second = try Run()
            defer {
                first.remove()
                second.remove()
            }
            let watchlist = first.folder + "/watchlist.json"
            try await withDemoExchange(markets: 12, rate: 100) { _, port in
                let one = try await TmuxSession.start(try Self.dashboard(first, port: port, watchlist: watchlist), width: 140, height: 20)
                defer { one.kill() }
                let two = try await TmuxSession.start(try Self.dashboard(second, port: port, watchlist: watchlist), width: 140, height: 20)
                defer { two.kill() }
                try await one.waitForScreen("the first dashboard") { Self.tableIsUp($0) }
                try await two.waitForScreen("the second dashboard") { Self.tableIsUp($0) }
                try await one.send("f")
                let afterFirst = try await Self.waitForFavorites(in: watchlist, "the first favorite") { $0.count == 1 }
                try await two.send("j", "f")
                let both = try await Self.waitForFavorites(in: watchlist, "both favorites") { $0.count == 2 }
                #expect(both.first == afterFirst.first)
                try await one.waitForScreen("the first dashboard showing the second's favorite") { $0.contains("즐겨찾기 2") }
                try await one.send("Tab", "j", "f")
                let last = try await Self.waitForFavorites(in: watchlist, "a removal") { $0.count == 1 }
                #expect(last == [afterFirst.first])
                try await two.waitForScreen("the second dashboard showing the removal") { $0.contains("즐겨찾기 1") }
                try await one.send("q")
                try await two.send("q")
                #expect(try await first.ending() == "EXIT=0 RESTORED=yes\n")
                #expect(try await second.ending() == "EXIT=0 RESTORED=yes\n")
            }
        }
    }
}
