import Foundation
import GRDB
import MarketCore
import Testing

@testable import CandleStore

/// The candle store on a temporary file.
@Suite struct CandleStoreTests {
    let btc = CandleSeriesKey(source: "bithumb", market: MarketCode(code: "KRW-BTC")!, interval: .oneMinute)
    let eth = CandleSeriesKey(source: "bithumb", market: MarketCode(code: "KRW-ETH")!, interval: .oneMinute)

    /// A fresh folder for one test's store, removed after it.
    func withFolder(_ body: (String) async throws -> Void) async throws {
        let folder = NSTemporaryDirectory() + "candle-store-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await body(folder)
    }

    func candle(minute: Int64, close: ExactDecimal = 155_083_000, volume: ExactDecimal = 1) -> Candle {
        Candle(
            start: Timestamp(microseconds: 1_764_300_000_000_000 + minute * 60_000_000), open: 155_000_000, high: max(close, 155_100_000),
            low: 154_900_000, close: close, volume: volume, tradeValue: close * volume)
    }

    @Test func anEmptyFolderGetsANewStoreAtTheLatestSchema() async throws {
        try await withFolder { folder in
            let path = folder + "/cache/coinboard/candles.sqlite"
            let store = try CandleStore(path: path)
            #expect(store.setAside == nil)
            let stats = try await store.stats()
            #expect(stats.candles == 0 && stats.series == 0)
            let applied = try await DatabaseQueue(path: path).read { try CandleSchema.migrator.appliedIdentifiers($0) }
            #expect(applied == Set(CandleSchema.versions))
        }
    }

    @Test func anOlderSchemaIsMigratedAndKeepsItsCandles() async throws {
        try await withFolder { folder in
            let path = folder + "/candles.sqlite"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let older = try DatabaseQueue(path: path)
            try CandleSchema.migrator.migrate(older, upTo: CandleSchema.versions[0])
            try await older.write { db in
                try db.execute(
                    sql: "INSERT INTO candle VALUES ('bithumb', 'KRW-BTC', '1m', 60000000, '1', '2', '0.5', '1.5', '10', NULL)")
            }
            try older.close()
            let store = try CandleStore(path: path)
            let held = try await store.candles(of: btc, limit: 10)
            #expect(
                held == [
                    Candle(
                        start: Timestamp(microseconds: 60_000_000), open: 1, high: 2, low: ExactDecimal("0.5")!, close: ExactDecimal("1.5")!,
                        volume: 10)
                ])
            let viewed = try await store.reading { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM series_view") }
            #expect(viewed == 1, "the migration notes every market it found, as never viewed")
        }
    }

