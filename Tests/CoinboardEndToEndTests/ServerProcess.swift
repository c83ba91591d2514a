import Foundation
import Synchronization

/// A long-running `coinboard` process (such as `serve-demo`) whose output is read as it comes;
/// it is always stopped when the test ends.
final class ServerProcess: Sendable {
    private let process: Process
    private let output = OutputBuffer()

    /// Bytes printed so far, appended from the pipe's reader thread.
    private final class OutputBuffer: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = try CoinboardProcess.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        self.process = process
        let output = output
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            output.bytes.withLock { $0 += data }
        }
        try Spawning.run(process)
    }

    deinit { stop() }

    /// The first line printed, waiting at most `timeout`.
    func firstLine(timeout: Duration = .seconds(300)) async throws -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let line = output.bytes.withLock { bytes in bytes.firstIndex(of: 0x0A).map { String(decoding: bytes[..<$0], as: UTF8.self) } }
            if let line { return line }
            if !process.isRunning { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Everything printed so far.
    var printed: String { output.bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Stops the process where it is (SIGSTOP): it answers nothing until ``resume()``.
    func pause() { kill(process.processIdentifier, SIGSTOP) }

    /// Lets a paused process run on (SIGCONT).
    func resume() { kill(process.processIdentifier, SIGCONT) }

    /// ``stop(timeout:)`` without holding a thread of the test pool while the process ends:
    /// with two threads, a process slow to stop would stop every test in this process, and
    /// the exchanges they serve, with it.
    @discardableResult
    func terminate(timeout: Duration = .seconds(30)) async throws -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        resume()
        process.terminate()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return stop(timeout: .zero)
    }

    /// Sends SIGTERM and waits at most `timeout` for the exit status (nil if it had to be killed),
    /// blocking its thread: for `defer` and `deinit`, where a process still running is killed.
    @discardableResult
    func stop(timeout: Duration = .seconds(30)) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        resume()
        process.terminate()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}
