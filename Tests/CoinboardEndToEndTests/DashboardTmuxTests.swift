import Foundation
import Testing

extension TimedEndToEndTests {
    /// The real binary in a real terminal (tmux): `coinboard --demo` as a person uses it.
    ///
    /// Each run's exit status, and whether the terminal settings (`stty -g`) are the same after
    /// as before, go to a file: tmux may drop a dead pane's last line before it is captured.
    @Suite(.serialized) struct DashboardTmuxTests {
        /// A scratch folder, and a shell command running `coinboard` in it that writes
        /// `EXIT=<status> RESTORED=<yes|no>` to `outcome` when it ends.
        struct Run {
            let folder = NSTemporaryDirectory() + "coinboard-tui-\(UUID().uuidString)"
            var outcome: String { folder + "/outcome" }
            var pidFile: String { folder + "/pid" }

            init() throws {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }

            /// `coinboard ARGUMENTS` in a UTF-8 locale (with `environment`, `NAME=value …`, set
            /// too), with `config` in the scratch folder as `XDG_CONFIG_HOME` and `state` as
            /// `XDG_STATE_HOME` (shared by the runs of one ``Run``), run as a process whose pid
            /// goes to ``pidFile``. With `lingering`,
            /// the shell stays (a live pane) after writing the outcome, so the terminal's modes can
            /// be read as the program left them (tmux reports a dead pane's cursor as hidden).
            func command(_ arguments: String, lingering: Bool = false, environment: String = "") throws -> String {
                let binary = try CoinboardProcess.executable.path
                return """
                    before=$(stty -g); \
                    sh -c 'echo $$ > "$0"; LANG=C.UTF-8 \(environment) XDG_CONFIG_HOME="$2" XDG_STATE_HOME="$3" exec "$1" \(arguments)' \
                    '\(pidFile)' '\(binary)' '\(folder)/config' '\(folder)/state'; \
                    rc=$?; after=$(stty -g); [ "$before" = "$after" ] && restored=yes || restored=no; \
                    echo "EXIT=$rc RESTORED=$restored" > '\(outcome)'\(lingering ? "; exec sleep 600" : "")
                    """
            }

            /// What the run wrote when it ended (waiting at most 60 s).
            func ending() async throws -> String {
                let deadline = ContinuousClock.now + .seconds(60)
                while ContinuousClock.now < deadline {
                    if let text = try? String(contentsOfFile: outcome, encoding: .utf8), text.hasSuffix("\n") { return text }
                    try await Task.sleep(for: .milliseconds(50))
                }
                Issue.record("coinboard did not end within 60 s")
                return ""
            }

            func remove() {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }

        @Test func demoDashboardTabsFavoritesDetailAndCleanExit() async throws {
            let run = try Run()
            defer { run.remove() }
            let watchlist = run.folder + "/watchlist.json"
            let tmux = try await TmuxSession.start(
                try run.command("--demo --watchlist \(watchlist) --log-file \(run.folder)/log"),
                width: 120, height: 36)
            defer { tmux.kill() }
            let table = try await tmux.waitForScreen("the KRW table with Korean names") { screen in
                screen.contains("비트코인") && screen.contains("이더리움") && screen.contains("● live")
            }
            #expect(table.contains("현재가"))
            #expect(table.contains("거래대금(백만)"))
            #expect(table.contains("DEMO · simulated"))

            try await tmux.send("Tab")
            try await tmux.waitForScreen("the empty Favorites tab") { $0.contains("즐겨찾기가 없습니다") }

            try await tmux.send("BTab", "f")
            let starred = try await tmux.waitForScreen("a favorite added") { $0.contains("즐겨찾기 1") && $0.contains("★") }
            let firstRow = starred.split(separator: "\n").dropFirst(2).first.map(String.init) ?? ""
            #expect(firstRow.hasPrefix("★"))
            try await tmux.send("Tab")
            try await tmux.waitForScreen("the favorite in the Favorites tab") { screen in
                screen.contains("★") && !screen.contains("즐겨찾기가 없습니다")
            }
            let saved = try await waitForFile(watchlist)
            #expect(saved.contains("\"KRW-"))

            try await tmux.send("Enter")
            try await tmux.waitForScreen("the detail view's book and trades") { screen in
                screen.contains("호가") && screen.contains("체결") && screen.contains("스프레드")
            }
            try await tmux.send("Tab")
            let chart = try await tmux.waitForScreen("the chart pane") { $0.contains("1m 3m 5m") && $0.contains("┃") }
            #expect(chart.contains("차트"))

            try await tmux.send("Escape", "q")
            #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
            #expect(!(try await tmux.screen()).contains("비트코인"))
        }

