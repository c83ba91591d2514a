import Foundation
import TestFixtures
import Testing

/// Exchange text with escapes, C1 controls, bidi overrides and forged line breaks never reaches
/// standard output, standard error or the log file raw (`SafeText` on every way out).
@Suite struct UnsafeTextTests {
    /// `\u{1B}[2J` (clear screen), `\u{9B}31m` (C1 CSI), U+202E (right-to-left override), a
    /// newline and U+2028 (a forged line), written as JSON escapes and, for the C1, raw UTF-8.
    static let hostile = #"\u001b[2J\u001b]0;owned\u0007 "# + "\u{9B}31m" + #" \u202Eevil\nforged line\u2028x"#

    /// Whether `bytes` hold any scalar a terminal would act on or that reorders or breaks lines
    /// (newlines between whole lines excepted).
    static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
        text.split(separator: "\n").flatMap { line in
            line.unicodeScalars.filter { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || [0x202E, 0x2028, 0x2029].contains(scalar.value)
            }
        }
    }

    @Test func decodePrintsNoUnsafeCharacters() async throws {
        let folder = NSTemporaryDirectory() + "coinboard-unsafe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = [
            #"{"error":{"name":"INVALID\#(Self.hostile)","message":"bad \#(Self.hostile)"}}"#,
            #"{"type":"ticker","code":"KRW-BTC","change":"RI\#(Self.hostile)SE"}"#,
            #"{"type":"trade","code":"KRW-\#(Self.hostile)","trade_price":1}"#,
        ]
        let path = folder + "/frames.jsonl"
        try frames.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let legacyPath = folder + "/legacy.json"
        try #"{"status":"5100","resmsg":"\#(Self.hostile)"}"#.write(toFile: legacyPath, atomically: true, encoding: .utf8)

        let decoded = try await CoinboardProcess.run(["decode", "--dialect", "bithumb", path])
        #expect(decoded.standardOutput.contains("notice rejected INVALID"))
        #expect(decoded.standardOutput.contains("error "))
        let legacy = try await CoinboardProcess.run(["decode", "--dialect", "bithumb-legacy", legacyPath])
        #expect(legacy.standardOutput.contains("notice rejected 5100"))
        for output in [decoded.standardOutput, decoded.standardError, legacy.standardOutput, legacy.standardError] {
            #expect(Self.unsafeScalars(in: output).isEmpty, "\(output.debugDescription)")
        }
        #expect(decoded.standardOutput.split(separator: "\n").allSatisfy { !$0.hasPrefix("forged") })
    }

    /// A replayed feed whose listing names, rejections and undecodable frames carry hostile
    /// text: the JSON on stdout, stderr and every line of the log file are free of it, and no
    /// log line is forged.
    @Test func snapshotAndTheLogFileCarryNoUnsafeCharacters() async throws {
        let folder = NSTemporaryDirectory() + "coinboard-unsafe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listing =
            #"[{"market":"KRW-BTC","korean_name":"비트\#(Self.hostile)코인","english_name":"Bit\#(Self.hostile)coin","#
            + #""market_warning":"NONE"}]"#
        let ticker = String(decoding: try Fixture.json("bithumb-v2-ws-ticker-ccxt-1.json"), as: UTF8.self)
        let lines = try [
            #"{"coinboard":"recording","dialect":"bithumb","version":1}"#,
            Self.json(["at": 1, "request": "/v1/market/all?isDetails=true", "body": listing]),
            Self.json(["at": 2, "frame": #"{"error":{"name":"NO\#(Self.hostile)","message":"refused \#(Self.hostile)"}}"#]),
            Self.json(["at": 3, "frame": #"{"type":"ticker","code":"KRW-BTC","change":"\#(Self.hostile)"}"#]),
            Self.json(["at": 4, "frame": ticker]),
        ]
        let recording = folder + "/recording.jsonl"
        try lines.joined(separator: "\n").write(toFile: recording, atomically: true, encoding: .utf8)
        let log = folder + "/log"
        for format in ["json", "table"] {
            let outcome = try await CoinboardProcess.run([
                "snapshot", "--replay", recording, "--speed", "0", "--duration", "60",
                "--format", format, "--log-file", log,
            ])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("KRW-BTC"))
            #expect(Self.unsafeScalars(in: outcome.standardOutput).isEmpty, "\(outcome.standardOutput.debugDescription)")
            #expect(Self.unsafeScalars(in: outcome.standardError).isEmpty)
        }
        let logText = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logText.contains("request rejected"))
        #expect(Self.unsafeScalars(in: logText).isEmpty, "\(logText.debugDescription)")
        #expect(logText.split(separator: "\n").allSatisfy { $0.first?.isNumber == true }, "every log line starts with its time")
    }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
