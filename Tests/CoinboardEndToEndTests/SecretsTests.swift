import ExchangeTestSupport
import Foundation
import Testing

extension TimedEndToEndTests {
    /// API keys leave coinboard only in the signed header sent to the REST host. With known keys
    /// at hand — Bithumb's in the environment, Upbit's in a credentials file — a dashboard that
    /// reads both accounts and quits, one that reads them and crashes, `snapshot`, `record`,
    /// `holdings sync` (one of them refused for a wrong secret), `holdings show` and `holdings
    /// list` leave no key, and no signed token, in any screen, output, log or file.
    @Suite struct SecretsTests {
        static let access = "canary-access-5f1d2e77"
        static let secret = "canary-secret-a93c7b10"
        static let wrongSecret = "canary-wrong-secret-0c4e"
        /// What would show a key, or a token that carries one (a JWT's header starts `eyJhbGciOi`).
        static let forbidden = [access, secret, wrongSecret, "eyJhbGciOi", "Bearer"]

        /// Everything a test run showed or wrote, by where it came from.
        struct Seen {
            var texts: [(origin: String, text: String)] = []

            mutating func add(_ origin: String, _ text: String) { texts.append((origin, text)) }

            mutating func add(_ origin: String, _ outcome: CoinboardProcess.Outcome) {
                add(origin + " stdout", outcome.standardOutput)
                add(origin + " stderr", outcome.standardError)
            }

            /// Every file under `folder` but the credentials file.
            mutating func addFiles(under folder: String) {
                let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
                for file in files where !file.hasSuffix("credentials.toml") {
                    if let data = FileManager.default.contents(atPath: folder + "/" + file) {
                        add(file, String(decoding: data, as: UTF8.self))
                    }
                }
            }
        }

        @Test func noKeyReachesAScreenAnOutputALogOrAFile() async throws {
            let run = try DashboardTmuxTests.Run()
            defer { run.remove() }
            let config = run.folder + "/config/coinboard"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try Data("[upbit]\naccess_key = \"\(Self.access)\"\nsecret_key = \"\(Self.secret)\"\n".utf8)
                .write(to: URL(fileURLWithPath: config + "/credentials.toml"))
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config + "/credentials.toml")
            let server = try ServerProcess(
                ["serve-demo", "--port", "0", "--markets", "30", "--rate", "100", "--new-listing-after", "-1"],
                environment: ["COINBOARD_DEMO_ACCESS_KEY": Self.access, "COINBOARD_DEMO_SECRET_KEY": Self.secret])
            defer { server.stop() }
            let line = try #require(try await server.firstLine())
            let base = String(try #require(line.wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/)).1)
            let socket = base.replacingOccurrences(of: "http://", with: "ws://")
            let feeds = [
                "--exchange", "bithumb,upbit", "--ws-url", "bithumb=\(socket)/websocket/v1", "--rest-url", "bithumb=\(base)",
                "--ws-url", "upbit=\(socket)/upbit/websocket/v1", "--rest-url", "upbit=\(base)/upbit",
            ]
            let keys = ["COINBOARD_BITHUMB_ACCESS_KEY": Self.access, "COINBOARD_BITHUMB_SECRET_KEY": Self.secret]
            var seen = Seen()

            for crashes in [false, true] {
                try await readAccountsOnTheBoard(run, feeds: feeds, keys: keys, crashes: crashes, seen: &seen)
            }

            let folders = ["XDG_CONFIG_HOME": run.folder + "/config", "XDG_STATE_HOME": run.folder + "/state"]
            let environment = folders.merging(keys) { $1 }
            let commands: [(String, [String], [String: String])] = [
                ("snapshot", ["snapshot"] + feeds + ["--log-file", run.folder + "/snapshot.log"], environment),
                (
                    "record",
                    ["record"] + feeds + ["--out", run.folder + "/recording.jsonl", "--duration", "3", "--log-file", run.folder + "/record.log"],
                    environment
                ),
                ("sync bithumb", ["holdings", "sync", "bithumb", "--rest-url", base], environment),
                ("sync upbit", ["holdings", "sync", "upbit", "--rest-url", base + "/upbit"], environment),
                (
                    "sync upbit, wrong secret", ["holdings", "sync", "upbit", "--rest-url", base + "/upbit"],
                    environment.merging(["COINBOARD_UPBIT_ACCESS_KEY": Self.access, "COINBOARD_UPBIT_SECRET_KEY": Self.wrongSecret]) { $1 }
                ),
                ("holdings show", ["holdings", "show"] + feeds + ["--format", "json", "--log-file", run.folder + "/show.log"], environment),
                ("holdings list", ["holdings", "list", "--format", "json"], environment),
            ]
            for (name, arguments, environment) in commands {
                let outcome = try await CoinboardProcess.run(arguments, environment: environment)
                #expect(outcome.status == (name.hasSuffix("wrong secret") ? 1 : 0), "\(name): \(outcome.standardError)")
                seen.add(name, outcome)
            }
            #expect(seen.texts.contains { $0.origin == "sync upbit, wrong secret stderr" && $0.text.contains("jwt_verification") })
            #expect(try await server.terminate() == 0)
            seen.add("serve-demo", server.printed)
            seen.addFiles(under: run.folder)
            let holdings = try #require(seen.texts.first { $0.origin == "config/coinboard/holdings.json" }).text
            #expect(holdings.contains(#""exchange" : "upbit""#) && holdings.contains(#""exchange" : "bithumb""#))
            #expect(seen.texts.contains { $0.origin == "recording.jsonl" && !$0.text.isEmpty })
            for (origin, text) in seen.texts {
                for secret in Self.forbidden {
                    #expect(!text.contains(secret), "\(secret) in \(origin)")
                }
            }
        }