        @Test func sigtermRestoresTheTerminal() async throws {
            let run = try Run()
            defer { run.remove() }
            let tmux = try await TmuxSession.start(try run.command("--demo --watchlist /dev/null/none"), width: 80, height: 24)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the dashboard") { $0.contains("● live") }
            let pid = try #require(Int32(String(contentsOfFile: run.pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGTERM) == 0)
            #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
        }

        @Test func aTinyTerminalSaysSoAndStillQuits() async throws {
            let run = try Run()
            defer { run.remove() }
            let tmux = try await TmuxSession.start(try run.command("--demo --watchlist /dev/null/none"), width: 30, height: 8)
            defer { tmux.kill() }
            try await tmux.waitForScreen("the too-small notice") { $0.contains("terminal too small") }
            try await tmux.send("q")
            #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
        }

        private func waitForFile(_ path: String) async throws -> String {
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("\(path) was not written")
            return ""
        }
    }
}

extension TimedEndToEndTests.DashboardTmuxTests {
    /// The view the user left (tab, name language) is where the next run starts, from
    /// `$XDG_STATE_HOME/coinboard/state.json`.
    @Test func theNextRunStartsWhereTheLastOneWasLeft() async throws {
        let run = try Run()
        defer { run.remove() }
        let command = try run.command("--demo --watchlist \(run.folder)/watchlist.json")
        let first = try await TmuxSession.start(command, width: 120, height: 30)
        try await first.waitForScreen("the KRW table") { $0.contains("비트코인") && $0.contains("● live") }
        try await first.send("Tab", "e")
        try await first.waitForScreen("the Favorites tab in English") { $0.contains("No favorites yet.") }
        try await first.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
        first.kill()
        let state = try String(contentsOfFile: run.folder + "/state/coinboard/state.json", encoding: .utf8)
        #expect(state.contains(#""tab" : "favorites""#))
        #expect(state.contains(#""nameLanguage" : "english""#))
        try FileManager.default.removeItem(atPath: run.outcome)

        let second = try await TmuxSession.start(command, width: 120, height: 30)
        defer { second.kill() }
        try await second.waitForScreen("the Favorites tab, in English, from the start") { $0.contains("No favorites yet.") }
        try await second.send("BTab")
        try await second.waitForScreen("the KRW table in English") { $0.contains("Bitcoin") }
        try await second.send("q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }
}

extension TimedEndToEndTests.DashboardTmuxTests {
    /// The bytes a terminal sends for a mouse event at a cell (0-based), in the X10 encoding
    /// tmux's terminal type announces: button 0 is a press, 3 the release, 64 and 65 the wheel.
    static func mouse(button: Int, x: Int, y: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x)))
            + String(UnicodeScalar(UInt8(33 + y)))
    }

    /// A click: a press and its release.
    static func click(x: Int, y: Int) -> String {
        mouse(button: 0, x: x, y: y) + mouse(button: 3, x: x, y: y)
    }

    /// Clicks and the wheel drive the real dashboard: a click on a tab shows it, the wheel moves
    /// the highlight, a click on a row highlights it and a second click opens it.
    @Test func theMouseDrivesTabsTheTableAndTheDetailView() async throws {
        let run = try Run()
        defer { run.remove() }
        let tmux = try await TmuxSession.start(
            try run.command("--demo --watchlist \(run.folder)/watchlist.json"),
            width: 120, height: 30)
        defer { tmux.kill() }
        try await tmux.waitForScreen("the KRW table") { $0.contains("비트코인") && $0.contains("● live") }
        try await tmux.sendText(Self.click(x: 9, y: 0))
        try await tmux.waitForScreen("the Favorites tab, clicked") { $0.contains("즐겨찾기가 없습니다") }
        try await tmux.sendText(Self.click(x: 1, y: 0))
        try await tmux.waitForScreen("the KRW tab, clicked") { $0.contains("비트코인") }
        try await tmux.sendText(Self.mouse(button: 65, x: 20, y: 10))
        try await tmux.send("f")
        let starred = try await tmux.waitForScreen("a favorite on the row the wheel moved to") { $0.contains("즐겨찾기 1") }
        let rows = starred.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.firstIndex { $0.hasPrefix("★") } == 5, "the wheel moved the highlight from the first row (line 2) three rows down")
        let target = rows[3].split(separator: " ").first.map(String.init) ?? ""
        try await tmux.sendText(Self.click(x: 20, y: 3))
        try await tmux.sendText(Self.click(x: 20, y: 3))
        let detail = try await tmux.waitForScreen("the detail view of the clicked row") { $0.contains("호가") && $0.contains("체결") }
        #expect(detail.split(separator: "\n").first.map { $0.contains(target) } == true, "\(target)")
        try await tmux.send("Escape", "q")
        #expect(try await run.ending() == "EXIT=0 RESTORED=yes\n")
    }
}
