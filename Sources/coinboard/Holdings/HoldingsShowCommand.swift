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

    @Option(help: "Seconds to wait for every position's price (a market the exchange does not list has none).")
    var wait: Double = 15

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @Option(name: .customLong("log-file"), help: "Append the connection's log to this file.")
    var logFile: String?

    func validate() throws {
        guard wait > 0, wait <= 3600 else { throw ValidationError("--wait must be between 0 and 3600 seconds") }
    }

    func run() async throws {
        var settings = try file.settings(flags: exchange.flags)
        let loaded = try await HoldingsFileOptions.file(settings).load()
        HoldingsEdit.report(loaded.notice)
        let held = Set(loaded.holdings.positions.filter { $0.quantity > .zero }.map(\.exchange))
        if settings.exchanges == nil, !held.isEmpty {
            settings.exchanges = held.sorted().map { $0 == .bithumb ? ExchangeChoice.bithumb : .upbit }
        }
        let holdings = loaded.holdings
        let board = try await LastPrice.board(
            plan: try exchange.plan(settings: settings), logFile: logFile ?? settings.logFile, waitingAtMost: wait
        ) { board in
            HoldingsValuation(holdings, board: board).rows.allSatisfy { $0.pricing != .awaiting }
        }
        let valuation = HoldingsValuation(loaded.holdings, board: board)
        let capturedAt = board.exchanges.map { board[$0].capturedAt }.max() ?? board.primary.capturedAt
        let text = try HoldingsReport(valuation, capturedAt: capturedAt).text(format: format)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// The exchanges' last prices, read as `snapshot` reads them.
enum LastPrice {
    /// The board once the feeds are live and `ready` holds, or `wait` seconds have passed;
    /// throws when nothing at all could be fetched.
    static func board(
        plan: FeedPlan, logFile: String?, waitingAtMost wait: Double, until ready: @escaping @Sendable (BoardSnapshot) -> Bool
    ) async throws -> BoardSnapshot {
        let logger = try FileLogHandler.logger(label: "coinboard.holdings", to: .file(logFile))
        let limit = Duration.milliseconds(Int64(wait * 1000))
        let deadline = ContinuousClock.now + limit
        let (board, origins) = try await LivePipeline.run(plan: plan, configuration: FeedConfiguration(), logger: logger) {
            pipeline in
            await pipeline.untilLive(waitingAtMost: limit)
            let left = deadline - ContinuousClock.now
            if left > .zero, !ready(await pipeline.store.snapshot()) {
                await pipeline.untilSnapshot(waitingAtMost: left, ready)
            }
            return (await pipeline.store.snapshot(), pipeline.origins)
        }
        try CoinboardError.requireFetched(board, origins: origins)
        return board
    }

    /// The last price of `market` on the one exchange `options` choose, waiting at most `wait`
    /// seconds for it, or only until the exchange's listing comes without the market; a usage
    /// error when the exchange has none.
    static func of(
        _ market: MarketCode, exchange options: ExchangeOptions, file: HoldingsFileOptions, waitingAtMost wait: Double
    ) async throws -> ExactDecimal {
        let settings = try file.settings(flags: options.flags)
        let exchange = try options.ledgerExchange(settings)
        let board = try await board(plan: try options.plan(settings: settings), logFile: settings.logFile, waitingAtMost: wait) {
            let snapshot = $0[exchange]
            return snapshot.tickers[market] != nil || (!snapshot.markets.isEmpty && !snapshot.lists(market))
        }
        guard let price = board[exchange].tickers[market]?.price else {
            throw ValidationError("\(exchange.rawValue) has no price for \(market.code); give the PRICE sold at")
        }
        return price
    }
}
