import MarketCore
import Testing

@Suite struct BookSyncTests {
    let market = MarketCode(code: "KRW-XLM")!

    func delta(_ time: Int64, _ side: BookSide, _ price: Int, _ quantity: Int) -> OrderBookDelta {
        OrderBookDelta(
            market: market, changes: [BookChange(side: side, price: ExactDecimal(price), quantity: ExactDecimal(quantity))],
            timestamp: Timestamp(microseconds: time))
    }

    func snapshot(_ time: Int64) -> OrderBook {
        OrderBook(
            market: market, bids: [BookLevel(price: 399, quantity: 10)], asks: [BookLevel(price: 401, quantity: 10)],
            timestamp: Timestamp(microseconds: time))
    }

    @Test func buffersUntilTheSnapshotThenAppliesOnlyNewerDeltas() throws {
        var sync = BookSync(market: market)
        let firstDelta = sync.receive(delta: delta(100, .bid, 398, 5))
        #expect(firstDelta == .fetchSnapshot)
        let bufferedDelta = sync.receive(delta: delta(300, .ask, 402, 7))
        #expect(bufferedDelta == .none)
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
        let backwards = sync.receive(delta: delta(150, .bid, 398, 1))
        #expect(backwards == .resync(.timeWentBackwards))
        #expect(sync.book == nil)
        let afterResync = sync.receive(delta: delta(300, .bid, 398, 1))
        #expect(afterResync == .none)
    }

    @Test func aCrossedBookAsksForAResync() {
        var sync = BookSync(market: market)
        _ = sync.receive(snapshot: snapshot(200))
        let crossing = sync.receive(delta: delta(300, .bid, 405, 1))
        #expect(crossing == .resync(.crossedBook))
    }

    @Test func losingNewerDeltasFromAFullBufferAsksForAResync() {
        var sync = BookSync(market: market, bufferLimit: 2)
        for time in [300, 400, 500] { _ = sync.receive(delta: delta(Int64(time), .bid, 398, 1)) }
        let afterLoss = sync.receive(snapshot: snapshot(200))
        #expect(afterLoss == .resync(.bufferOverflow))
        var fine = BookSync(market: market, bufferLimit: 2)
        for time in [100, 400, 500] { _ = fine.receive(delta: delta(Int64(time), .bid, 398, 1)) }
        let withinBuffer = fine.receive(snapshot: snapshot(200))
        #expect(withinBuffer != .resync(.bufferOverflow))
    }

    @Test func aCutOffSnapshotKeepsNothingPastItsEdgeAndResyncsWhenTooFewLevelsRemain() throws {
        var sync = BookSync(market: market, snapshotDepth: 3, minimumDepth: 2)
        _ = sync.receive(delta: delta(100, .bid, 390, 1))
        let cut = OrderBook(
            market: market, bids: [399, 398, 397].map { BookLevel(price: $0, quantity: 1) },
            asks: [401, 402].map { BookLevel(price: $0, quantity: 1) }, timestamp: Timestamp(microseconds: 200))
        #expect(sync.receive(snapshot: cut) == .publish(cut))
        guard case .publish(let deeper) = sync.receive(delta: delta(300, .bid, 396, 5)) else {
            Issue.record("expected a published book")
            return
        }
        #expect(deeper.bids.map(\.price) == [399, 398, 397], "396 lies past the edge, where other levels may hide")
        guard case .publish(let wider) = sync.receive(delta: delta(310, .ask, 450, 5)) else {
            Issue.record("expected a published book")
            return
        }
        #expect(wider.asks.map(\.price) == [401, 402, 450], "a side the server did not cut off is whole")
        guard case .publish = sync.receive(delta: delta(400, .bid, 399, 0)) else {
            Issue.record("two levels still remain inside the edge")
            return
        }
        #expect(sync.receive(delta: delta(500, .bid, 398, 0)) == .resync(.depthExhausted))
    }
}
