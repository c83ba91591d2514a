import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// `holdings add` processes, three at a time on one file, killed with SIGKILL at random
    /// moments: the file is always absent or valid, and holds every entry a process confirmed
    /// (it printed what it bought and exited 0 before the kill).
    @Suite struct HoldingsCrashTests {
        static let trials = 20

        @Test func killedMidEditTheFileKeepsEveryConfirmedEntry() async throws {
            let folder = HoldingsCommandTests.Folder()
            var confirmed: Set<String> = []
            var killed = 0
            for trial in 1...Self.trials {
                let processes = try (1...3).map { writer in
                    try Self.start(["holdings", "add", "BTC", "1", "\(trial * 10 + writer)"], environment: folder.environment)
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 20...400)))
                for process in processes where process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    killed += 1
                }
                for (writer, process) in zip(1..., processes) {
                    for _ in 0..<3000 where process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
                    if process.terminationReason == .exit, process.terminationStatus == 0 {
                        confirmed.insert("\(trial * 10 + writer)")
                    }
                }
                let listed = try await CoinboardProcess.run(
                    ["holdings", "list", "--format", "json"], environment: folder.environment)
                #expect(listed.status == 0, "trial \(trial): \(listed.standardError)")
                #expect(listed.standardError.isEmpty, "trial \(trial): the file is valid")
                let output = try JSONDecoder().decode(HoldingsOutput.self, from: Data(listed.standardOutput.utf8))
                let prices = Set((output.entries ?? []).map(\.price).compactMap { $0 })
                #expect(confirmed.isSubset(of: prices), "trial \(trial): \(confirmed.subtracting(prices)) lost")
            }
            #expect(killed >= Self.trials / 2, "most trials killed a writer mid-way")
            #expect(!confirmed.isEmpty)
            print("holdings crash test: \(Self.trials) trials, \(killed) writers killed, \(confirmed.count) entries confirmed")
        }

        static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
            let process = Process()
            process.executableURL = try CoinboardProcess.executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
    }
}
