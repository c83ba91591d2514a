import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// `holdings add` processes, three at a time on one file, killed with SIGKILL at random
    /// moments: the file is always absent or valid, and holds every entry a process confirmed
    /// (it printed what it bought and exited 0 before the kill). The moments are drawn within
    /// twice the time the first of three writers takes here, timed by a first trial left to
    /// finish, so that kills land mid-way and some writers finish, whether the build is a debug
    /// or a release one and the machine fast or busy.
    @Suite struct HoldingsCrashTests {
        static let trials = 20

        @Test func killedMidEditTheFileKeepsEveryConfirmedEntry() async throws {
            let folder = HoldingsCommandTests.Folder()
            var confirmed: Set<String> = []
            var killed = 0
            let clock = ContinuousClock()
            let started = clock.now
            let timing = try Self.writers(trial: 0, environment: folder.environment)
            var firstDone: Duration?
            for _ in 0..<3000 where timing.contains(where: \.isRunning) {
                if firstDone == nil, timing.contains(where: { !$0.isRunning }) { firstDone = started.duration(to: clock.now) }
                try await Task.sleep(for: .milliseconds(10))
            }
            let span = max(Int((firstDone ?? started.duration(to: clock.now)) / .milliseconds(1)), 2)
            confirmed.formUnion(Self.confirmed(trial: 0, timing))
            for trial in 1...Self.trials {
                let processes = try Self.writers(trial: trial, environment: folder.environment)
                try await Task.sleep(for: .milliseconds(Int.random(in: 1..<span * 2)))
                for process in processes where process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    killed += 1
                }
                for process in processes {
                    for _ in 0..<3000 where process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
                }
                confirmed.formUnion(Self.confirmed(trial: trial, processes))
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

        /// Three `holdings add` of one BTC each on the same file, at prices `trial * 10 + 1…3`.
        static func writers(trial: Int, environment: [String: String]) throws -> [Process] {
            try (1...3).map { writer in
                try start(["holdings", "add", "BTC", "1", "\(trial * 10 + writer)"], environment: environment)
            }
        }

        /// The prices of the writers of `trial` that exited 0: entries the file must keep.
        static func confirmed(trial: Int, _ writers: [Process]) -> Set<String> {
            Set(
                zip(1..., writers).compactMap { writer, process in
                    process.isRunning || process.terminationReason != .exit || process.terminationStatus != 0
                        ? nil : "\(trial * 10 + writer)"
                })
        }

        static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
            let process = Process()
            process.executableURL = try CoinboardProcess.executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try Spawning.run(process)
            return process
        }
    }
}
