import MarketCore
import MarketRuntime
import RuntimeTestSupport
import Synchronization
import Testing

/// The feed and the candle archive: what is held is shown before the exchange's page is
/// fetched, the page joins it, and only closed candles are written back.
@Suite struct CandleArchiveTests {
    let xlm = MarketCode(code: "KRW-XLM")!

    /// An archive in memory that records what it was given; it covers the pages of `covered`.
    final class MemoryArchive: CandleArchive {
        let held: [Candle]
        let covered: [Candle]
        private let keptCandles = Mutex<[Candle]>([])
        private let spans = Mutex<[Range<Timestamp>]>([])

        init(held: [Candle], covered: [Candle] = []) {
            self.held = held
            self.covered = covered
        }

        var kept: [Candle] { keptCandles.withLock { $0 } }
        var covering: [Range<Timestamp>] { spans.withLock { $0 } }

        func candles(of market: MarketCode, interval: CandleInterval, limit: Int, viewedAt: Timestamp) async throws -> [Candle] {
            Array(held.suffix(limit))
        }

        func keep(_ candles: [Candle], of market: MarketCode, interval: CandleInterval, covering: Range<Timestamp>?) async throws {
            keptCandles.withLock { $0 += candles }
            if let covering { spans.withLock { $0.append(covering) } }
        }

        func page(of market: MarketCode, interval: CandleInterval, before: Timestamp, limit: Int) async throws -> [Candle]? {
            let page = covered.filter { $0.start < before }.suffix(limit)
            return page.isEmpty ? nil : Array(page)
        }
    }

    /// An archive whose file has become unwritable: every call fails.
    struct FailingArchive: CandleArchive {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "disk full\u{1B}[2J" }
        }

        func candles(of market: MarketCode, interval: CandleInterval, limit: Int, viewedAt: Timestamp) async throws -> [Candle] {
            throw DiskFull()
        }

        func keep(_ candles: [Candle], of market: MarketCode, interval: CandleInterval, covering: Range<Timestamp>?) async throws {
            throw DiskFull()
        }

        func page(of market: MarketCode, interval: CandleInterval, before: Timestamp, limit: Int) async throws -> [Candle]? {
            throw DiskFull()
        }
    }

    func candle(minutesBefore minutes: Int64, close: ExactDecimal, at now: Timestamp) -> Candle {
        Candle(
            start: now.advanced(byMicroseconds: -minutes * 60_000_000), open: 300, high: 320, low: 290, close: close, volume: 10)
    }

    @Test func heldCandlesShowFirstThePageJoinsThemAndOnlyClosedOnesAreKept() async throws {
        let clock = ManualClock()
        let now = clock.wallNow()
        let held = [500, 499, 498].map { candle(minutesBefore: $0, close: 301, at: now) }
        let closed = candle(minutesBefore: 2, close: 305, at: now)
        let open = candle(minutesBefore: 0, close: 306, at: now)
        let page = FeedMessage(events: [
            .candles(CandleHistory(market: xlm, interval: .oneMinute, candles: [open, closed], coveredUntil: nil))
        ])
        let listing = FeedMessage(events: [.markets([Market(code: xlm, koreanName: "스텔라루멘", englishName: "Lumens")])])
        let fetcher = ScriptedFetcher(answers: [.markets: listing, .candles(xlm, .oneMinute, count: 200): page])
        let transport = ScriptedTransport(
            bookUpdates: .wholeBooks, scripts: [.init(messages: [], closesAfterwards: false)], fetcher: fetcher)
        let archive = MemoryArchive(held: held)
        let store = MarketStore()
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(focus: [xlm], candleInterval: .oneMinute), archive: archive, clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        let shown = try await eventually { await store.candles(of: xlm, interval: .oneMinute, on: .bithumb).count == 5 }
        #expect(shown)
        #expect(await store.candles(of: xlm, interval: .oneMinute, on: .bithumb) == held + [closed, open])
        #expect(try await eventually { archive.kept == [closed] }, "the page's closed candle, not the one still trading")
    }

    /// A failing archive is given up for the run and said once in the status, free of control
    /// characters; the chart still gets the exchange's page.
    @Test func aFailingArchiveIsSaidInTheStatusAndTheChartWorksFromMemory() async throws {
        let clock = ManualClock()
        let now = clock.wallNow()
        let page = FeedMessage(events: [
            .candles(
                CandleHistory(
                    market: xlm, interval: .oneMinute, candles: [candle(minutesBefore: 2, close: 305, at: now)], coveredUntil: nil))
        ])
        let listing = FeedMessage(events: [.markets([Market(code: xlm, koreanName: "스텔라루멘", englishName: "Lumens")])])
        let fetcher = ScriptedFetcher(answers: [.markets: listing, .candles(xlm, .oneMinute, count: 200): page])
        let transport = ScriptedTransport(
            bookUpdates: .wholeBooks, scripts: [.init(messages: [], closesAfterwards: false)], fetcher: fetcher)
        let store = MarketStore()
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(focus: [xlm], candleInterval: .oneMinute), archive: FailingArchive(), clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        #expect(try await eventually { await store.candles(of: xlm, interval: .oneMinute, on: .bithumb).count == 1 })
        #expect(try await eventually { await supervisor.currentStatus.candleCacheProblem == "disk full[2J" })
    }

    /// An earlier page the archive covers is read from it, not asked of the exchange; the
    /// latest page is kept with what it covers, up to the end of its newest closed candle.
    @Test func anEarlierPageTheArchiveCoversIsNotFetched() async throws {
        let clock = ManualClock()
        let now = clock.wallNow()
        let latest = (1...200).reversed().map { candle(minutesBefore: Int64($0), close: 305, at: now) }
        let earlier = (201...400).reversed().map { candle(minutesBefore: Int64($0), close: 301, at: now) }
        let page = FeedMessage(events: [.candles(CandleHistory(market: xlm, interval: .oneMinute, candles: latest, coveredUntil: nil))])
        let listing = FeedMessage(events: [.markets([Market(code: xlm, koreanName: "스텔라루멘", englishName: "Lumens")])])
        let fetcher = ScriptedFetcher(answers: [.markets: listing, .candles(xlm, .oneMinute, count: 400): page])
        let transport = ScriptedTransport(
            bookUpdates: .wholeBooks, scripts: [.init(messages: [], closesAfterwards: false)], fetcher: fetcher)
        let archive = MemoryArchive(held: [], covered: earlier)
        let store = MarketStore()
        let supervisor = FeedSupervisor(
            transport: transport, fetcher: fetcher, store: store,
            configuration: FeedConfiguration(focus: [xlm], candleInterval: .oneMinute, candleHistory: 400), archive: archive, clock: clock)
        let running = Task { await supervisor.run() }
        defer { running.cancel() }
        #expect(try await eventually { await store.candles(of: xlm, interval: .oneMinute, on: .bithumb).count == 400 })
        #expect(await store.candles(of: xlm, interval: .oneMinute, on: .bithumb) == earlier + latest)
        let first = try #require(latest.first?.start)
        #expect(archive.covering == [first..<now], "the latest page covers its oldest candle to the end of its newest closed one")
    }
}
