import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// `holdings add` processes, three at a time on one file, killed with SIGKILL at random
    /// moments: the file is always absent or valid, and holds every entry a process confirmed
    /// (it printed what it bought and exited 0 before the kill). The moments are drawn within
    /// twice a span first timed by a trial left to finish, then moved after every trial: shorter
    /// when the kill found every writer done, longer when it found none done, so that kills land
    /// mid-way and some writers finish, whether the build is a debug or a release one and the
    /// machine fast or busy (a cold first start no longer sets every later moment).
    @Suite struct HoldingsCrashTests {
        /// Trials that must kill a writer mid-way.
        static let killingTrials = 10
        /// Trials run at most while fewer than `killingTrials` killed one.
        static let trials = 60

        @Test func killedMidEditTheFileKeepsEveryConfirmedEntry() async throws {
            let folder = HoldingsCommandTests.Folder()
            var confirmed: Set<String> = []
            var killed = 0
            var killingTrials = 0
            let clock = ContinuousClock()
            let started = clock.now
            let timing = try Self.writers(trial: 0, environment: folder.environment)
            var firstDone: Duration?
            for _ in 0..<3000 where timing.contains(where: \.isRunning) {
                if firstDone == nil, timing.contains(where: { !$0.isRunning }) { firstDone = started.duration(to: clock.now) }
                try await Task.sleep(for: .milliseconds(10))
            }
            var span = max(Int((firstDone ?? started.duration(to: clock.now)) / .milliseconds(1)), 2)
            confirmed.formUnion(Self.confirmed(trial: 0, timing))
            var trial = 0
            while trial < Self.trials, trial < Self.killingTrials * 2 || killingTrials < Self.killingTrials {
                trial += 1
                let processes = try Self.writers(trial: trial, environment: folder.environment)
                try await Task.sleep(for: .milliseconds(Int.random(in: 1..<span * 2)))
                let running = processes.filter(\.isRunning)
                for process in running { kill(process.processIdentifier, SIGKILL) }
                killed += running.count
                if !running.isEmpty { killingTrials += 1 }
                span = running.isEmpty ? max(span * 2 / 3, 2) : running.count == processes.count ? span * 3 / 2 : span
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
            #expect(killingTrials >= Self.killingTrials, "\(killingTrials) of \(trial) trials killed a writer mid-way")
            #expect(!confirmed.isEmpty)
            print(
                "holdings crash test: \(trial) trials, \(killingTrials) killed writers, \(killed) in all, "
                    + "\(confirmed.count) entries confirmed, last span \(span) ms")
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