    @Test func theLiveCandleIsUpdatedInPlace() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save([candle(minute: 0), candle(minute: 1, close: 155_090_000)], of: btc)
            try await store.save([candle(minute: 1, close: 155_200_000, volume: 3)], of: btc)
            let held = try await store.candles(of: btc, limit: 10)
            #expect(held == [candle(minute: 0), candle(minute: 1, close: 155_200_000, volume: 3)])
        }
    }

    @Test func aFetchedPageMergesWithWhatIsHeldAndWinsWhereTheyDiffer() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save((0..<10).map { candle(minute: $0) }, of: btc)
            let page = (5..<15).map { candle(minute: $0, close: $0 == 7 ? 155_300_000 : 155_083_000) }
            try await store.save(page, of: btc)
            let held = try await store.candles(of: btc, limit: 100)
            #expect(held.map(\.start) == (0..<15).map { candle(minute: $0).start })
            #expect(held[7].close == 155_300_000)
            #expect(try await store.candles(of: eth, limit: 100).isEmpty, "series stay apart")
        }
    }

    @Test func aPageBeforeATimeIsTheNewestCandlesBeforeIt() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save((0..<20).map { candle(minute: $0) }, of: btc)
            let page = try await store.candles(of: btc, before: candle(minute: 12).start, limit: 3)
            #expect(page.map(\.start) == [9, 10, 11].map { candle(minute: $0).start })
        }
    }

    func span(_ minutes: Range<Int64>) -> Range<Timestamp> {
        candle(minute: minutes.lowerBound).start..<candle(minute: minutes.upperBound).start
    }

    /// A page is read from the store only inside what the exchange's answers covered, and only
    /// back to where that coverage starts; answers that touch make one span.
    @Test func aPageInsideAnAnsweredSpanComesFromTheStore() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save((0..<50).map { candle(minute: $0) }, of: btc)
            #expect(try await store.coveredPage(of: btc, before: candle(minute: 40).start, limit: 10) == nil, "held, but no answer covered it")
            try await store.save((30..<50).map { candle(minute: $0) }, of: btc, covering: span(30..<50))
            let inside = try await store.coveredPage(of: btc, before: candle(minute: 45).start, limit: 10)
            #expect(inside?.map(\.start) == (35..<45).map { candle(minute: $0).start })
            let toItsStart = try await store.coveredPage(of: btc, before: candle(minute: 35).start, limit: 10)
            #expect(toItsStart?.map(\.start) == (30..<35).map { candle(minute: $0).start }, "not past where the answers began")
            #expect(try await store.coveredPage(of: btc, before: candle(minute: 30).start, limit: 10) == nil)
            #expect(try await store.coveredPage(of: btc, before: candle(minute: 60).start, limit: 10) == nil, "after the span")
            try await store.save((10..<30).map { candle(minute: $0) }, of: btc, covering: span(10..<30))
            let joined = try await store.coveredPage(of: btc, before: candle(minute: 35).start, limit: 10)
            #expect(joined?.map(\.start) == (25..<35).map { candle(minute: $0).start }, "touching answers make one span")
            #expect(try await store.coveredPage(of: eth, before: candle(minute: 35).start, limit: 10) == nil, "series stay apart")
        }
    }

    /// Trimming a series' oldest candles moves its span's start up to what is left; clearing
    /// drops every span.
    @Test func trimmingAndClearingTakeTheSpansWithTheCandles() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save((0..<10).map { candle(minute: $0) }, of: btc, covering: span(0..<10))
            try await store.save((100..<3000).map { candle(minute: $0) }, of: btc, covering: span(100..<3000))
            let full = try await store.stats()
            let removed = try await store.trim(toBytes: full.bytes / 2)
            let oldest = try #require(try await store.candles(of: btc, before: nil, limit: 3000).first)
            #expect(removed > 10 && oldest.start > candle(minute: 100).start)
            #expect(try await store.coveredPage(of: btc, before: oldest.start, limit: 10) == nil, "nothing covered before what is left")
            let after = oldest.start.advanced(byMicroseconds: 5 * 60_000_000)
            #expect(try await store.coveredPage(of: btc, before: after, limit: 10)?.first == oldest)
            try await store.clear()
            try await store.save([candle(minute: 200)], of: btc)
            #expect(try await store.coveredPage(of: btc, before: candle(minute: 201).start, limit: 10) == nil)
        }
    }

    @Test func extremeValuesComeBackExactly() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            let tiny = ExactDecimal("0.000000000000000001")!
            let extremes = [
                Candle(
                    start: Timestamp(microseconds: -62_135_596_800_000_000), open: .greatestMagnitude, high: .greatestMagnitude,
                    low: -.greatestMagnitude, close: tiny, volume: .greatestMagnitude, tradeValue: nil),
                Candle(
                    start: Timestamp(microseconds: 253_402_300_740_000_000), open: tiny, high: ExactDecimal("123456789.123456789")!, low: tiny,
                    close: ExactDecimal("0.1")!, volume: tiny, tradeValue: .zero),
            ]
            try await store.save(extremes, of: btc)
            #expect(try await store.candles(of: btc, limit: 10) == extremes)
        }
    }

    @Test func trimmingTakesTheOldestCandlesOfTheLeastRecentlyViewedMarketsFirst() async throws {
        try await withFolder { folder in
            let path = folder + "/candles.sqlite"
            let store = try CandleStore(path: path)
            try await store.save((0..<3000).map { candle(minute: $0) }, of: btc)
            try await store.save((0..<3000).map { candle(minute: $0) }, of: eth)
            try await store.markViewed(source: "bithumb", market: btc.market, at: Timestamp(microseconds: 200))
            try await store.markViewed(source: "bithumb", market: eth.market, at: Timestamp(microseconds: 100))
            let full = try await store.stats()
            let fileBefore = try fileSize(path)
            let removed = try await store.trim(toBytes: full.bytes * 3 / 4)
            let after = try await store.stats()
            #expect(removed > 0 && after.bytes <= full.bytes * 3 / 4)
            #expect(after.candles == 6000 - removed)
            #expect(try await store.candles(of: btc, limit: 5000).count == 3000, "the market viewed last keeps everything")
            let eth = try await store.candles(of: eth, limit: 5000)
            #expect(eth.count == 3000 - removed && eth.last?.start == candle(minute: 2999).start, "the other loses its oldest")
            #expect(try fileSize(path) < fileBefore, "the file gives the pages back")
            #expect(try await store.trim(toBytes: after.bytes) == 0)
        }
    }

    @Test func aChartReadThroughTheArchiveIsSparedByTrimming() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save((0..<2000).map { candle(minute: $0) }, of: btc)
            try await store.save((0..<2000).map { candle(minute: $0) }, of: eth)
            try await store.markViewed(source: "bithumb", market: btc.market, at: Timestamp(microseconds: 100))
            let archive = StoreCandleArchive(store: store, source: "bithumb")
            let shown = try await archive.candles(of: eth.market, interval: .oneMinute, limit: 10, viewedAt: Timestamp(microseconds: 200))
            #expect(shown.count == 10)
            try await store.trim(toBytes: try await store.stats().bytes * 3 / 4)
            #expect(try await store.candles(of: eth, limit: 5000).count == 2000, "the chart looked at last keeps everything")
            #expect(try await store.candles(of: btc, limit: 5000).count < 2000)
        }
    }

    @Test func clearingEmptiesTheStore() async throws {
        try await withFolder { folder in
            let store = try CandleStore(path: folder + "/candles.sqlite")
            try await store.save((0..<100).map { candle(minute: $0) }, of: btc)
            try await store.clear()
            #expect(try await store.stats().candles == 0)
            #expect(try await store.candles(of: btc, limit: 10).isEmpty)
        }
    }

    @Test func aGarbageFileIsSetAsideWithItsLogAndANewStoreBegun() async throws {
        try await withFolder { folder in
            let path = folder + "/candles.sqlite"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try garbage.write(to: URL(fileURLWithPath: path))
            try Data("not a log".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
            let store = try CandleStore(path: path)
            let aside = try #require(store.setAside)
            #expect(aside.hasPrefix(path + ".corrupt-"))
            #expect(FileManager.default.contents(atPath: aside) == garbage)
            #expect(FileManager.default.contents(atPath: aside + "-wal") == Data("not a log".utf8))
            try await store.save([candle(minute: 0)], of: btc)
            #expect(try await store.candles(of: btc, limit: 1) == [candle(minute: 0)])
        }
    }

    @Test func aFolderThatCannotBeMadeIsSaid() async throws {
        try await withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: folder + "/file"))
            #expect(throws: CandleStoreError.unwritable(path: folder + "/file/candles.sqlite", reason: "its folder cannot be made")) {
                try CandleStore(path: folder + "/file/candles.sqlite")
            }
        }
    }

    @Test func twoStoresShareOneFile() async throws {
        try await withFolder { folder in
            let path = folder + "/candles.sqlite"
            let first = try CandleStore(path: path)
            let second = try CandleStore(path: path)
            try await first.save((0..<50).map { candle(minute: $0) }, of: btc)
            try await second.save((50..<100).map { candle(minute: $0) }, of: btc)
            #expect(try await first.candles(of: btc, limit: 1000).count == 100)
            #expect(try await second.candles(of: btc, limit: 1000).count == 100)
        }
    }

    /// The bytes of the database and its write-ahead log.
    func fileSize(_ path: String) throws -> Int64 {
        try [path, path + "-wal"].reduce(0) { total, file in
            guard FileManager.default.fileExists(atPath: file) else { return total }
            return total + ((try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}
