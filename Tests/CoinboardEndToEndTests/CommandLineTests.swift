import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func versionAndHelp() async throws {
        let version = try await CoinboardProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "0.1.0\n")
        let help = try await CoinboardProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("decode"))
    }

    @Test func decodesRecordedFramesOfEachDialect() async throws {
        let legacy = try await CoinboardProcess.run([
            "decode", "--dialect", "bithumb-legacy",
            CoinboardProcess.fixture("bithumb-legacy-ws-ticker-1.json"),
            CoinboardProcess.fixture("bithumb-legacy-ws-orderbookdepth-1.json"),
        ])
        #expect(legacy.status == 0)
        #expect(legacy.standardOutput.contains("ticker KRW-UNI price=34010 change=rise 610 (0.0183, rolling 1440m)"))
        #expect(legacy.standardOutput.contains("orderbook-delta KRW-XLM ask 401.2=0, ask 401.6=21277.735"))
        #expect(legacy.standardOutput.hasSuffix("2 events, 0 errors\n"))

        let upbit = try await CoinboardProcess.run(["decode", "--dialect", "upbit", CoinboardProcess.fixture("upbit-ws-ticker-1.jsonl")])
        #expect(upbit.status == 0)
        #expect(upbit.standardOutput.contains("ticker KRW-BTC price=158201000"))
    }

    @Test func badInputGivesOneClearLineAndANonZeroExit() async throws {
        let missing = try await CoinboardProcess.run(["decode", "--dialect", "bithumb", "/nonexistent/frames.jsonl"])
        #expect(missing.status != 0)
        #expect(missing.standardError == "coinboard: cannot read /nonexistent/frames.jsonl\n")
        let unknownDialect = try await CoinboardProcess.run(["decode", "--dialect", "kraken", "x"])
        #expect(unknownDialect.status != 0)
        #expect(unknownDialect.standardError.contains("kraken"))
        #expect(unknownDialect.standardError.split(separator: "\n").count == 1)
        let rejected = try await CoinboardProcess.run([
            "decode", "--dialect", "bithumb",
            CoinboardProcess.fixture("bithumb-v2-ws-ticker-trimmed-1.json"),
        ])
        #expect(rejected.status == 1)
        #expect(rejected.standardOutput.contains("error missingField(\"change\")"))
    }
}

extension CommandLineTests {
    /// A FIFO where a log, a recording, a frames file or a configuration file should be is
    /// refused with one line and a non-zero exit, at once, instead of blocking on it.
    @Test func aFIFOInPlaceOfAFileIsRefusedWithOneLine() async throws {
        let folder = NSTemporaryDirectory() + "coinboard-fifo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let line = "coinboard: \(fifo) is a FIFO, not a regular file\n"
        for arguments in [
            ["snapshot", "--demo", "--log-file", fifo],
            ["record", "--demo", "--out", fifo, "--duration", "3"],
            ["decode", "--dialect", "bithumb", fifo],
            ["snapshot", "--replay", fifo],
            ["snapshot", "--demo", "--config", fifo],
        ] {
            let outcome = try await CoinboardProcess.run(arguments, timeout: .seconds(60))
            #expect(outcome.status != 0, "\(arguments)")
            #expect(outcome.standardError == line, "\(arguments)")
        }
    }
}
