import Foundation
import Testing

/// The real binary in a real terminal (tmux): `coinboard --demo` as a person uses it.
@Suite(.serialized) struct DashboardTmuxTests {
    @Test func demoDashboardTabsFavoritesDetailAndCleanExit() async throws {
        let folder = NSTemporaryDirectory() + "coinboard-tui-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watchlist = folder + "/watchlist.json"
        let binary = try CoinboardProcess.executable.path
        let command = """
            before=$(stty -g); LANG=C.UTF-8 '\(binary)' --demo --watchlist '\(watchlist)' --log-file '\(folder)/log'; \
            rc=$?; after=$(stty -g); [ "$before" = "$after" ] && restored=yes || restored=no; \
            echo "EXIT=$rc RESTORED=$restored"
            """
        let tmux = try await TmuxSession.start(command, width: 120, height: 36)
        do {
            let table = try await tmux.waitForScreen("the KRW table with Korean names") { screen in
                screen.contains("비트코인") && screen.contains("이더리움") && screen.contains("● live")
            }
            #expect(table.contains("현재가"))
            #expect(table.contains("거래대금(백만)"))
            #expect(table.contains("DEMO · simulated"))

            try await tmux.send("Tab")
            try await tmux.waitForScreen("the empty Favorites tab") { $0.contains("즐겨찾기가 없습니다") }

            try await tmux.send("Tab", "f")
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
            let detail = try await tmux.waitForScreen("the detail view with book, trades and chart") { screen in
                screen.contains("호가") && screen.contains("체결") && screen.contains("차트") && screen.contains("스프레드")
                    && screen.contains(":") && screen.contains("┃")
            }
            #expect(detail.contains("1m 3m 5m"))

            try await tmux.send("Escape", "q")
            let after = try await tmux.waitForScreen("a clean exit") { $0.contains("EXIT=") }
            #expect(after.contains("EXIT=0 RESTORED=yes"))
            #expect(!after.contains("비트코인"))
        } catch {
            await tmux.kill()
            throw error
        }
        await tmux.kill()
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let binary = try CoinboardProcess.executable.path
        let pidFile = NSTemporaryDirectory() + "coinboard-tui-\(UUID().uuidString).pid"
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let command = """
            before=$(stty -g); \
            sh -c 'echo $$ > "$0"; LANG=C.UTF-8 exec "$1" --demo --watchlist /dev/null/none' '\(pidFile)' '\(binary)'; \
            rc=$?; after=$(stty -g); [ "$before" = "$after" ] && restored=yes || restored=no; \
            echo "EXIT=$rc RESTORED=$restored"
            """
        let tmux = try await TmuxSession.start(command, width: 80, height: 24)
        do {
            try await tmux.waitForScreen("the dashboard") { $0.contains("● live") }
            let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGTERM) == 0)
            let after = try await tmux.waitForScreen("the dashboard to stop on SIGTERM") { $0.contains("EXIT=") }
            #expect(after.contains("EXIT=0 RESTORED=yes"))
        } catch {
            await tmux.kill()
            throw error
        }
        await tmux.kill()
    }

    @Test func aTinyTerminalSaysSoAndStillQuits() async throws {
        let binary = try CoinboardProcess.executable.path
        let command = "LANG=C.UTF-8 '\(binary)' --demo --watchlist /dev/null/none; echo \"EXIT=$?\""
        let tmux = try await TmuxSession.start(command, width: 30, height: 8)
        do {
            try await tmux.waitForScreen("the too-small notice") { $0.contains("terminal too small") }
            try await tmux.send("q")
            let after = try await tmux.waitForScreen("a clean exit") { $0.contains("EXIT=") }
            #expect(after.contains("EXIT=0"))
        } catch {
            await tmux.kill()
            throw error
        }
        await tmux.kill()
    }

    private func waitForFile(_ path: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("\(path) was not written")
        return ""
    }
}
