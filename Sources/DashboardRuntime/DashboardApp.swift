public import DashboardUI
public import Logging
public import MarketCore
public import MarketRuntime
public import SystemTime
public import TerminalKit

/// Runs the dashboard: merges snapshots, keys, resizes and clock ticks into the UI state,
/// draws each change (at most `frameRate` times a second, only the cells that changed), and
/// carries out what the UI asks for — saving favorites, following a market — off its path.
///
/// The actor owns the terminal backend: every terminal call comes from here. The terminal
/// is given back on every way out of ``run()``: a quit, an error or cancellation.
public actor DashboardApp {
    private enum Wake: Sendable {
        case input
        case tick
        case action(UIAction)
        /// The frame put off because the previous one was less than a frame ago is due.
        case frame

        /// Whether what it changes is drawn without waiting for the frame gate: a snapshot
        /// (the store already publishes at most a frame's worth a second) or the user's input.
        var isDrawnAtOnce: Bool {
            switch self {
            case .input, .action(.snapshotArrived): true
            case .tick, .frame, .action: false
            }
        }
    }

    private let backend: any TerminalBackend
    private let store: MarketStore
    private let supervisors: [FeedSupervisor]
    /// The reference exchange's feed (the kimchi premium's world prices), when it is followed.
    private let referenceSupervisor: FeedSupervisor?
    private let watchlist: any WatchlistRepository
    private let holdings: any HoldingsRepository
    private let accounts: [any AccountReading]
    private let settings: DashboardSettings
    private let clock: any RuntimeClock
    private let frameInterval: Duration
    /// What the status bar says from the start (a candle cache that could not be opened), if anything.
    private let startupNotice: String?
    private let logger: Logger
    private var presenter = FramePresenter()
    private var screenCache = ScreenCache()
    private var lastFrameAt: MonotonicInstant?
    private var isFrameScheduled = false
    /// When the next clock tick is set to come, if one is.
    private var tickDue: MonotonicInstant?
    private var needsFrame = false
    private var latency = FeedToScreenLatency()
    private var latencyWindowStart: MonotonicInstant?
    private var measuredSnapshotVersion: UInt64 = 0

    /// Most frames a second when nothing else is configured.
    public static let defaultFrameRate = 30

    /// The clock's finest step: flashes end and the data's age (in tenths under 10 s) moves
    /// on this grid. Ticks come only when the screen reads differently by time alone.
    public static let tickInterval = Duration.milliseconds(100)

    /// The longest the clock waits between ticks: the status bar's clock shows seconds.
    public static let longestTick = Duration.seconds(1)

    /// When the dashboard lets go of the code start-up ran (``ResidentCode/release()``), each
    /// wait after the one before: once the listings, the first answers and the first frames are
    /// in, and again for a start-up slowed by the network.
    static let residentCodeReleases: [Duration] = [.seconds(2), .seconds(8)]

    /// How often after that it lets go again of code it ran once (a screen visited, a
    /// reconnection), so the code kept resident is what it keeps running.
    static let residentCodeRelease = Duration.seconds(600)

    /// How often the feed-to-screen latency is written to the log.
    static let latencyWindow = Duration.seconds(5)

    /// Creates the app; nothing touches the terminal until ``run()``. `accounts` are the
    /// exchange accounts `U` on the 보유 tab reads (the settings' readable accounts become theirs);
    /// `notice` is said in the status bar from the first frame. `referenceSupervisor` streams the
    /// reference's trades and candles of the coin in the detail view when it shows them.
    public init(
        backend: sending any TerminalBackend, store: MarketStore, supervisors: [FeedSupervisor],
        referenceSupervisor: FeedSupervisor? = nil, watchlist: any WatchlistRepository, holdings: any HoldingsRepository,
        accounts: [any AccountReading] = [],
        settings: DashboardSettings, frameRate: Int = defaultFrameRate, notice: String? = nil,
        clock: any RuntimeClock = SystemClock(), logger: Logger
    ) {
        startupNotice = notice
        self.backend = backend
        self.store = store
        self.supervisors = supervisors
        self.referenceSupervisor = referenceSupervisor
        self.watchlist = watchlist
        self.holdings = holdings
        self.accounts = accounts
        var settings = settings
        settings.readableAccounts = accounts.map(\.exchange)
        self.settings = settings
        self.clock = clock
        self.logger = logger
        frameInterval = .seconds(1) / max(1, frameRate)
    }

    /// Takes over the terminal and runs until the user quits or the task is cancelled; a
    /// favorites change not saved yet is saved before it returns. Returns the view the user
    /// left, for the next run to start from.
    @discardableResult
    public func run() async throws -> RememberedView {
        try backend.start()
        defer { backend.restore() }
        var state = UIState(settings: settings, size: backend.size, now: clock.wallNow())
        if let startupNotice { _ = state.reduce(.notice(startupNotice)) }
        let wakes = WakeQueue<Wake>(limit: 256)
        let (saves, save) = AsyncStream.makeStream(of: Watchlist.self, bufferingPolicy: .bufferingNewest(1))
        let (holdingsSaves, saveHoldings) = AsyncStream.makeStream(of: Holdings.self, bufferingPolicy: .bufferingNewest(1))
        let (follows, follow) = AsyncStream.makeStream(of: FollowRequest.self, bufferingPolicy: .bufferingNewest(1))
        // Not child tasks: cancelling the dashboard must not cancel the save of a last change.
        let watchlistSync = Task { [watchlist, clock, logger] in
            var sync = WatchlistSync(repository: watchlist, logger: logger)
            await sync.run(changes: saves, clock: clock) { wakes.yield(.action($0)) }
        }
        let holdingsSync = Task { [holdings, clock, logger] in
            var sync = HoldingsSync(repository: holdings, logger: logger)
            await sync.run(changes: holdingsSaves, clock: clock) { wakes.yield(.action($0)) }
        }
        await runScreen(
            &state, wakes: wakes, saves: Saves(watchlist: save, holdings: saveHoldings), follows: follows,
            follow: follow)
        save.finish()
        saveHoldings.finish()
        await watchlistSync.value
        await holdingsSync.value
        return RememberedView(state)
    }

    /// Draws and reacts until the user quits or the task is cancelled.
    private func runScreen(
        _ state: inout UIState, wakes: WakeQueue<Wake>,
        saves: Saves, follows: AsyncStream<FollowRequest>,
        follow: AsyncStream<FollowRequest>.Continuation
    ) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.follow(follows) }
            group.addTask { [store] in
                while let snapshot = await store.nextSnapshot() { wakes.yield(.action(.snapshotArrived(snapshot))) }
            }
            group.addTask { [inputReady = backend.inputReady] in
                for await _ in inputReady { wakes.yield(.input) }
            }
            group.addTask { [clock] in
                for wait in Self.residentCodeReleases {
                    guard (try? await clock.sleep(for: wait)) != nil else { return }
                    ResidentCode.release()
                }
                while (try? await clock.sleep(for: Self.residentCodeRelease)) != nil { ResidentCode.release() }
            }
            draw(state)
            scheduleTick(for: state, group: &group, wakes: wakes)
            loop: while let next = await wakes.next() {
                if case .frame = next { isFrameScheduled = false }
                if case .tick = next, let due = tickDue, clock.monotonicNow() >= due { tickDue = nil }
                for action in actions(for: next, in: state) {
                    needsFrame = true
                    for command in state.reduce(action) {
                        switch command {
                        case .quit: break loop
                        case .saveWatchlist(let watchlist): saves.watchlist.yield(watchlist)
                        case .saveHoldings(let holdings): saves.holdings.yield(holdings)
                        case .ringBell: backend.ringBell()
                        case .follow(let market, let interval, let reference):
                            follow.yield(FollowRequest(market: market, interval: interval, reference: reference))
                        case .fetchEarlierCandles(let exchange, let market, let interval, let before):
                            fetchEarlierCandles(exchange, market, interval, before: before, group: &group)
                        case .readAccounts: readAccounts(group: &group, wakes: wakes)
                        }
                    }
                }
                drawOrSchedule(state, atOnce: next.isDrawnAtOnce, group: &group, wakes: wakes)
                scheduleTick(for: state, group: &group, wakes: wakes)
            }
            wakes.finish(droppingPending: true)
            group.cancelAll()
        }
    }

    /// Where the user's changes go to be saved.
    private struct Saves {
        let watchlist: AsyncStream<Watchlist>.Continuation
        let holdings: AsyncStream<Holdings>.Continuation
    }

    private func actions(for wake: Wake, in state: UIState) -> [UIAction] {
        switch wake {
        case .action(let action):
            return [action]
        case .frame:
            return []
        case .input:
            return backend.pendingEvents().map(Self.action(for:))
        case .tick:
            // The time is passed on (and a frame drawn) only when the screen would show it: a
            // tick set for a change that something else has drawn meanwhile draws nothing.
            let now = clock.wallNow()
            let events = actions(for: .input, in: state)
            return state.readsDifferently(at: now) ? events + [.tick(now)] : events
        }
    }

    private static func action(for event: TerminalEvent) -> UIAction {
        switch event {
        case .key(let key): .keyPressed(key)
        case .mouse(let event): .mouse(event)
        case .resized(let size): .resized(size)
        }
    }

    /// Draws a changed state now if the previous frame was at least a frame ago (or `atOnce`),
    /// or else makes sure a frame comes when it is due. Every wake is taken in at once, so a
    /// key or a snapshot never waits behind frames queued for earlier ones. Snapshots and input
    /// are drawn at once (``Wake/isDrawnAtOnce``): the store already publishes at most a
    /// frame's worth a second, and holding a snapshot for the frame gate as well stacked a
    /// second frame period on its latency (feed→screen p50 54 → 23 ms at 30 fps).
    private func drawOrSchedule(
        _ state: UIState, atOnce: Bool, group: inout DiscardingTaskGroup,
        wakes: WakeQueue<Wake>
    ) {
        guard needsFrame else { return }
        let sinceLastFrame = lastFrameAt.map { clock.monotonicNow().duration(since: $0) } ?? frameInterval
        if atOnce || sinceLastFrame >= frameInterval {
            draw(state)
        } else if !isFrameScheduled {
            isFrameScheduled = true
            group.addTask { [clock, frameInterval] in
                guard (try? await clock.sleep(for: frameInterval - sinceLastFrame)) != nil else { return }
                wakes.yield(.frame)
            }
        }
    }

    /// Makes sure a tick comes when the screen next reads differently by time alone (the
    /// clock's second, the data's age, a flash's end), looked for in ``tickInterval`` steps up
    /// to ``longestTick``: a quiet market wakes the app once a second. A tick already set for
    /// that time or sooner is kept; one set for later is overtaken by a new one (and draws
    /// nothing when it comes). A tick already due within one step is kept without looking (the
    /// search runs after every wake, snapshots included): a change is then shown within a step
    /// of its time, as the step grid allows anyway.
    private func scheduleTick(for state: UIState, group: inout DiscardingTaskGroup, wakes: WakeQueue<Wake>) {
        let now = clock.monotonicNow()
        if let tickDue, tickDue <= now.advanced(by: Self.tickInterval) { return }
        let delay = state.timeToNextTimedChange(after: clock.wallNow(), step: Self.tickInterval, limit: Self.longestTick)
        let due = now.advanced(by: delay)
        if let tickDue, tickDue <= due { return }
        tickDue = due
        group.addTask { [clock] in
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            wakes.yield(.tick)
        }
    }

    private func draw(_ state: UIState) {
        needsFrame = false
        lastFrameAt = clock.monotonicNow()
        let frame = DashboardScreen.render(state, into: presenter.blankFrame(size: state.size), cache: &screenCache)
        presenter.present(frame, on: backend)
        measureLatency(of: state.snapshot, shownAt: clock.wallNow())
    }

    /// Samples how long the tickers of a snapshot drawn for the first time took from the
    /// exchange to the screen (wall clock against the exchange's stamps), and logs the figures
    /// every ``latencyWindow`` (monotonic).
    private func measureLatency(of snapshot: MarketSnapshot, shownAt now: Timestamp) {
        if snapshot.version > measuredSnapshotVersion {
            measuredSnapshotVersion = snapshot.version
            for market in snapshot.diff.tickers {
                if let sent = snapshot.tickers[market]?.timestamp { latency.record(sent: sent, shown: now) }
            }
        }
        let elapsed = clock.monotonicNow()
        guard let start = latencyWindowStart else {
            latencyWindowStart = elapsed
            return
        }
        guard elapsed.duration(since: start) >= Self.latencyWindow else { return }
        if latency.count > 0 { logger.info("feed-to-screen latency \(latency.summary)") }
        latency.reset()
        latencyWindowStart = elapsed
    }

    // MARK: Commands, off the UI's path

    private struct FollowRequest: Sendable {
        let market: MarketCode?
        let interval: CandleInterval
        /// Whether the reference's trades and candles of the coin are shown as well.
        let reference: Bool
    }

    /// Reads every account, each in a task of its own; each read, or why it failed, comes back
    /// as an action. The log names the exchange and the outcome, never the keys.
    private func readAccounts(group: inout DiscardingTaskGroup, wakes: WakeQueue<Wake>) {
        for account in accounts {
            group.addTask { [clock, logger] in
                do {
                    let read = try await account.read(clock: clock)
                    logger.info("account read", metadata: ["exchange": "\(read.exchange.rawValue)", "coins": "\(read.balances.count)"])
                    wakes.yield(.action(.accountRead(read)))
                } catch {
                    let reason = "\(error)"
                    logger.warning("account not read", metadata: ["exchange": "\(account.exchange.rawValue)", "error": "\(reason)"])
                    wakes.yield(.action(.accountNotRead(account.exchange, reason: reason)))
                }
            }
        }
    }

    /// Asks the feed of `exchange` for the page of candles before `before`, off the UI's path.
    private func fetchEarlierCandles(
        _ exchange: Exchange, _ market: MarketCode, _ interval: CandleInterval, before: Timestamp, group: inout DiscardingTaskGroup
    ) {
        let supervisor = exchange == referenceSupervisor?.exchange ? referenceSupervisor : supervisors.first { $0.exchange == exchange }
        guard let supervisor else { return }
        group.addTask { await supervisor.fetchEarlierCandles(of: market, interval: interval, before: before) }
    }

    private func follow(_ requests: AsyncStream<FollowRequest>) async {
        for await request in requests {
            for supervisor in supervisors {
                await supervisor.setView(
                    focus: request.market.map { [$0] } ?? [],
                    candleInterval: request.market == nil ? nil : request.interval)
            }
            let referenced = request.reference ? request.market?.inTether : nil
            await referenceSupervisor?.setView(focus: referenced.map { [$0] } ?? [], candleInterval: referenced == nil ? nil : request.interval)
        }
    }
}