        /// Runs the dashboard on `feeds`, reads both accounts with `U` on the 보유 tab, then quits
        /// with `q` or is stopped by SIGABRT; its screens go to `seen`.
        private func readAccountsOnTheBoard(
            _ run: DashboardTmuxTests.Run, feeds: [String], keys: [String: String], crashes: Bool, seen: inout Seen
        ) async throws {
            try? FileManager.default.removeItem(atPath: run.outcome)
            let tmux = try await TmuxSession.start(
                try run.command(feeds.joined(separator: " ") + " --log-file \(run.folder)/dashboard.log", lingering: crashes),
                width: 140, height: 45, environment: keys)
            defer { tmux.kill() }
            let up = try await tmux.waitForScreen("the board") { $0.contains("● live") }
            if !up.contains("보유수량") { try await tmux.send("Tab", "Tab") }
            try await tmux.waitForScreen("the 보유 tab") { $0.contains("보유수량") }
            try await tmux.send("U")
            seen.add("dashboard reading", try await tmux.screen())
            let read = try await tmux.waitForScreen("Bithumb's account read") { $0.contains("보유 3") && $0.contains("종목 · 현금") }
            seen.add("dashboard, Bithumb's account", read)
            try await tmux.send("E")
            seen.add("dashboard, Upbit's account", try await tmux.waitForScreen("Upbit's account") { $0.contains("보유 3") && $0.contains("업비트") })
            let pid = try #require(Int32(String(contentsOfFile: run.pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
            #expect(limits.contains(/Max core file size\s+0\s+0\s/), "no core file once keys are read:\n\(limits)")
            if crashes {
                #expect(kill(pid, SIGABRT) == 0)
                #expect(try await run.ending() == "EXIT=\(128 + SIGABRT) RESTORED=yes\n")
                seen.add("dashboard, crashed", try await tmux.waitForScreen("the crash's line") { $0.contains("stopped by SIGABRT") })
            } else {
                try await tmux.send("q")
                #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
                seen.add("dashboard, quit", try await tmux.screen())
            }
        }
    }
}
