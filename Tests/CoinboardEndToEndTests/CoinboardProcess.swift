import Foundation
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

    /// Runs `coinboard` with `arguments`, waiting at most `timeout` seconds before killing it.
    static func run(_ arguments: [String], timeout: TimeInterval = 30) throws -> Outcome {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("coinboard \(arguments) did not exit within \(timeout) s")
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                       standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A fixture from the codec tests, by name.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestFixtures/Fixtures/\(name)").path
    }
}
