import ArgumentParser
import CursesTerminal
import DashboardUI
import Foundation
import Logging
import MarketRuntime
import Persistence
import UnixSignals

/// `coinboard` (or `coinboard tui`): the live dashboard.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Show the live dashboard (the default command).",
        discussion: """
            Every KRW market live, a Favorites tab, and one market's order book, trades and chart. \
            Press ? in the dashboard for the keys. The terminal is restored on q, Ctrl-C, SIGTERM and errors.
            """
    )

    @OptionGroup var exchange: ExchangeOptions

    @Option(help: "The watchlist file (default: $XDG_CONFIG_HOME/coinboard/watchlist.json).")
    var watchlist: String?

    @Option(name: .customLong("frame-rate"), help: "Most screen updates a second (1–60).")
    var frameRate = 30

    @Option(name: .customLong("log-file"), help: "Append the dashboard's log to this file (nothing is logged otherwise).")
    var logFile: String?

    func validate() throws {
        guard (1...60).contains(frameRate) else { throw ValidationError("--frame-rate must be between 1 and 60") }
    }

    func run() async throws {
        let source = try exchange.source()
        let logger = try FileLogHandler.logger(label: "coinboard.dashboard", path: logFile)
        let environment = ProcessInfo.processInfo.environment
        let settings = DashboardSettings(exchangeName: source.displayName, isDemo: source.name == "demo",
                                         isUnicode: CursesBackend.localeIsUTF8())
        let repository = WatchlistFile(path: watchlist ?? WatchlistFile.defaultPath(environment: environment))
        let usesColor = environment["NO_COLOR"].map(\.isEmpty) ?? true
        let frameRate = frameRate
        // Trapped before ncurses starts, so the signals end the dashboard through its one way out.
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sighup)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await LivePipeline.run(source: source, configuration: FeedConfiguration(), logger: logger) { pipeline in
                    let app = DashboardApp(backend: CursesBackend(usesColor: usesColor), store: pipeline.store,
                                           supervisor: pipeline.supervisor, watchlist: repository, settings: settings,
                                           frameRate: frameRate, logger: logger)
                    try await app.run()
                }
            }
            group.addTask {
                for await signal in signals {
                    logger.notice("stopping", metadata: ["signal": "\(signal)"])
                    return
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}
