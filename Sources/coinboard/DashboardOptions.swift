import ArgumentParser
import CursesTerminal
import DashboardRuntime
import DashboardUI
import EventLoopExecution
import FeedPipeline
import Foundation
import Logging
import MarketRuntime
import NIOCore
import NIOPosix
import Persistence
import Settings
import UnixSignals

/// The dashboard's own options, and the dashboard run with them on a feed: shared by `tui`
/// (which chooses the feed with ``ExchangeOptions``) and `replay` (a recording).
struct DashboardOptions: ParsableArguments {
    @OptionGroup var files: ConfigOptions

    @OptionGroup var candleCache: CandleCacheFlag

    @Option(help: "The watchlist file (default: $XDG_CONFIG_HOME/coinboard/watchlist.json).")
    var watchlist: String?

    @Option(help: "The holdings file (default: $XDG_CONFIG_HOME/coinboard/holdings.json).")
    var holdings: String?

    @Option(name: .customLong("frame-rate"), help: "Most screen updates a second, 1–60 (default: \(DashboardApp.defaultFrameRate)).")
    var frameRate: Int?

    @Option(
        name: .customLong("signal-refresh"),
        help:
            "Seconds between reads of the listing, the alert list and the deposit/withdrawal list, 1–3600 (default: \(FeedConfiguration.defaultSignalRefresh.components.seconds))."
    )
    var signalRefresh: Int?

    @Option(
        name: .customLong("rate-refresh"),
        help:
            "Seconds between reads of the won–dollar rate (the kimchi premium's), 1–3600 (default: \(ForexPoller.defaultInterval.components.seconds))."
    )
    var rateRefresh: Int?

    @Option(name: .customLong("log-file"), help: "Append the dashboard's log to this file (nothing is logged otherwise).")
    var logFile: String?

    func validate() throws {
        if let frameRate, !(1...60).contains(frameRate) { throw ValidationError("--frame-rate must be between 1 and 60") }
        if let signalRefresh, !(1...3600).contains(signalRefresh) {
            throw ValidationError("--signal-refresh must be between 1 and 3600")
        }
        if let rateRefresh, !(1...3600).contains(rateRefresh) { throw ValidationError("--rate-refresh must be between 1 and 3600") }
    }

    /// Runs the dashboard on the feeds `plan` picks from the resolved settings (the
    /// configuration files, then `feedFlags`, then this group's flags), until the user quits or
    /// SIGINT, SIGTERM or SIGHUP; the view left is remembered.
    func run(feedFlags: ConfigSettings = ConfigSettings(), plan pick: (ConfigSettings) throws -> FeedPlan) async throws {
        let environment = ProcessInfo.processInfo.environment
        let resolved = try files.settings(environment: environment, flags: feedFlags.overlaid(by: flags))
        let plan = try pick(resolved)
        let logger = try FileLogHandler.logger(label: "coinboard.dashboard", to: .file(resolved.logFile))
        let viewFile = StateFile<RememberedView>(path: StateFile<RememberedView>.defaultPath("state.json", environment: environment))
        let remembered = await rememberedView(in: viewFile, logger: logger)
        let settings = remembered.applied(
            to: resolved.dashboardSettings(
                exchangeName: plan.displayName, isDemo: plan.usesDemo,
                isUnicode: CursesBackend.localeIsUTF8()))
        let repository = WatchlistFile(path: resolved.watchlist ?? WatchlistFile.defaultPath(environment: environment))
        let holdingsFile = HoldingsFile(path: resolved.holdings ?? HoldingsFile.defaultPath(environment: environment))
        let usesColor = environment["NO_COLOR"].map(\.isEmpty) ?? true
        let frameRate = resolved.frameRate ?? DashboardApp.defaultFrameRate
        var cacheWarning: String?
        let candleStore = await CandleCache.open(resolved) { warning in
            logger.warning("\(warning)")
            cacheWarning = warning
        }
        let startupNotice = cacheWarning
        // The command line, the settings, the saved view and the candle store are read: their
        // code need not stay resident while the dashboard starts.
        ResidentCode.release()
        // The screen's own thread: the app, its snapshot reader, its timers and the exchanges'
        // connections run on one event loop, so reading and drawing a frame wake one thread.
        let screenLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let screenClock = EventLoopClock(loop: screenLoop.next())
        defer { screenLoop.shutdownGracefully { _ in } }
        try await runUntilSignalled(trapping: [.sigint, .sigterm, .sighup], logger: logger) {
            try await LivePipeline.run(
                plan: plan,
                configuration: FeedConfiguration(
                    signalRefresh: resolved.signalRefresh.map { .seconds($0) } ?? FeedConfiguration.defaultSignalRefresh,
                    rateRefresh: resolved.rateRefresh.map { .seconds($0) } ?? ForexPoller.defaultInterval),
                logger: logger,
                snapshotsPerSecond: frameRate, storeClock: screenClock, connectionLoop: screenLoop.next(),
                archive: CandleCache.archives(in: candleStore), chartPagesBack: true
            ) { pipeline in
                let app = DashboardApp(
                    backend: CursesBackend(usesColor: usesColor, usesMouse: settings.usesMouse),
                    store: pipeline.store, supervisors: pipeline.supervisors, referenceSupervisor: pipeline.referenceSupervisor,
                    watchlist: repository, holdings: holdingsFile,
                    accounts: DashboardAccount.accounts(of: plan, in: pipeline, environment: environment), settings: settings, frameRate: frameRate,
                    notice: startupNotice, clock: screenClock, logger: logger)
                let view = try await withTaskExecutorPreference(EventLoopTaskExecutor(loop: screenLoop.next())) {
                    try await app.run()
                }
                do {
                    try await viewFile.save(view)
                } catch {
                    logger.warning("view not remembered", metadata: ["error": "\(error)"])
                }
            }
        }
    }

    /// The view the user left last time; nothing when there is none or it cannot be read
    /// (the dashboard still starts; the log says why).
    private func rememberedView(in file: StateFile<RememberedView>, logger: Logger) async -> RememberedView {
        do {
            let (view, notice) = try await file.load()
            if let notice { logger.warning("\(notice)") }
            return view ?? RememberedView()
        } catch {
            logger.warning("view not read", metadata: ["error": "\(error)"])
            return RememberedView()
        }
    }

    /// This group's flags as the top settings layer.
    private var flags: ConfigSettings {
        var flags = ConfigSettings()
        flags.watchlist = watchlist
        flags.holdings = holdings
        flags.logFile = logFile
        flags.frameRate = frameRate
        flags.signalRefresh = signalRefresh
        flags.rateRefresh = rateRefresh
        return flags.overlaid(by: candleCache.flags)
    }
}
