import Foundation
import Glibc
import Testing

/// A detached tmux session on its own server socket, running a shell command in a terminal
/// of a given size: the dashboard as a person sees it, through `capture-pane`.
struct TmuxSession {
    let socket = "coinboard-test-\(UUID().uuidString.prefix(8))"
    let name = "cb"
    /// The session's `XDG_STATE_HOME`, and its `XDG_CACHE_HOME` inside it, removed with the session.
    var stateFolder: String { NSTemporaryDirectory() + "coinboard-test-state-\(socket)" }

    private static var tmux: URL {
        get throws {
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            for folder in folders {
                let url = URL(fileURLWithPath: String(folder)).appendingPathComponent("tmux")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "tmux (scripts/install-deps.sh installs it)"])
        }
    }

    /// Runs tmux and returns what it printed. Spawned directly and reaped with `waitpid`:
    /// Foundation's `Process` takes a command as running while any process holds a descriptor
    /// it handed down, and the tmux server that `new-session` leaves behind holds one.
    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let output = NSTemporaryDirectory() + "coinboard-tmux-\(UUID().uuidString)"
        defer { unlink(output) }
        let pid = try spawn(arguments, output: output)
        let deadline = ContinuousClock.now + .seconds(60)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                Glibc.kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw POSIXError(.ETIMEDOUT)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    private func spawn(_ arguments: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([try Self.tmux.path, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // The test runner's ignored and blocked signals are not passed on: the tmux server must
        // see its children exit and be able to hang up what runs in it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        // The tmux server that `new-session` leaves running takes no descriptor of this process.
        return try Spawning.spawn(try Self.tmux.path, actions: &actions, attributes: &attributes, arguments: argv)
    }

    /// Starts `command` (run by `sh -c`) in a terminal of `width` × `height`; when it ends, its
    /// output stays on the screen.
    ///
    /// The command gets a state folder of its own (`XDG_STATE_HOME`), so the view one dashboard
    /// remembers never leaks into another test; runs in one session share it. `environment` is
    /// set for it too, out of the command's text (which a shell may print).
    static func start(
        _ command: String, width: Int, height: Int, environment: [String: String] = [:]
    ) async throws -> TmuxSession {
        let session = TmuxSession()
        let variables = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        try await session.tmux(
            [
                "new-session", "-d", "-s", session.name, "-x", "\(width)", "-y", "\(height)", "-e", "XDG_STATE_HOME=\(session.stateFolder)",
                "-e", "XDG_CACHE_HOME=\(session.stateFolder)/cache",
            ]
                + variables + [
                    command,
                    ";", "set-option", "-t", session.name, "remain-on-exit", "on",
                ])
        return session
    }

    /// Types keys, in tmux's key names (`Tab`, `Enter`, `Escape`, `q`).
    func send(_ keys: String...) async throws {
        for key in keys { try await tmux(["send-keys", "-t", name, key]) }
    }

    /// Types `text` as it is, byte for byte (an escape sequence, say), not as key names.
    func sendText(_ text: String) async throws {
        try await tmux(["send-keys", "-t", name, "-l", "--", text])
    }

    /// Resizes the terminal, as a user dragging its window does.
    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// What the terminal shows now.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", name])
    }

    /// Whether the pane shows the alternate screen and the cursor.
    struct PaneModes: Equatable {
        var alternateScreen: Bool
        var cursorVisible: Bool
    }

    /// The pane's screen and cursor modes now, as tmux keeps them.
    func paneModes() async throws -> PaneModes {
        let flags = try await tmux(["display-message", "-p", "-t", name, "#{alternate_on} #{cursor_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return PaneModes(alternateScreen: flags.hasPrefix("1"), cursorVisible: flags.hasSuffix("1"))
    }

    /// Waits (at most `timeout`) until the pane's modes are `expected` (tmux reads what the
    /// program wrote a moment after it was written); returns the last modes seen.
    @discardableResult
    func waitForPaneModes(_ expected: PaneModes, timeout: Duration = .seconds(180)) async throws -> PaneModes {
        let deadline = ContinuousClock.now + timeout
        var modes = try await paneModes()
        while modes != expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            modes = try await paneModes()
        }
        return modes
    }

    /// Waits (at most `timeout`) until the screen satisfies `condition`; returns the last screen seen.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(180), _ description: String,
        until condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var text = try await screen()
        while !condition(text) {
            guard ContinuousClock.now < deadline else {
                Issue.record("waited \(timeout) for \(description); the screen shows:\n\(text)")
                return text
            }
            try await Task.sleep(for: .milliseconds(100))
            text = try await screen()
        }
        return text
    }

    /// Stops the session's server and everything running in it (`kill-server` answers at
    /// once, so this waits in place, as a `defer` needs), and removes its socket, which the
    /// server leaves behind.
    func kill() {
        defer {
            try? FileManager.default.removeItem(atPath: stateFolder)
            unlink(socketPath)
        }
        guard let pid = try? spawn(["kill-server"], output: "/dev/null") else { return }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// Where tmux puts the server's socket for `-L socket`.
    private var socketPath: String {
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        return "\(folder)/tmux-\(getuid())/\(socket)"
    }
}
