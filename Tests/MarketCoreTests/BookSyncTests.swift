import MarketCore
import Testing

@Suite struct BookSyncTests {
    let market = MarketCode(code: "KRW-XLM")!

    func delta(_ time: Int64, _ side: BookSide, _ price: Int, _ quantity: Int) -> OrderBookDelta {
        OrderBookDelta(market: market, changes: [BookChange(side: side, price: ExactDecimal(price), quantity: ExactDecimal(quantity))],
                       timestamp: Timestamp(microseconds: time))
    }

    func snapshot(_ time: Int64) -> OrderBook {
        OrderBook(market: market, bids: [BookLevel(price: 399, quantity: 10)], asks: [BookLevel(price: 401, quantity: 10)],
                  timestamp: Timestamp(microseconds: time))
    }

    @Test func buffersUntilTheSnapshotThenAppliesOnlyNewerDeltas() throws {
        var sync = BookSync(market: market)
        let action1 = sync.receive(delta: delta(100, .bid, 398, 5))
        #expect(action1 == .fetchSnapshot)
        let action2 = sync.receive(delta: delta(300, .ask, 402, 7))
        #expect(action2 == .none)
        guard case .publish(let book) = sync.receive(snapshot: snapshot(200)) else {
            Issue.record("expected a published book")
            return
        }
        #expect(book.bids.map(\.price) == [399])
        #expect(book.asks.map(\.price) == [401, 402])
        guard case .publish(let next) = sync.receive(delta: delta(400, .ask, 401, 0)) else {
            Issue.record("expected a published book")
            return
        }
        #expect(next.asks.map(\.price) == [402])
    }

    @Test func backwardsTimeAsksForAResync() {
        var sync = BookSync(market: market)
        _ = sync.receive(snapshot: snapshot(200))
        let action3 = sync.receive(delta: delta(150, .bid, 398, 1))
        #expect(action3 == .resync(.timeWentBackwards))
        #expect(sync.book == nil)
        let action4 = sync.receive(delta: delta(300, .bid, 398, 1))
        #expect(action4 == .none)
    }

    @Test func aCrossedBookAsksForAResync() {
        var sync = BookSync(market: market)
        _ = sync.receive(snapshot: snapshot(200))
        let action5 = sync.receive(delta: delta(300, .bid, 405, 1))
        #expect(action5 == .resync(.crossedBook))
    }

    @Test func losingNewerDeltasFromAFullBufferAsksForAResync() {
        var sync = BookSync(market: market, bufferLimit: 2)
        for time in [300, 400, 500] { _ = sync.receive(delta: delta(Int64(time), .bid, 398, 1)) }
        let action6 = sync.receive(snapshot: snapshot(200))
        #expect(action6 == .resync(.bufferOverflow))
        var fine = BookSync(market: market, bufferLimit: 2)
        for time in [100, 400, 500] { _ = fine.receive(delta: delta(Int64(time), .bid, 398, 1)) }
        let action7 = fine.receive(snapshot: snapshot(200))
        #expect(action7 != .resync(.bufferOverflow))
    }

    @Test func reconnectForgetsTheBook() {
        var sync = BookSync(market: market)
        _ = sync.receive(snapshot: snapshot(200))
        #expect(sync.book != nil)
        let action8 = sync.reconnected()
        #expect(action8 == .resync(.reconnected))
        #expect(sync.book == nil)
    }
}
