import Foundation
import Glibc
import Synchronization

/// Starts the tests' child processes one at a time, each with no descriptor of the test
/// process but those it is given.
///
/// Foundation's `Process` learns that a child has ended when the child's end of a socket pair
/// closes; it closes in the child the descriptors above 2 that are open when it prepares the
/// spawn, and its own end of the pair only after the spawn. A child started meanwhile from another
/// test's thread (a tmux server, which lives as long as its test, closed nothing) could take that
/// socket with it, and the first child would then count as running until the second ended. One
/// spawn at a time, and tmux started with nothing inherited, leave no such socket for another
/// child to take.
enum Spawning {
    private static let lock = Mutex(())

    /// Runs `process`, alone.
    static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }

    /// `posix_spawn` of `path`, alone, with `actions` and every other descriptor above 2 closed
    /// in the child.
    static func spawn(
        _ path: String, actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t,
        arguments: [UnsafeMutablePointer<CChar>?]
    ) throws -> pid_t {
        try lock.withLock { _ in
            for descriptor in openDescriptors() where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, path, &actions, &attributes, arguments, environ)
            guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
            return pid
        }
    }

    /// The descriptors open in this process.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }
}
