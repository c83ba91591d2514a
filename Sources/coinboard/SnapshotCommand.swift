public import ArgumentParser
import ExchangeClient
import FeedPipeline
import Foundation
public import MarketCore
import MarketRuntime
import Reports
import Settings

/// `coinboard snapshot`: connects like the dashboard, waits, and prints the state.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Connect to an exchange (or several), wait, and print what was received.",
        discussion: """
            Tickers come for every KRW market; books, trades and candles for the --markets given. \
            The --duration starts once market data flows from every feed, the premium's reference among them, and the \
            won–dollar rate has been read or has failed to be (waiting at most --wait for it all), so a slow \
            connection does not shorten it; with --candles it then waits (at most --wait again) until each market's \
            candles have come. Candles are kept between runs in the candle store (--candle-cache). Exits 0 when anything was fetched (from any exchange), 1 with one line on \
            stderr when nothing could be. With several exchanges (--exchange bithumb,upbit) it prints each \
            exchange's document under "exchanges" and the price gap of every coin on both under "comparison": \
            gap = upbit − bithumb, gapPercent = gap ÷ bithumb × 100 (exact, rounded half to even at 10^-8), \
            the widest first.
            """
    )

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var files: ConfigOptions

    @OptionGroup var candleCache: CandleCacheFlag

    @Option(help: "Markets whose book, trades and candles to fetch, e.g. BTC,ETH or KRW-BTC.")
    var markets = "BTC"

    @Option(help: "Order-book levels a side to print.")
    var depth = 15

    @Option(
        help: """
            Also print what a market buy spending and a market sell receiving this many KRW would do to each book: \
            1000000, 100만, 1.5억, 5m.
            """)
    var impact: String?

    @Option(help: "Trades to print per market, newest first.")
    var trades = 20

    @Option(help: "Candle interval to fetch: \(CandleInterval.allCases.map(\.rawValue).joined(separator: ", ")).")
    var candles: CandleInterval?

    @Option(
        name: .customLong("candle-count"),
        help: "Candles to fetch per market, 1–10000, in pages of 200 where the exchange pages (those kept between runs print too).")
    var candleCount = 200

    @OptionGroup var collection: CollectionOptions

    @Option(help: "Seconds between keepalives; silence this long reads as stale, half as long again reconnects.")
    var keepalive: Double = 20

    @Option(help: "Output format: json or table.")
    var format: ReportFormat = .json

    @Option(name: .customLong("log-file"), help: "Append the connection's log to this file.")
    var logFile: String?

    func validate() throws {
        guard (1...400).contains(depth) else { throw ValidationError("--depth must be between 1 and 400") }
        guard (1...200).contains(trades) else { throw ValidationError("--trades must be between 1 and 200") }
        guard (1...10_000).contains(candleCount) else { throw ValidationError("--candle-count must be between 1 and 10000") }
        guard keepalive >= 0.1, keepalive <= 3600 else { throw ValidationError("--keepalive must be between 0.1 and 3600 seconds") }
        _ = try MarketList.parse(markets)
        if let impact, KRWAmount.parse(impact) == nil {
            throw ValidationError("--impact takes an amount of won above zero, such as 1000000, 100만, 1.5억 or 5m")
        }
    }

    func run() async throws {
        let settings = try files.settings(
            environment: ProcessInfo.processInfo.environment, flags: exchange.flags.overlaid(by: candleCache.flags))
        let plan = try exchange.plan(settings: settings)
        let store = candles == nil ? nil : await CandleCache.open(settings, warn: CandleCache.warnOnStandardError)
        let logger = try FileLogHandler.logger(label: "coinboard.snapshot", to: .file(logFile))
        let configuration = FeedConfiguration(
            focus: try MarketList.parse(markets), tradeHistory: trades, candleInterval: candles, candleHistory: candleCount,
            keepaliveInterval: .milliseconds(Int64(keepalive * 1000)))
        let (board, origins) = try await LivePipeline.run(
            plan: plan, configuration: configuration, logger: logger, archive: CandleCache.archives(in: store)
        ) { [collection] pipeline in
            try await collection.collect(from: pipeline, defaultDuration: 3)
            if let interval = configuration.candleInterval {
                await pipeline.untilCandles(
                    of: configuration.focus, interval: interval, count: candleCount, waitingAtMost: collection.waitLimit)
            }
            return (await pipeline.store.snapshot(), pipeline.origins)
        }
        try CoinboardError.requireFetched(board, origins: origins)
        let names = Dictionary(uniqueKeysWithValues: plan.feeds.map { ($0.exchange, $0.source.name) })
        func report(_ exchange: Exchange, _ snapshot: MarketSnapshot) -> SnapshotReport {
            SnapshotReport(
                exchange: names[exchange] ?? exchange.rawValue, snapshot: snapshot, focus: configuration.focus, depth: depth,
                tradeCount: trades, candleInterval: candles, impactAmount: impact.flatMap(KRWAmount.parse))
        }
        let text = try SnapshotDocument.text(of: board, format: format, report: report)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

extension CandleInterval: ExpressibleByArgument {}

extension ReportFormat: ExpressibleByArgument {}
