import Logging
import UnixSignals

/// Runs `body` until it returns or one of `signals` arrives, then cancels what is left: the one
/// way a command stops on a signal. The signals are trapped before `body` starts (before
/// ncurses takes the terminal), so they end the command through its normal way out, never by
/// the default action that would leave the terminal or a file half-written.
func runUntilSignalled(
    trapping signals: [UnixSignal] = [.sigint, .sigterm], logger: Logger? = nil,
    _ body: @escaping @Sendable () async throws -> Void
) async throws {
    let trapped = await UnixSignalsSequence(trapping: signals)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await body() }
        group.addTask {
            for await signal in trapped {
                logger?.notice("stopping", metadata: ["signal": "\(signal)"])
                return
            }
        }
        try await group.next()
        group.cancelAll()
    }
}
