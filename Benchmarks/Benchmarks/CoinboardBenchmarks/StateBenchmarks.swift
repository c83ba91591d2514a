import Benchmark
import MarketCore
import MarketSim
import MarketWire

/// The market state: applying decoded events, and publishing a snapshot with its diff.
func stateBenchmarks() {
    let book = decodedEvent(.bithumb, Fixtures.frame("bithumb-v2-ws-orderbook-snapshot-1.json"))
    let depth = decodedEvent(.bithumbLegacy, Fixtures.frame("bithumb-legacy-ws-orderbookdepth-1.json"))

    Benchmark("apply whole book (15 levels a side)") { benchmark in
        var state = MarketState()
        for _ in benchmark.scaledIterations { state.apply(book) }
        blackHole(state)
    }

    Benchmark("apply book delta (legacy)") { benchmark in
        var state = MarketState()
        state.apply(book)
        for _ in benchmark.scaledIterations { state.apply(depth) }
        blackHole(state)
    }

    Benchmark("publish snapshot after 200 tickers (with diff)") { benchmark in
        let simulated = SimulatedBoard()
        var state = simulated.state
        for _ in benchmark.scaledIterations {
            for ticker in simulated.tickers { state.apply(.ticker(ticker)) }
            blackHole(state.snapshot(at: simulated.now, feed: FeedStatus(state: .live)))
        }
    }
}

/// The one event a fixture frame decodes to.
func decodedEvent(_ dialect: Dialect, _ frame: [UInt8]) -> MarketEvent {
    var codec = dialect.makeCodec()
    guard let event = codec.decode(frame: frame).events.first else { fatalError("the fixture decodes to nothing") }
    return event
}

/// The demo exchange's 200 simulated KRW markets, as the dashboard holds them.
struct SimulatedBoard {
    let now = Timestamp(milliseconds: 1_795_000_000_000)
    var state = MarketState()
    var tickers: [Ticker] = []
    let focus: MarketCode

    init() {
        guard let simulator = try? MarketSimulator(configuration: SimulationConfiguration(), start: now) else {
            fatalError("the default simulation is valid")
        }
        focus = simulator.markets[0].code
        state.apply(.markets(simulator.markets))
        tickers = simulator.markets.compactMap { simulator.ticker(for: $0.code, change: .sinceMidnightKST, session: .sinceMidnightKST) }
        for ticker in tickers { state.apply(.ticker(ticker)) }
        if let book = simulator.orderBook(for: focus) { state.apply(.orderBook(book)) }
        state.apply(.trades(simulator.recentTrades(for: focus, count: 50)))
        state.apply(.candles(CandleHistory(market: focus, interval: .oneMinute,
                                           candles: simulator.candles(for: focus, interval: .oneMinute, count: 200),
                                           coveredUntil: now)))
    }
}
