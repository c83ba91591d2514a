import DashboardRuntime
import DashboardUI
import Logging
import MarketCore
import MarketRuntime
import RuntimeTestSupport
import SystemTime
import TerminalKit
import Testing

/// The dashboard's loop through an in-memory terminal: it starts and draws the market, follows
/// a resize, quits on `q` or cancellation giving the terminal back either way, and saves a
/// favorites change on the way out.
@Suite struct DashboardAppTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!

    /// A store holding two listed markets with tickers, and an app over `backend` and `watchlist`
    /// on the system clock (frames and ticks must come; the tests wait by looks, not by time).
    func makeApp(
        _ backend: SharedRecordingBackend, watchlist: MemoryWatchlist, holdings: MemoryHoldings = MemoryHoldings(),
        clock: any RuntimeClock = SystemClock(), storeClock: any RuntimeClock = SystemClock()
    ) async -> DashboardApp {
        let store = MarketStore(clock: storeClock)
        let markets = [
            Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin"),
            Market(code: eth, koreanName: "이더리움", englishName: "Ethereum"),
        ]
        let tickers = [(btc, 158_000_000), (eth, 4_700_000)].map { code, price in
            MarketEvent.ticker(
                Ticker(
                    market: code, price: ExactDecimal(price),
                    change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightKST),
                    timestamp: Timestamp(microseconds: 1_790_121_600_000_000)))
        }
        await store.apply([.markets(markets)] + tickers, from: .bithumb, feed: FeedStatus(state: .live))
        let fetcher = ScriptedFetcher(answers: [:])
        let transport = ScriptedTransport(
            bookUpdates: .wholeBooks, scripts: [.init(messages: [], closesAfterwards: false)],
            fetcher: fetcher)
        let supervisor = FeedSupervisor(transport: transport, fetcher: fetcher, store: store, clock: ManualClock())
        return DashboardApp(
            backend: backend, store: store, supervisors: [supervisor], watchlist: watchlist, holdings: holdings,
            settings: DashboardSettings(exchangeName: "Test"), clock: clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func screenShows(_ backend: SharedRecordingBackend, _ text: String) async throws -> Bool {
        try await eventually { backend.lines.contains { $0.contains(text) } }
    }

    @Test func itDrawsTheMarketsAndQuitsOnQGivingTheTerminalBack() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let app = await makeApp(backend, watchlist: MemoryWatchlist())
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "비트코인"))
        #expect(backend.isStarted)
        backend.send(.key(.character("q")))
        _ = try await running.value
        #expect(backend.wasRestored)
        #expect(!backend.isStarted)
    }

    /// Nothing moves but the status bar's clock, so the app sleeps a second between ticks and
    /// draws the clock each time (it slept 100 ms, and drew ten frames a second, before ticks
    /// followed what the screen shows).
    @Test func aQuietMarketWakesTheAppOnceASecond() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let clock = ManualClock()
        let app = await makeApp(backend, watchlist: MemoryWatchlist(), clock: clock, storeClock: ManualClock())
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "비트코인"))
        #expect(try await screenShows(backend, "09:00:00 KST"))
        for second in 1...3 {
            #expect(try await eventually { clock.pendingSleeps.contains(DashboardApp.longestTick) })
            #expect(!clock.pendingSleeps.contains(DashboardApp.tickInterval), "\(clock.pendingSleeps)")
            clock.advance(by: .seconds(1))
            #expect(
                try await eventually {
                    if backend.lines.contains(where: { $0.contains("09:00:0\(second) KST") }) { return true }
                    // A frame drawn at the tick's instant (the favorites loading, say) puts the
                    // tick's frame off by a frame interval, on this clock that only the test moves.
                    if let frame = clock.pendingSleeps.first(where: { $0 < DashboardApp.tickInterval }) { clock.advance(by: frame) }
                    return false
                })
        }
        running.cancel()
        _ = try await running.value
    }

    @Test func aResizeRedrawsAtTheNewSize() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let app = await makeApp(backend, watchlist: MemoryWatchlist())
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "비트코인"))
        backend.resize(to: Size(width: 30, height: 8))
        #expect(try await screenShows(backend, "terminal too small"))
        backend.resize(to: Size(width: 120, height: 30))
        #expect(try await screenShows(backend, "이더리움"))
        #expect(backend.lines.count == 30 && backend.lines.allSatisfy { $0.count <= 120 })
        running.cancel()
        _ = try await running.value
    }

    @Test func cancellationEndsItAndGivesTheTerminalBack() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let app = await makeApp(backend, watchlist: MemoryWatchlist())
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "비트코인"))
        running.cancel()
        _ = try await running.value
        #expect(backend.wasRestored)
    }

    @Test func aFavoriteAddedJustBeforeQuittingIsSaved() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let watchlist = MemoryWatchlist()
        let app = await makeApp(backend, watchlist: watchlist)
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "비트코인"))
        backend.send(.key(.character("f")), .key(.character("q")))
        _ = try await running.value
        let stored = await watchlist.stored
        #expect(stored?.count == 1)
        #expect(await watchlist.saves >= 1)
    }
}

extension DashboardAppTests {
    /// The app hands back the view the user left, for the next run to start from.
    @Test func itReturnsTheViewTheUserLeft() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let app = await makeApp(backend, watchlist: MemoryWatchlist())
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "비트코인"))
        backend.send(.key(.character("e")), .key(.tab), .key(.character("q")))
        let view = try await running.value
        #expect(view.tab == .favorites)
        #expect(view.nameLanguage == .english)
    }
}

extension DashboardAppTests {
    /// A trade entered with `h` just before quitting is saved; the saved holdings shown at start.
    @Test func aTradeEnteredJustBeforeQuittingIsSavedWithTheOnesBefore() async throws {
        let backend = SharedRecordingBackend(size: Size(width: 100, height: 24))
        let earlier = LedgerEntry(
            id: "earlier", exchange: .bithumb, asset: .coin(eth), side: .buy, quantity: 2, price: 1000,
            time: Timestamp(microseconds: 1_790_000_000_000_000))
        let holdings = MemoryHoldings(stored: Holdings(ledger: [earlier]))
        let app = await makeApp(backend, watchlist: MemoryWatchlist(), holdings: holdings)
        let running = Task { try await app.run() }
        #expect(try await screenShows(backend, "보유 1"))
        backend.send(.key(.character("h")))
        #expect(try await screenShows(backend, "보유 입력 · 비트코인"))
        backend.send(
            .key(.character("+")), .key(.character("1")), .key(.character("@")), .key(.character("5")), .key(.enter),
            .key(.character("q")))
        _ = try await running.value
        let stored = await holdings.stored
        #expect(stored.ledger.map(\.id).first == "earlier")
        #expect(stored.ledger.count == 2)
        #expect(stored.ledger.last?.asset == .coin(btc))
        #expect(stored.ledger.last?.price == 5)
    }
}
