import ArgumentParser
import FeedPipeline
import Foundation
import MarketCore
import MarketRuntime
import Persistence
import Reports
import Settings

/// `coinboard holdings` (`show`): connects like `snapshot`, values every position at its
/// exchange's last price and exits.
struct HoldingsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Connect, value every position at its exchange's last price, print and exit.",
        discussion: """
            Follows the exchanges the positions are on unless --exchange or the configuration names some; \
            a position on an exchange not followed, or in a market it does not list, is printed without a \
            price and left out of the sums. value = quantity × price, profit = value − cost, \
            profitPercent = profit ÷ cost × 100, weightPercent = value ÷ the coins' value × 100 (divisions \
            rounded half to even at 10^-18), change24h = quantity × the price's change on the exchange's own basis.
            """)

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var file: HoldingsFileOptions

    @OptionGroup var collection: CollectionOptions

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @Option(name: .customLong("log-file"), help: "Append the connection's log to this file.")
    var logFile: String?

    func run() async throws {
        var settings = try file.settings(flags: exchange.flags)
        let loaded = try await HoldingsFileOptions.file(settings).load()
        HoldingsEdit.report(loaded.notice)
        let held = Set(loaded.holdings.positions.filter { $0.quantity > .zero }.map(\.exchange))
        if settings.exchanges == nil, !held.isEmpty {
            settings.exchanges = held.sorted().map { $0 == .bithumb ? ExchangeChoice.bithumb : .upbit }
        }
        let board = try await LastPrice.board(
            plan: try exchange.plan(settings: settings), logFile: logFile ?? settings.logFile
        ) { pipeline in
            try await collection.collect(from: pipeline, defaultDuration: 1)
        }
        let valuation = HoldingsValuation(loaded.holdings, board: board)
        let capturedAt = board.exchanges.map { board[$0].capturedAt }.max() ?? board.primary.capturedAt
        let text = try HoldingsReport(valuation, capturedAt: capturedAt).text(format: format)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// The exchanges' last prices, read as `snapshot` reads them.
enum LastPrice {
    /// The board once `wait` returns; throws when nothing at all could be fetched.
    static func board(
        plan: FeedPlan, logFile: String?, until wait: @escaping @Sendable (LivePipeline) async throws -> Void
    ) async throws -> BoardSnapshot {
        let logger = try FileLogHandler.logger(label: "coinboard.holdings", to: .file(logFile))
        let (board, origins) = try await LivePipeline.run(plan: plan, configuration: FeedConfiguration(), logger: logger) {
            pipeline in
            try await wait(pipeline)
            return (await pipeline.store.snapshot(), pipeline.origins)
        }
        if let exchange = board.exchanges.first, board.exchanges.allSatisfy({ board[$0].markets.isEmpty }) {
            throw CoinboardError.nothingFetched(from: origins[exchange] ?? exchange.rawValue, reason: board[exchange].feed.lastProblem)
        }
        return board
    }

    /// The last price of `market` on the one exchange `options` choose, waiting at most `wait`
    /// seconds for it; a usage error when the exchange has none (it does not list the market).
    static func of(
        _ market: MarketCode, exchange options: ExchangeOptions, file: HoldingsFileOptions, waitingAtMost wait: Double
    ) async throws -> ExactDecimal {
        let settings = try file.settings(flags: options.flags)
        let exchange = try options.ledgerExchange(settings)
        let deadline = ContinuousClock.now + .milliseconds(Int64(wait * 1000))
        let board = try await board(plan: try options.plan(settings: settings), logFile: settings.logFile) { pipeline in
            await pipeline.untilLive(waitingAtMost: .milliseconds(Int64(wait * 1000)))
            while ContinuousClock.now < deadline, await pipeline.store.snapshot()[exchange].tickers[market] == nil {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        guard let price = board[exchange].tickers[market]?.price else {
            throw ValidationError("\(exchange.rawValue) has no price for \(market.code); give the PRICE sold at")
        }
        return price
    }
}
