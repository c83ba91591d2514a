import MarketCore
import MarketSim
import Testing

/// Runs the simulator order by order and checks that every published figure agrees with the
/// trades and book changes it published.
@Suite("Market simulator: books, trades, tickers and candles agree")
struct SimulationConsistencyTests {
    @Test("books mirror the published changes, stay on the grid and never cross; trades happen at the touch")
    func booksAndTrades() throws {
        var simulator = try makeSimulator(seed: 11)
        var mirrors = Dictionary(uniqueKeysWithValues: simulator.markets.map { ($0.code, simulator.orderBook(for: $0.code)!) })
        let end = simulationStart.adding(seconds: 60)
        var tradeCount = 0
        var actions = 0
        while let events = simulator.advance(until: end) {
            actions += 1
            var before: OrderBook?
            for event in events {
                switch event {
                case .trades(let trades):
                    let book = try #require(mirrors[trades[0].market])
                    before = book
                    for (index, trade) in trades.enumerated() {
                        let side = trade.side == .buy ? book.asks : book.bids
                        #expect(trade.price == side[index].price, "trades walk the opposite side from its best level")
                        #expect(trade.quantity > .zero && trade.quantity <= side[index].quantity)
                        #expect(trade.timestamp == simulator.now)
                    }
                    tradeCount += trades.count
                case .orderBookDelta(let delta):
                    mirrors[delta.market]?.apply(delta)
                    let book = try #require(simulator.orderBook(for: delta.market))
                    #expect(mirrors[delta.market]?.bids == book.bids)
                    #expect(mirrors[delta.market]?.asks == book.asks)
                    #expect(!book.isCrossed)
                    #expect(book.bids.count >= 30 && book.asks.count >= 30)
                    #expect(delta.changes.allSatisfy { KRWTickTable.isOnGrid($0.price) })
                    if let before {
                        #expect(book.bestBid.map { $0.price <= before.bestAsk!.price } ?? true)
                    }
                case .ticker(let ticker):
                    let trade = try #require(simulator.lastTrade(for: ticker.market))
                    #expect(ticker.price == trade.price)
                default:
                    Issue.record("unexpected event \(event)")
                }
            }
        }
        #expect(actions > 50_000)
        #expect(tradeCount > 2_000)
    }

    @Test("live candles equal the candles built from the published trades")
    func candlesEqualTrades() throws {
        var simulator = try makeSimulator(seed: 5)
        let end = simulationStart.adding(seconds: 185)
        var built: [MarketCode: CandleSeries] = [:]
        for case .trades(let trades) in simulator.step(to: end) {
            for trade in trades {
                built[trade.market, default: CandleSeries(interval: .oneMinute)].apply(trade)
            }
        }
        let firstWholeMinute = simulationStart.floored(toMultipleOf: 60_000_000).adding(seconds: 60)
        var compared = 0
        for (code, series) in built {
            let expected = series.candles.filter { $0.start >= firstWholeMinute }
            let published = simulator.candles(for: code, interval: .oneMinute, count: 10).filter { $0.start >= firstWholeMinute }
            #expect(published == expected, "\(code)")
            compared += expected.count
        }
        #expect(compared > 100)
    }

    @Test("24-hour and session figures are the sums of the one-minute candles; the change is against the window's previous close")
    func tickerFigures() throws {
        var simulator = try makeSimulator(seed: 3, historyMinutes: 1440)
        _ = simulator.step(to: simulationStart.adding(seconds: 90))
        let now = simulator.now
        for market in simulator.markets.prefix(40) {
            let candles = simulator.candles(for: market.code, interval: .oneMinute, count: 2000)
            let rolling = try #require(simulator.ticker(for: market.code, change: .rolling24h, session: .rolling24h))
            let windowStart = now.floored(toMultipleOf: 60_000_000).adding(seconds: -1439 * 60)
            let window = candles.filter { $0.start >= windowStart }
            #expect(rolling.volume24h == window.reduce(.zero) { $0 + $1.volume })
            #expect(rolling.tradeValue24h == window.reduce(.zero) { $0 + ($1.tradeValue ?? .zero) })
            #expect(rolling.session?.high == window.map(\.high).max())
            #expect(rolling.session?.low == window.map(\.low).min())
            let before = candles.last { $0.start < windowStart }
            #expect(rolling.session?.previousClose == (before?.close ?? window.first?.open))
            #expect(rolling.change.signedAmount == rolling.price - rolling.session!.previousClose!)

            let day = try #require(simulator.ticker(for: market.code, change: .sinceMidnightKST, session: .sinceMidnightKST))
            let midnight = now.floored(toMultipleOf: 86_400_000_000, phase: -WallClock.kst.offsetMicroseconds)
            let today = candles.filter { $0.start >= midnight }
            #expect(day.session?.volume == today.reduce(.zero) { $0 + $1.volume })
            #expect(day.session?.open == today.first?.open ?? day.price)
            #expect(day.volume24h == rolling.volume24h)
            let flow = try #require(day.flow)
            #expect(flow.buyVolume + flow.sellVolume == day.session?.volume)
        }
    }
}
