import ExchangeClient
import FeedPipeline
import FeedRecording
import Foundation
import Logging
import MarketCore
import MarketRuntime
import MarketSim
import MarketWire
import TestFixtures
import Testing

/// The pipeline the commands run, without a process: a plan's feeds opened, supervised into one
/// store, and stopped when the body returns.
@Suite("Feed pipeline")
struct FeedPipelineTests {
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("a recording written by the writer plays into the store, Upbit's part under Upbit, then says it has played")
    func aRecordingPlaysIntoTheStore() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let frames = try Fixture.lines("upbit-ws-ticker-1.jsonl")
        let writer = try RecordingWriter(path: path, feeds: [.upbit: .upbit])
        let recorder = writer.recorder(for: .upbit)
        try Fixture.json("bithumb-v2-rest-market-all-ccxt-1.jsonc").withUnsafeBytes {
            recorder.record(response: $0, request: "/v1/market/all?is_details=true")
        }
        for frame in frames { frame.withUnsafeBytes { recorder.record(frame: $0) } }

        let plan = try FeedPlan.replay(of: path, speed: 0)
        #expect(plan.exchanges == [.upbit] && !plan.usesDemo && plan.displayName == "REPLAY")
        let (board, origins, replays) = try await LivePipeline.run(
            plan: plan, configuration: FeedConfiguration(), logger: Self.logger
        ) { pipeline in
            await pipeline.untilRecordingsPlayed()
            return (await pipeline.store.snapshot(), pipeline.origins, pipeline.replays)
        }
        #expect(origins == [.upbit: path] && replays == 1)
        let last = try #require(String(decoding: frames.last ?? [], as: UTF8.self).firstMatch(of: /"trade_price":([0-9.]+)/))
        let btc = try #require(MarketCode(code: "KRW-BTC"))
        #expect(board[.upbit].tickers[btc]?.price == ExactDecimal(last.1))
        #expect(board[.upbit].markets.contains { $0.code == btc })
        #expect(board.exchanges == [.upbit])
    }

    @Test("a file that is not a recording is refused before anything starts")
    func aFileThatIsNotARecordingIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try Fixture.bytes("upbit-ws-ticker-1.jsonl")).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError.notARecording(path: path)) { try FeedPlan.replay(of: path, speed: 1) }
    }

    @Test("the demo plan starts the demo exchange on loopback; both exchanges' feeds go live, Bithumb first")
    func theDemoPlanGoesLiveOnBothExchanges() async throws {
        let plan = FeedPlan(
            feeds: [
                FeedPlan.Feed(exchange: .upbit, source: .demo(.upbit)),
                FeedPlan.Feed(exchange: .bithumb, source: .demo(.bithumb)),
            ],
            demoSimulation: SimulationConfiguration(marketCount: 20, updatesPerSecond: 200, historyMinutes: 60, warmUpSeconds: 2))
        #expect(plan.exchanges == [.bithumb, .upbit] && plan.usesDemo && plan.displayName == "DEMO")
        let (board, origins) = try await LivePipeline.run(
            plan: plan, configuration: FeedConfiguration(), logger: Self.logger
        ) { pipeline in
            await pipeline.untilLive(waitingAtMost: .seconds(300))
            return (await pipeline.store.snapshot(), pipeline.origins)
        }
        for exchange in [Exchange.bithumb, .upbit] {
            #expect(board[exchange].feed.state == .live)
            #expect(board[exchange].markets.count > 10)
            #expect(origins[exchange]?.hasPrefix("ws://127.0.0.1:") == true)
        }
    }
}

extension FeedPipelineTests {
    @Test("candles are kept under the exchange's name, the demo's seed, or the endpoint given; never a recording's")
    func candleSources() throws {
        let demo = FeedPlan(
            feeds: [FeedPlan.Feed(exchange: .upbit, source: .demo(.upbit))], demoSimulation: SimulationConfiguration(seed: 42))
        #expect(demo.candleSource(of: demo.feeds[0]) == "demo-42-upbit")
        let official = FeedPlan(feeds: [
            FeedPlan.Feed(exchange: .bithumb, source: .remote(name: "bithumb", endpoints: .official(.bithumbLegacy), deadlines: NetworkDeadlines())),
            FeedPlan.Feed(exchange: .upbit, source: .remote(name: "upbit", endpoints: .local(.upbit, port: 8080), deadlines: NetworkDeadlines())),
        ])
        #expect(official.candleSource(of: official.feeds[0]) == "bithumb")
        #expect(official.candleSource(of: official.feeds[1]) == "upbit@http://127.0.0.1:8080/upbit")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try RecordingWriter(path: path, feeds: [.upbit: .upbit])
        let replay = try FeedPlan.replay(of: path, speed: 1)
        #expect(replay.candleSource(of: replay.feeds[0]) == nil)
    }
}
