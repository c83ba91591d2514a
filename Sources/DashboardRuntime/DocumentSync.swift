public import DashboardUI
public import Logging
public import MarketCore
import Synchronization

/// A document the dashboard keeps in step with a file other instances share (the watchlist, the
/// holdings): how it is read and saved, and what the UI is told.
public protocol SyncedDocument: Sendable, Hashable {
    /// The document before anything is saved.
    static var empty: Self { get }
    /// Its name in the log and the status bar ("watchlist").
    static var name: String { get }
    /// Tells the UI the saved document was read at start.
    static func loaded(_ document: Self) -> UIAction
    /// Tells the UI the file now holds `document`, merged with another instance's changes.
    static func synced(_ document: Self, replacing wanted: Self) -> UIAction
    /// Tells the UI the file cannot be saved or read now, or (`nil`) works again.
    static func problem(_ text: String?) -> UIAction
    /// What the log says of a saved document.
    var logMetadata: Logger.Metadata { get }
}

/// What reading or saving a document found.
public struct DocumentRead<Document: SyncedDocument>: Sendable {
    /// The document the file holds.
    public var document: Document
    /// Whether it was read from a saved file; `false` when none was saved yet.
    public var isSaved: Bool
    /// Something the user should know (a corrupt file set aside, say).
    public var notice: String?

    /// Creates a result.
    public init(document: Document, isSaved: Bool = true, notice: String? = nil) {
        self.document = document
        self.isSaved = isSaved
        self.notice = notice
    }
}

/// Keeps a document the dashboard changes and its saved file in step, off the UI's path.
///
/// It loads the document at start, saves each change the user makes (merged with what another
/// running instance saved), retries a failed save on every ``interval`` until it succeeds, and on
/// the same beat picks up what other instances saved. What the UI must know comes back as actions.
public struct DocumentSync<Document: SyncedDocument>: Sendable {
    /// What moves the sync along.
    public enum Event: Sendable, Hashable {
        /// The user's document is now this.
        case changed(Document)
        /// Time to retry a failed save, or to look for other instances' changes.
        case tick
    }

    /// How often a failed save is retried and the file re-read.
    public static var interval: Duration { .seconds(2) }

    private let load: @Sendable () async throws -> DocumentRead<Document>
    private let save: @Sendable (Document, Document) async throws -> DocumentRead<Document>
    private let logger: Logger
    /// The document as last loaded or saved: what merges take as the common ancestor.
    private var base = Document.empty
    /// The user's document while it is not saved yet.
    private var pending: Document?
    /// Failed attempts in a row, shown with the problem.
    private var failures = 0

    /// Creates a sync that reads with `load` and saves with `save` (the document wanted, then
    /// the base it was changed from).
    public init(
        load: @escaping @Sendable () async throws -> DocumentRead<Document>,
        save: @escaping @Sendable (Document, Document) async throws -> DocumentRead<Document>, logger: Logger
    ) {
        self.load = load
        self.save = save
        self.logger = logger
    }

    /// Loads the saved document.
    public mutating func start() async -> [UIAction] {
        do {
            let loaded = try await load()
            base = loaded.document
            return [Document.loaded(loaded.document)] + (loaded.notice.map { [.notice($0)] } ?? [])
        } catch {
            logger.error("\(Document.name) unreadable", metadata: ["error": "\(error)"])
            return [Document.loaded(.empty), Document.problem("\(Document.name): \(error)")]
        }
    }

    /// Saves a change, retries, or re-reads the file, and says what the UI must know.
    public mutating func handle(_ event: Event) async -> [UIAction] {
        if case .changed(let document) = event { pending = document }
        let wanted = pending ?? base
        do {
            let saved = pending == nil ? try await load() : try await save(wanted, base)
            var actions = recovered()
            if let notice = saved.notice { actions.append(.notice(notice)) }
            guard saved.isSaved else { return actions }
            if pending != nil { logger.info("\(Document.name) saved", metadata: saved.document.logMetadata) }
            pending = nil
            base = saved.document
            if saved.document != wanted { actions.append(Document.synced(saved.document, replacing: wanted)) }
            return actions
        } catch {
            failures += 1
            logger.error("\(Document.name) not saved", metadata: ["error": "\(error)", "failures": "\(failures)"])
            let what = pending == nil ? "\(Document.name) not read" : "\(Document.name) not saved"
            return [Document.problem("\(what) (\(failures)×, retrying): \(error)")]
        }
    }

    /// Loads, then handles each change as it comes and a tick every ``interval``, until
    /// `changes` finishes: the last change is then saved (tried once more if it failed) and
    /// the sync ends. Changes wait in a one-document mailbox, so however long a save takes, the
    /// newest document is the one saved next and none is dropped for a tick.
    public mutating func run(
        changes: AsyncStream<Document>, clock: any RuntimeClock,
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
            for await document in changes {
                mailbox.latest.withLock { $0 = document }
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

    /// The newest document the user made, until the sync takes it.
    private final class Mailbox: Sendable {
        let latest = Mutex<Document?>(nil)
    }

    private mutating func recovered() -> [UIAction] {
        defer { failures = 0 }
        return failures > 0 ? [Document.problem(nil)] : []
    }
}

/// The favorites and alerts kept in step with the watchlist file.
public typealias WatchlistSync = DocumentSync<Watchlist>

extension Watchlist: SyncedDocument {
    public static let name = "watchlist"
    public static func loaded(_ document: Watchlist) -> UIAction { .watchlistLoaded(document) }
    public static func synced(_ document: Watchlist, replacing wanted: Watchlist) -> UIAction {
        .watchlistSynced(document, replacing: wanted)
    }
    public static func problem(_ text: String?) -> UIAction { .watchlistProblem(text) }
    public var logMetadata: Logger.Metadata { ["favorites": "\(favorites.map(\.code))", "alerts": "\(alerts.count)"] }
}

extension DocumentSync where Document == Watchlist {
    /// Creates a sync over a watchlist repository.
    public init(repository: any WatchlistRepository, logger: Logger) {
        self.init(
            load: {
                let loaded = try await repository.load()
                return DocumentRead(document: loaded.watchlist, isSaved: loaded.isSaved, notice: loaded.notice)
            },
            save: { wanted, base in
                let saved = try await repository.save(wanted, base: base)
                return DocumentRead(document: saved.watchlist, isSaved: saved.isSaved, notice: saved.notice)
            }, logger: logger)
    }
}

/// The holdings kept in step with the holdings file.
public typealias HoldingsSync = DocumentSync<Holdings>

extension Holdings: SyncedDocument {
    public static let name = "holdings"
    public static func loaded(_ document: Holdings) -> UIAction { .holdingsLoaded(document) }
    public static func synced(_ document: Holdings, replacing wanted: Holdings) -> UIAction {
        .holdingsSynced(document, replacing: wanted)
    }
    public static func problem(_ text: String?) -> UIAction { .holdingsProblem(text) }
    public var logMetadata: Logger.Metadata { ["entries": "\(ledger.count)", "accounts": "\(accounts.count)"] }
}

extension DocumentSync where Document == Holdings {
    /// Creates a sync over a holdings repository.
    public init(repository: any HoldingsRepository, logger: Logger) {
        self.init(
            load: {
                let loaded = try await repository.load()
                return DocumentRead(document: loaded.holdings, notice: loaded.notice)
            },
            save: { wanted, base in
                let saved = try await repository.save(wanted, base: base)
                return DocumentRead(document: saved.holdings, notice: saved.notice)
            }, logger: logger)
    }
}
