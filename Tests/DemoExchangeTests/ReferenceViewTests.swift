import MarketCore
import MarketSim
import MarketWire
import Testing

@testable import DemoExchange

/// The demo's Binance view of its won markets: a ticker's best prices are the first levels of
/// the book it serves, and its trade count that of the trades it serves.
@Suite struct ReferenceViewTests {
    @Test func aTickersBestPricesAndCountAreThoseOfItsBookAndTrades() throws {
        let start = Timestamp(milliseconds: 1_795_143_600_000)
        var simulator = try MarketSimulator(
            configuration: SimulationConfiguration(seed: 7, updatesPerSecond: 400, historyMinutes: 5, newListingAfterSeconds: nil),
            start: start)
        for second in 1...20 { _ = simulator.advance(until: start.advanced(byMicroseconds: Int64(second) * 1_000_000)) }
        let view = ReferenceView(state: simulator, world: ReferenceWorld(seed: 7))
        #expect(view.markets.count > 100)
        var merged = 0
        for market in view.markets.map(\.code) {
            let (ticker, extras) = try #require(view.ticker(of: market))
            let book = try #require(view.book(of: market))
            #expect(extras.bid == book.bids.first, "\(market)")
            #expect(extras.ask == book.asks.first, "\(market)")
            #expect(extras.count == view.trades(of: market, count: 1000).count, "\(market)")
            #expect(ticker.price > .zero, "\(market)")
            let won = try #require(simulator.orderBook(for: market.inWon))
            if book.bids.count < won.bids.count { merged += 1 }
        }
        #expect(merged > 0, "some books have levels that round to one USDT price")
    }
}
