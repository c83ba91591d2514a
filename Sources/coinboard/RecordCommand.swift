import ArgumentParser
import FeedPipeline
import FeedRecording
import Foundation
import MarketCore
import MarketRuntime

/// `coinboard record`: writes a feed's raw frames, with their receive times, to a file.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a feed's raw frames with their receive times (JSON lines), for replay and benchmarks.",
        discussion: """
            Connects like snapshot and records until --duration has passed since market data began to flow, or             SIGINT/SIGTERM; prints the frame count.
            """
    )

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var files: ConfigOptions

    @Option(name: .customLong("out"), help: "The file to write (replaced if it exists).")
    var output: String

    @Option(help: "Markets whose book and trades to stream as well as every ticker, e.g. BTC,ETH or KRW-BTC.")
    var markets = "BTC,ETH,XRP"

    @Option(
        help:
            "Candle interval whose history to fetch for --markets too (a detail view's chart): \(CandleInterval.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var candles: CandleInterval?

    @OptionGroup var collection: CollectionOptions

    @Option(name: .customLong("log-file"), help: "Append the connection's log to this file.")
    var logFile: String?

    func validate() throws {
        _ = try MarketList.parse(markets)
    }

    func run() async throws {
        let plan = try exchange.plan(settings: files.settings(environment: ProcessInfo.processInfo.environment, flags: exchange.flags))
        let logger = try FileLogHandler.logger(label: "coinboard.record", to: .file(logFile))
        let writer = try RecordingWriter(
            path: output, feeds: plan.recordedDialects, reference: plan.reference)
        let configuration = FeedConfiguration(focus: try MarketList.parse(markets), candleInterval: candles)
        try await runUntilSignalled(logger: logger) { [collection] in
            try await LivePipeline.run(plan: plan, configuration: configuration, logger: logger, recording: writer) { pipeline in
                try await collection.collect(from: pipeline, defaultDuration: 60)
            }
        }
        print("recorded \(writer.frames) frames to \(output)")
    }
}
