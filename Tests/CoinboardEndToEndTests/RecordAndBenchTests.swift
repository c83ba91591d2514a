import ExchangeTestSupport
import Foundation
import Testing

/// `coinboard record` against a demo exchange on loopback, and `coinboard bench pipeline` and
/// `bench screen` over what it recorded (the pipeline over the codec fixtures too).
@Suite struct RecordAndBenchTests {
    struct BenchResult: Decodable {
        let messages: Int
        let seconds: Double
        let messagesPerSecond: Double
        let events: Int
    }

    /// `record --candles 1m` keeps the candles' history of `--markets` too, so a benchmark's
    /// detail view draws a chart.
    @Test func aRecordingKeepsEveryFrameWithItsTimeAndBenchReadsIt() async throws {
        let path = NSTemporaryDirectory() + "coinboard-recording-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withDemoExchange(markets: 10, rate: 200) { _, port in
            let recorded = try await Self.record(
                [
                    "--exchange", "bithumb", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "http://127.0.0.1:\(port)",
                    "--markets", "BTC", "--candles", "1m",
                ],
                to: path
            ) { text in
                text.contains("/v1/orderbook?markets=KRW-BTC") && text.contains("/v1/candles/minutes/1?market=KRW-BTC")
                    && text.split(separator: "\n").count > 40
            }
            #expect(recorded.status == 0)
            #expect(recorded.printed?.hasPrefix("recorded ") == true, "\(recorded.printed ?? "nothing")")
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == #"{"coinboard":"recording","feeds":{"bithumb":"bithumb"},"version":3}"#)
        let entries = lines.dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(entries.count == lines.count - 1)
        let frames = entries.filter { ($0["frame"] as? String)?.hasPrefix("{") == true }
        let requests = entries.compactMap { $0["request"] as? String }
        #expect(frames.count > 10)
        #expect(frames.count + requests.count == entries.count, "every line is a frame or a REST response")
        #expect(requests.contains("/v1/market/all?isDetails=true"))
        #expect(requests.contains("/v1/orderbook?markets=KRW-BTC"))
        #expect(requests.contains("/v1/candles/minutes/1?market=KRW-BTC&count=200"), "--candles records the chart's history")
        let times = entries.compactMap { ($0["at"] as? NSNumber)?.int64Value }
        #expect(times.count == entries.count)
        #expect(times == times.sorted())

        let bench = try await CoinboardProcess.run([
            "bench", "pipeline", "--dialect", "bithumb", "--input", path, "--repeat", "2",
        ])
        #expect(bench.status == 0, "\(bench.standardError)")
        let result = try JSONDecoder().decode(BenchResult.self, from: Data(bench.standardOutput.utf8))
        #expect(result.messages == frames.count * 2)
        #expect(result.events > 0)
        #expect(result.messagesPerSecond > 0)

        var cells: [Int] = []
        for screen in [[], ["--detail", "--market", "KRW-BTC"]] {
            let drawn = try await CoinboardProcess.run(["bench", "screen", "--input", path] + screen)
            #expect(drawn.status == 0, "\(drawn.standardError)")
            let figures = try JSONDecoder().decode(ScreenBenchResult.self, from: Data(drawn.standardOutput.utf8))
            #expect(figures.messages == frames.count && figures.frames > 0 && figures.cells > 0)
            cells.append(figures.cells)
        }
        #expect(cells[0] != cells[1], "the detail view draws other cells than the table")
    }

    struct ScreenBenchResult: Decodable {
        let frames: Int
        let messages: Int
        let cells: Int
    }

    @Test func benchReadsBareFramesOfEachDialect() async throws {
        for (dialect, fixture) in [("upbit", "upbit-ws-ticker-1.jsonl"), ("bithumb", "bithumb-v2-ws-ticker-default-docexample-1.jsonl")] {
            let outcome = try await CoinboardProcess.run([
                "bench", "pipeline", "--dialect", dialect,
                "--input", CoinboardProcess.fixture(fixture), "--repeat", "3",
            ])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let result = try JSONDecoder().decode(BenchResult.self, from: Data(outcome.standardOutput.utf8))
            #expect(result.messages % 3 == 0 && result.messages > 0)
            #expect(result.events == result.messages, "every fixture line is one ticker")
        }
    }

    @Test func aDamagedRecordingIsNamedWithItsLine() async throws {
        let path = NSTemporaryDirectory() + "coinboard-recording-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"coinboard\":\"recording\",\"dialect\":\"bithumb\",\"version\":1}\n{\"at\":12,\"frame\":\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let outcome = try await CoinboardProcess.run(["bench", "pipeline", "--dialect", "bithumb", "--input", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "coinboard: \(path):2: not a recorded frame\n")
    }
}

extension RecordAndBenchTests {
    /// `record` stops on SIGTERM as it says: exit 0, the frames so far kept, and the count printed.
    @Test func recordStopsCleanlyOnSIGTERM() async throws {
        let path = NSTemporaryDirectory() + "coinboard-recording-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try await Self.record(["--demo", "--markets", "BTC"], to: path) { $0.split(separator: "\n").count >= 20 }
        #expect(recorded.status == 0)
        #expect(recorded.printed?.hasPrefix("recorded ") == true, "\(recorded.printed ?? "nothing")")
        let kept = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(kept.count >= 20)
    }

    /// Runs `coinboard record` with `arguments` into `path` (for an hour at most) until what it
    /// has written satisfies `enough`, looking every 20 ms for at most two minutes, then stops it
    /// with SIGTERM: its exit status and the line it printed.
    static func record(
        _ arguments: [String], to path: String, until enough: (String) -> Bool
    ) async throws -> (status: Int32?, printed: String?) {
        let recorder = try ServerProcess(["record"] + arguments + ["--duration", "3600", "--wait", "120", "--out", path])
        var written = ""
        for _ in 0..<6000 where !enough(written) {
            try await Task.sleep(for: .milliseconds(20))
            written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        #expect(enough(written), "recorded within two minutes: \(written.split(separator: "\n").count) lines")
        let status = try await recorder.terminate()
        return (status, try await recorder.firstLine())
    }
}
