import GRDB
import MarketCore

/// What the store holds, for `coinboard cache stats`.
public struct CandleStoreStats: Sendable, Equatable {
    /// Candles held.
    public var candles: Int
    /// Series (source, market, interval) held.
    public var series: Int
    /// Bytes the database uses, free pages left out.
    public var bytes: Int64
}

extension CandleStore {
    /// The most rounds of deletion one trim takes.
    static let trimRounds = 8

    /// What the store holds now.
    public func stats() async throws(CandleStoreError) -> CandleStoreStats {
        try await reading { db in
            let candles = try Int.fetchOne(db, sql: "SELECT count(*) FROM candle") ?? 0
            let series = try Int.fetchOne(db, sql: "SELECT count(*) FROM (SELECT DISTINCT source, market, interval FROM candle)") ?? 0
            return CandleStoreStats(candles: candles, series: series, bytes: try Self.usedBytes(db))
        }
    }

    /// Removes candles until the database uses at most `maximumBytes`: the oldest candles of
    /// the markets looked at least recently go first. The file gives the pages back.
    /// - Returns: the candles removed.
    @discardableResult
    public func trim(toBytes maximumBytes: Int64) async throws(CandleStoreError) -> Int {
        let removed = try await writing { db -> Int in
            var removed = 0
            // Pages empty only as whole pages: delete what the bytes a candle takes say is
            // over, then again while it is still over (a few rounds at most).
            for _ in 0..<Self.trimRounds {
                let used = try Self.usedBytes(db)
                let candles = try Int.fetchOne(db, sql: "SELECT count(*) FROM candle") ?? 0
                guard used > maximumBytes, candles > 0 else { break }
                let perCandle = max(1, used / Int64(candles))
                let excess = Int((used - maximumBytes + perCandle - 1) / perCandle)
                try db.execute(
                    sql: """
                        DELETE FROM candle WHERE (source, market, interval, start) IN (
                            SELECT c.source, c.market, c.interval, c.start FROM candle c
                            LEFT JOIN series_view v ON v.source = c.source AND v.market = c.market
                            ORDER BY coalesce(v.viewed, 0), c.start LIMIT ?)
                        """,
                    arguments: [excess])
                removed += db.changesCount
            }
            if removed > 0 { try Self.shrinkSpans(db) }
            return removed
        }
        if removed > 0 { try await giveBackPages() }
        return removed
    }

    /// Removes every candle and every note of a market viewed; the file gives the pages back.
    public func clear() async throws(CandleStoreError) {
        try await writing { db in
            try db.execute(sql: "DELETE FROM candle")
            try db.execute(sql: "DELETE FROM series_view")
            try db.execute(sql: "DELETE FROM candle_span")
        }
        try await giveBackPages()
    }

    /// Starts each span at its series' oldest candle left, and drops a span left empty:
    /// trimming takes a series' oldest candles first, so what remains of a span is whole.
    private static func shrinkSpans(_ db: Database) throws {
        let oldestLeft = """
            coalesce((
                SELECT min(c.start) FROM candle c
                WHERE c.source = candle_span.source AND c.market = candle_span.market AND c.interval = candle_span.interval
            ), until)
            """
        // Those wholly before go first, so the one span moved up meets no other's start.
        try db.execute(sql: "DELETE FROM candle_span WHERE until <= \(oldestLeft)")
        try db.execute(sql: "UPDATE candle_span SET first = max(first, \(oldestLeft))")
    }

    /// Frees the pages deleted rows left, and empties the write-ahead log into the file.
    private func giveBackPages() async throws(CandleStoreError) {
        try await maintaining { db in
            try db.execute(sql: "PRAGMA incremental_vacuum")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The bytes the database's pages in use take.
    private static func usedBytes(_ db: Database) throws -> Int64 {
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        let size = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        return (pages - free) * size
    }
}
