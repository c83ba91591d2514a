public import DashboardUI
public import Logging
public import MarketCore
import Synchronization

/// Keeps the dashboard's favorites and alerts and the saved watchlist in step, off the UI's path.
///
/// It loads the watchlist at start, saves each change the user makes (merged with what
/// another running instance saved), retries a failed save on every ``interval`` until it
/// succeeds, and on the same beat picks up what other instances saved. What the UI must know
/// comes back as actions.
public struct WatchlistSync: Sendable {
    /// What moves the sync along.
    public enum Event: Sendable, Hashable {
        /// The user's favorites and alerts are now these.
        case changed(Watchlist)
        /// Time to retry a failed save, or to look for other instances' changes.
        case tick
    }

    /// How often a failed save is retried and the file re-read.
    public static let interval = Duration.seconds(2)

    private let repository: any WatchlistRepository
    private let logger: Logger
    /// The watchlist as last loaded or saved: what merges take as the common ancestor.
    private var base = Watchlist.empty
    /// The user's watchlist while it is not saved yet.
    private var pending: Watchlist?
    /// Failed attempts in a row, shown with the problem.
    private var failures = 0

    /// Creates a sync over a repository.
    public init(repository: any WatchlistRepository, logger: Logger) {
        self.repository = repository
        self.logger = logger
    }

    /// Loads the saved watchlist.
    public mutating func start() async -> [UIAction] {
        do {
            let loaded = try await repository.load()
            base = loaded.watchlist
            return [.watchlistLoaded(loaded.watchlist)] + (loaded.notice.map { [.notice($0)] } ?? [])
        } catch {
            logger.error("watchlist unreadable", metadata: ["error": "\(error)"])
            return [.watchlistLoaded(.empty), .watchlistProblem("watchlist: \(error)")]
        }
    }

    /// Saves a change, retries, or re-reads the file, and says what the UI must know.
    public mutating func handle(_ event: Event) async -> [UIAction] {
        if case .changed(let watchlist) = event { pending = watchlist }
        let wanted = pending ?? base
        do {
            let saved = pending == nil ? try await repository.load() : try await repository.save(wanted, base: base)
            var actions = recovered()
            if let notice = saved.notice { actions.append(.notice(notice)) }
            guard saved.isSaved else { return actions }
            if pending != nil {
                logger.info(
                    "watchlist saved",
                    metadata: ["favorites": "\(saved.watchlist.favorites.map(\.code))", "alerts": "\(saved.watchlist.alerts.count)"])
            }
            pending = nil
            base = saved.watchlist
            if saved.watchlist != wanted { actions.append(.watchlistSynced(saved.watchlist, replacing: wanted)) }
            return actions
        } catch {
            failures += 1
            logger.error("watchlist not saved", metadata: ["error": "\(error)", "failures": "\(failures)"])
            let what = pending == nil ? "watchlist not read" : "watchlist not saved"
            return [.watchlistProblem("\(what) (\(failures)×, retrying): \(error)")]
        }
    }

    /// Loads, then handles each change as it comes and a tick every ``interval``, until
    /// `changes` finishes: the last change is then saved (tried once more if it failed) and
    /// the sync ends. Changes wait in a one-list mailbox, so however long a save takes, the
    /// newest list is the one saved next and none is dropped for a tick.
    public mutating func run(
        changes: AsyncStream<Watchlist>, clock: any RuntimeClock,
        report: @Sendable (UIAction) -> Void
    ) async {
        for action in await start() { report(action) }
        let mailbox = Mailbox()
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let ticks = Task {
            while (try? await clock.sleep(for: Self.interval)) != nil { wake.yield() }
        }
        defer { ticks.cancel() }
        let feeder = Task {
            for await watchlist in changes {
                mailbox.latest.withLock { $0 = watchlist }
                wake.yield()
            }
            wake.yield()
            wake.finish()
        }
        defer { feeder.cancel() }
        for await _ in wakes {
            let change = mailbox.latest.withLock { latest in
                defer { latest = nil }
                return latest
            }
            for action in await handle(change.map(Event.changed) ?? .tick) { report(action) }
        }
    }

    /// The newest watchlist the user made, until the sync takes it.
    private final class Mailbox: Sendable {
        let latest = Mutex<Watchlist?>(nil)
    }

    private mutating func recovered() -> [UIAction] {
        defer { failures = 0 }
        return failures > 0 ? [.watchlistProblem(nil)] : []
    }
}
