import CandleStore
import Foundation
import Glibc
import MarketCore
import MarketSim
import SystemTime
import Testing

extension TimedEndToEndTests {
    /// `snapshot --candles` with a candle store: what one run keeps, the next one shows.
    @Suite(.serialized) struct CandleCacheTests {
        let btc = MarketCode(code: "KRW-BTC")!

        func withFolder(_ body: (String) async throws -> Void) async throws {
            let folder = NSTemporaryDirectory() + "coinboard-candle-cache-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try await body(folder)
        }

        func isoTime(_ time: Timestamp) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: Date(timeIntervalSince1970: Double(time.microseconds) / 1_000_000))
        }

        @Test("two snapshot --demo runs on one store: each shows a candle kept days before any page reaches, the first keeps its closed candles")
        func runsShareTheStore() async throws {
            try await withFolder { folder in
                let path = folder + "/candles.sqlite"
                let store = try CandleStore(path: path)
                let minute: Int64 = 60_000_000
                let old = Candle(
                    start: SystemClock.wallNow().floored(toMultipleOf: minute).advanced(byMicroseconds: -3 * 1440 * minute),
                    open: 150_000_000, high: 151_000_000, low: 149_000_000, close: 150_500_000, volume: ExactDecimal("1.5")!)
                let key = CandleSeriesKey(source: "demo-\(SimulationConfiguration().seed)-bithumb", market: btc, interval: .oneMinute)
                try await store.save([old], of: key)
                let arguments = ["--demo", "--markets", "BTC", "--candles", "1m", "--duration", "1", "--wait", "120", "--candle-cache", path]

                let first = try #require(try await SnapshotOutput.capture(arguments).candles["KRW-BTC"]?.items)
                #expect(first.first?.time == isoTime(old.start), "the kept candle comes first, before the page")
                #expect(first.first?.close == "150500000")
                #expect(first.count >= 201, "the kept candle and the page of 200")
                let kept = try await store.stats().candles
                #expect(kept >= 200, "the first run kept the page's closed candles: \(kept)")

                let second = try #require(try await SnapshotOutput.capture(arguments).candles["KRW-BTC"]?.items)
                #expect(second.first?.time == isoTime(old.start))
                #expect(second.count >= first.count)
            }
        }

        @Test(
            "--candle-count 3000 on the demo's one-minute candles: 3,000 in order, pages joined without a seam; the next run reads the earlier pages from the store"
        )
        func threeThousandCandlesInPages() async throws {
            try await withFolder { folder in
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                for run in 1...2 {
                    let log = folder + "/log-\(run)"
                    let output = try await SnapshotOutput.capture([
                        "--demo", "--markets", "BTC", "--candles", "1m", "--candle-count", "3000", "--duration", "1", "--wait", "120",
                        "--candle-cache", folder + "/candles.sqlite", "--log-file", log,
                    ])
                    let times = try #require(output.candles["KRW-BTC"]?.items).compactMap { formatter.date(from: $0.time) }
                    #expect(times.count == 3000, "run \(run)")
                    let steps = zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) / 60 }
                    #expect(steps.allSatisfy { $0 >= 1 }, "oldest first, one candle a minute at most")
                    // Bitcoin, the demo's busiest market, trades every minute: any hole is a seam.
                    #expect(steps.max() == 1, "run \(run): the longest gap, in minutes: \(steps.max() ?? 0)")
                    let fromStore = try String(contentsOfFile: log, encoding: .utf8).contains("candles read from the cache")
                    #expect(fromStore == (run == 2), "run \(run): pages from the store only once it holds them")
                }
            }
        }

        @Test("cache stats says what the store holds against its limit; cache clear empties it; off is said")
        func statsAndClear() async throws {
            try await withFolder { folder in
                let path = folder + "/candles.sqlite"
                let minute: Int64 = 60_000_000
                let candles = (0..<30).map { index in
                    Candle(start: Timestamp(microseconds: Int64(index) * minute), open: 1, high: 2, low: 1, close: 2, volume: 1)
                }
                try await CandleStore(path: path).save(candles, of: CandleSeriesKey(source: "bithumb", market: btc, interval: .oneMinute))
                let stats = try await CoinboardProcess.run(["cache", "stats", "--candle-cache", path])
                #expect(stats.status == 0, "\(stats.standardError)")
                #expect(stats.standardOutput.contains("candles: 30 in 1 series"), "\(stats.standardOutput)")
                #expect(stats.standardOutput.contains("MB of 200.00 MB"), "\(stats.standardOutput)")
                let cleared = try await CoinboardProcess.run(["cache", "clear", "--candle-cache", path])
                #expect(cleared.standardOutput.contains("removed 30 candles"), "\(cleared.standardOutput)")
                #expect(try await CandleStore(path: path).stats().candles == 0)
                let off = try await CoinboardProcess.run(["cache", "--candle-cache", "off"])
                #expect(off.standardOutput == "candle cache: off\n")
                let unwritable = try await CoinboardProcess.run(["cache", "--candle-cache", path + "/inside/c.sqlite"])
                #expect(unwritable.status == 1)
                #expect(unwritable.standardError.split(separator: "\n").count == 1, "\(unwritable.standardError)")
            }
        }

        @Test("a store that is not a database is set aside, said once on stderr, and the run keeps a new one")
        func aGarbageStoreIsSetAside() async throws {
            try await withFolder { folder in
                let path = folder + "/candles.sqlite"
                let garbage = Data(repeating: 0x5A, count: 4096)
                try garbage.write(to: URL(fileURLWithPath: path))
                let outcome = try await CoinboardProcess.run(
                    ["snapshot", "--demo", "--markets", "BTC", "--candles", "1m", "--duration", "1", "--wait", "120", "--candle-cache", path],
                    timeout: .seconds(180))
                #expect(outcome.status == 0, "\(outcome.standardError)")
                let said = outcome.standardError.split(separator: "\n").filter { $0.contains("set aside as") }
                #expect(said.count == 1, "\(outcome.standardError)")
                let asides = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("candles.sqlite.corrupt-") }
                #expect(asides.count == 1)
                #expect(FileManager.default.contents(atPath: folder + "/" + (asides.first ?? "")) == garbage)
                #expect(try await CandleStore(path: path).stats().candles >= 199)
            }
        }
    }
}

