import Foundation
import Synchronization
import Testing

/// Runs the built `coinboard` executable and captures what it prints.
struct CoinboardProcess {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable built beside the test bundle.
    static var executable: URL {
        get throws {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for candidate in [directory, Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL] {
                let url = candidate.appendingPathComponent("coinboard")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent("coinboard").path])
        }
    }

    /// Runs `coinboard` with `arguments`, waiting at most `timeout` before killing it. Waits
    /// without blocking a thread, so servers running in the test process keep serving.
    ///
    /// `environment` goes over the test's own; `XDG_CONFIG_HOME` and `XDG_STATE_HOME` are folders that
    /// do not exist unless it names them, so the user's own configuration, watchlist and remembered
    /// view are never read or written; `XDG_CACHE_HOME` is a folder of the run's own, removed after
    /// it, so the user's candle cache is never touched either.
    static func run(
        _ arguments: [String], environment: [String: String] = [:],
        timeout: Duration = .seconds(300)
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let cache = NSTemporaryDirectory() + "coinboard-test-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let isolated = [
            "XDG_CONFIG_HOME": NSTemporaryDirectory() + "coinboard-no-config-\(UUID().uuidString)",
            "XDG_STATE_HOME": NSTemporaryDirectory() + "coinboard-no-state-\(UUID().uuidString)",
            "XDG_CACHE_HOME": cache,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { _, new in new }
            .merging(environment) { _, new in new }
        let output = PipeReader()
        let error = PipeReader()
        process.standardOutput = output.pipe
        process.standardError = error.pipe
        try Spawning.run(process)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning {
            process.terminate()
            Issue.record("coinboard \(arguments) did not exit within \(timeout)")
            while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        }
        return Outcome(status: process.terminationStatus, standardOutput: output.text(), standardError: error.text())
    }

    /// A fixture from the codec tests, by name.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestFixtures/Fixtures/\(name)").path
    }
}

/// Collects what a child process writes to a pipe, from the pipe's reader thread.
final class PipeReader: Sendable {
    private final class Storage: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    let pipe = Pipe()
    private let storage = Storage()

    init() {
        let storage = storage
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            storage.bytes.withLock { $0 += data }
        }
    }

    /// Everything read so far, once the writer has closed its end.
    func text() -> String {
        pipe.fileHandleForReading.readabilityHandler = nil
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        return storage.bytes.withLock { String(decoding: $0 + rest, as: UTF8.self) }
    }
}
