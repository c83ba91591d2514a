import Foundation
import GRDB
public import MarketCore
import Persistence

/// Candles kept between runs in one SQLite file (WAL, so two dashboards can share it), keyed by
/// source, market, interval and start. Prices and volumes are stored as decimal text: what is
/// read back equals what was written. Every call runs on GRDB's own queues, never on the
/// caller's thread, and waits for them.
public final class CandleStore: Sendable {
    /// The database file.
    public let path: String
    /// Where a damaged file found at `path` was set aside when the store opened, if one was.
    public let setAside: String?
    private let pool: DatabasePool

    /// How long a call waits for another process's write before it fails.
    static let busyTimeout: TimeInterval = 5

    /// Opens the store at `path`, made with its folder when missing and brought to the
    /// latest schema. A file that is not a database, or a damaged one, is set aside as
    /// `<path>.corrupt-<UTC time>` (its `-wal` and `-shm` with it) and a new store begun.
    public init(path: String) throws(CandleStoreError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: path, reason: "its folder cannot be made")
        }
        do {
            guard Self.isDatabaseOrAbsent(path) else { throw DatabaseError(resultCode: .SQLITE_NOTADB) }
            pool = try Self.openPool(at: path)
            setAside = nil
        } catch let error as DatabaseError where error.isDamage {
            guard let aside = Self.setAside(path) else {
                throw .unreadable(path: path, reason: "damaged, and it could not be moved aside")
            }
            setAside = aside
            do { pool = try Self.openPool(at: path) } catch { throw Self.storeError(error, at: path) }
        } catch {
            throw Self.storeError(error, at: path)
        }
    }

    /// The store's file in the user's cache folder: `$XDG_CACHE_HOME/coinboard/candles.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        CacheFolder.path(environment: environment) + "/candles.sqlite"
    }

    /// Up to `limit` candles of a series that start before `before` (all when `nil`), the
    /// newest of them, oldest first.
    public func candles(of key: CandleSeriesKey, before: Timestamp? = nil, limit: Int) async throws(CandleStoreError) -> [Candle] {
        try await reading { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(CandleRow.columns) FROM candle
                    WHERE source = ? AND market = ? AND interval = ? AND start < ?
                    ORDER BY start DESC LIMIT ?
                    """,
                arguments: [
                    key.source, key.market.code, key.interval.rawValue, before?.microseconds ?? Int64.max, max(0, limit),
                ])
            return rows.reversed().compactMap(CandleRow.candle)
        }
    }

    /// Writes candles of a series in one transaction; a candle already held at the same start
    /// is replaced (a fetched page wins over what was held). With `covering`, the exchange's
    /// answer holds every candle it has in that stretch of time, and the store says so from
    /// then on (see ``coveredPage(of:before:limit:)``).
    public func save(_ candles: [Candle], of key: CandleSeriesKey, covering: Range<Timestamp>? = nil) async throws(CandleStoreError) {
        guard !candles.isEmpty || covering != nil else { return }
        try await writing { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO candle (source, market, interval, \(CandleRow.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (source, market, interval, start) DO UPDATE SET
                    open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
                    volume = excluded.volume, value = excluded.value
                    """)
            for candle in candles { try statement.execute(arguments: CandleRow.arguments(candle, of: key)) }
            if let covering, !covering.isEmpty { try Self.addSpan(covering, of: key, in: db) }
        }
    }

    /// Up to `limit` of the newest candles of a series before `before`, when the store holds
    /// every candle the exchange has from the oldest of them up to `before` (a span of answered
    /// pages reaches it): the page the exchange would answer, or its newest part. `nil` when
    /// the store cannot say, or holds none there.
    public func coveredPage(of key: CandleSeriesKey, before: Timestamp, limit: Int) async throws(CandleStoreError) -> [Candle]? {
        try await reading { db in
            guard
                let first = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT first FROM candle_span
                        WHERE source = ? AND market = ? AND interval = ? AND first < ? AND until >= ?
                        """,
                    arguments: [key.source, key.market.code, key.interval.rawValue, before.microseconds, before.microseconds])
            else { return nil }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(CandleRow.columns) FROM candle
                    WHERE source = ? AND market = ? AND interval = ? AND start >= ? AND start < ?
                    ORDER BY start DESC LIMIT ?
                    """,
                arguments: [key.source, key.market.code, key.interval.rawValue, first, before.microseconds, max(0, limit)])
            let page = rows.reversed().compactMap(CandleRow.candle)
            return page.isEmpty ? nil : page
        }
    }

    /// Adds `span` to the series' spans, merged with every one it overlaps or touches.
    private static func addSpan(_ span: Range<Timestamp>, of key: CandleSeriesKey, in db: Database) throws {
        let series: StatementArguments = [key.source, key.market.code, key.interval.rawValue]
        let touching = "source = ? AND market = ? AND interval = ? AND first <= ? AND until >= ?"
        let bounds: StatementArguments = [span.upperBound.microseconds, span.lowerBound.microseconds]
        let row = try Row.fetchOne(
            db, sql: "SELECT min(first) AS first, max(until) AS until FROM candle_span WHERE \(touching)", arguments: series + bounds)
        let first = min(row?["first"] ?? span.lowerBound.microseconds, span.lowerBound.microseconds)
        let until = max(row?["until"] ?? span.upperBound.microseconds, span.upperBound.microseconds)
        try db.execute(sql: "DELETE FROM candle_span WHERE \(touching)", arguments: series + bounds)
        try db.execute(
            sql: "INSERT INTO candle_span (source, market, interval, first, until) VALUES (?, ?, ?, ?, ?)", arguments: series + [first, until])
    }

    /// Notes that a market's chart was looked at `time`: trimming spares it longest.
    public func markViewed(source: String, market: MarketCode, at time: Timestamp) async throws(CandleStoreError) {
        try await writing { db in
            try db.execute(
                sql: """
                    INSERT INTO series_view (source, market, viewed) VALUES (?, ?, ?)
                    ON CONFLICT (source, market) DO UPDATE SET viewed = max(viewed, excluded.viewed)
                    """,
                arguments: [source, market.code, time.microseconds])
        }
    }

    // MARK: Access

    func reading<Value: Sendable>(_ body: @Sendable @escaping (Database) throws -> Value) async throws(CandleStoreError) -> Value {
        do { return try await pool.read(body) } catch { throw Self.storeError(error, at: path) }
    }

    func writing<Value: Sendable>(_ body: @Sendable @escaping (Database) throws -> Value) async throws(CandleStoreError) -> Value {
        do { return try await pool.write(body) } catch { throw Self.storeError(error, at: path) }
    }

    /// Runs `body` outside a transaction (for pragmas that cannot run in one).
    func maintaining(_ body: @Sendable @escaping (Database) throws -> Void) async throws(CandleStoreError) {
        do { try await pool.writeWithoutTransaction(body) } catch { throw Self.storeError(error, at: path) }
    }

    // MARK: Opening

    private static func openPool(at path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "coinboard.candles"
        let pool = try DatabasePool(path: path, configuration: configuration)
        do {
            try pool.writeWithoutTransaction { db in
                // So that trimming gives pages back; a file takes it only when rewritten (once,
                // when new).
                guard try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 0 else { return }
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                try db.execute(sql: "VACUUM")
            }
            try CandleSchema.migrator.migrate(pool)
            return pool
        } catch {
            try? pool.close()
            throw error
        }
    }

    /// Whether the file at `path` is missing, empty, or begins as every SQLite database does:
    /// anything else is set aside before SQLite opens it (and resets its log).
    private static func isDatabaseOrAbsent(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? file.close() }
        let header = (try? file.read(upToCount: 16)) ?? Data()
        return header.isEmpty || header == Data("SQLite format 3\0".utf8)
    }

    /// Moves a damaged file and its `-wal` and `-shm` aside; returns where it went.
    private static func setAside(_ path: String) -> String? {
        guard let aside = Quarantine.setAside(path) else { return nil }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
        }
        return aside
    }

    static func storeError(_ error: any Error, at path: String) -> CandleStoreError {
        guard let error = error as? DatabaseError else { return .database(String(describing: error)) }
        switch error.resultCode {
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_PERM:
            return .unwritable(path: path, reason: error.message ?? "\(error.resultCode)")
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        default:
            return .database(error.message ?? "\(error.resultCode)")
        }
    }
}

extension DatabaseError {
    /// Whether the file is not a database or a damaged one.
    fileprivate var isDamage: Bool { resultCode == .SQLITE_NOTADB || resultCode == .SQLITE_CORRUPT }
}