extension TimedEndToEndTests.CandleCacheTests {
    /// What the `sqlite3` shell prints for `statement` on the database at `path`.
    static func sqlite3(_ path: String, _ statement: String) throws -> String {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        shell.arguments = ["sqlite3", path, statement]
        let output = Pipe()
        shell.standardOutput = output
        try Spawning.run(shell)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return text
    }

    /// The store killed with SIGKILL at twenty moments while it writes pages of candles for 200
    /// markets: each time the file passes `sqlite3`'s integrity check and opens with every
    /// candle of every page whole.
    @Test func killedWhileWritingTheStoreStaysWhole() async throws {
        try await withFolder { folder in
            let path = folder + "/candles.sqlite"
            var random = SystemRandomNumberGenerator()
            for _ in 0..<20 {
                let writer = Process()
                writer.executableURL = try CoinboardProcess.executable
                writer.arguments = ["bench", "candle-store", "--store", path, "--repeat", "1000000"]
                writer.standardOutput = FileHandle.nullDevice
                writer.standardError = FileHandle.nullDevice
                try Spawning.run(writer)
                try await Task.sleep(for: .milliseconds(Int.random(in: 150...900, using: &random)))
                #expect(Glibc.kill(writer.processIdentifier, SIGKILL) == 0)
                writer.waitUntilExit()
                let check = try Self.sqlite3(path, "PRAGMA integrity_check")
                #expect(check == "ok\n", "after a kill: \(check)")
            }
            // The benchmark's pages: round r writes minutes r..<r+200 with closes 155,000,000 +
            // (minute − r), rounds 0, 1, 2… from minute 0 in every run. So the run that wrote a
            // market last, ending at round R, left minute m at round min(m, R) up to R + 199
            // (a longer run before it may have left minutes after that): R is the last minute
            // from 0 up that holds its own round, and round R's page must be there whole —
            // however many rounds the runs managed before their kills.
            let store = try CandleStore(path: path)
            #expect(try await store.stats().candles >= 200)
            for index in 0..<200 {
                let market = try #require(MarketCode(quote: "KRW", base: "C\(index)"))
                let kept = try await store.candles(
                    of: CandleSeriesKey(source: "bench", market: market, interval: .oneMinute), limit: 1_000_000)
                let roundAt = Dictionary(
                    kept.map { candle in
                        let minute = (candle.start.microseconds - 1_764_300_000_000_000) / 60_000_000
                        return (minute, minute - Int64(candle.close.doubleValue - 155_000_000))
                    },
                    uniquingKeysWith: { first, _ in first })
                guard !roundAt.isEmpty else { continue }
                var last: Int64 = 0
                while roundAt[last + 1] == last + 1 { last += 1 }
                let torn = (last..<last + 200).filter { roundAt[$0] != last }
                #expect(torn.isEmpty, "market C\(index): round \(last)'s page written in part, minutes \(torn)")
            }
        }
    }
}
