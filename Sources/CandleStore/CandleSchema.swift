import GRDB

/// The store's schema and the migrations that build it, in order. A migration, once
/// shipped, is never changed: a later one changes what it made.
enum CandleSchema {
    /// The migrations' names, oldest first.
    static let versions = ["v1-candles", "v2-views", "v3-spans"]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(versions[0]) { db in
            // Prices and volumes as the exchange's decimal text: read back, they equal what
            // was written, digit for digit. Times in microseconds since the epoch.
            try db.execute(
                sql: """
                    CREATE TABLE candle (
                        source TEXT NOT NULL, market TEXT NOT NULL, interval TEXT NOT NULL, start INTEGER NOT NULL,
                        open TEXT NOT NULL, high TEXT NOT NULL, low TEXT NOT NULL, close TEXT NOT NULL,
                        volume TEXT NOT NULL, value TEXT,
                        PRIMARY KEY (source, market, interval, start)
                    ) WITHOUT ROWID
                    """)
        }
        migrator.registerMigration(versions[1]) { db in
            // When each market's chart was last looked at: trimming takes the oldest candles
            // of the markets looked at least recently first.
            try db.execute(
                sql: """
                    CREATE TABLE series_view (
                        source TEXT NOT NULL, market TEXT NOT NULL, viewed INTEGER NOT NULL,
                        PRIMARY KEY (source, market)
                    ) WITHOUT ROWID
                    """)
            try db.execute(
                sql: """
                    INSERT INTO series_view (source, market, viewed)
                    SELECT source, market, 0 FROM candle GROUP BY source, market
                    """)
        }
        migrator.registerMigration(versions[2]) { db in
            // Stretches of time over which the store holds every candle the exchange has, from
            // the pages it answered: [first, until) in microseconds, merged where they touch.
            // An earlier page inside one is read from the store instead of the exchange.
            try db.execute(
                sql: """
                    CREATE TABLE candle_span (
                        source TEXT NOT NULL, market TEXT NOT NULL, interval TEXT NOT NULL,
                        first INTEGER NOT NULL, until INTEGER NOT NULL,
                        PRIMARY KEY (source, market, interval, first)
                    ) WITHOUT ROWID
                    """)
        }
        return migrator
    }
}
