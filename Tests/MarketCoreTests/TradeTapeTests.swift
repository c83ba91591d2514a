import MarketCore
import Testing

@Suite struct TradeTapeTests {
    let market = MarketCode(code: "KRW-BTC")!

    func trade(_ second: Int64, _ price: Int, id: UInt64? = nil) -> Trade {
        Trade(
            market: market, price: ExactDecimal(price), quantity: 1, side: .buy,
            timestamp: Timestamp(microseconds: second * 1_000_000), id: id)
    }

    @Test func keepsTheNewestUpToItsCapacityNewestFirst() {
        var tape = TradeTape(capacity: 3)
        for second in 1...10 { tape.append(trade(Int64(second), 100 + second)) }
        #expect(tape.count == 3)
        #expect(tape.newestFirst.map(\.price) == [110, 109, 108])
        #expect(tape.newest?.price == 110)
    }

    @Test func sameExecutionIsNotAddedTwice() {
        var tape = TradeTape(capacity: 10)
        let added = [
            tape.append(trade(1, 100, id: 17_829_816_707_050_000)),
            tape.append(trade(1, 100, id: 17_829_816_707_050_000)),
            tape.append(trade(1, 100, id: 17_829_816_707_050_001)),
            tape.append(trade(2, 100)),
            tape.append(trade(2, 100)),
        ]
        #expect(added == [true, false, true, true, false])
        #expect(tape.count == 3)
    }

    @Test func aLateTradeIsPlacedByTime() {
        var tape = TradeTape(capacity: 10)
        tape.replace(with: [trade(5, 105), trade(1, 101), trade(3, 103)])
        tape.append(trade(4, 104))
        #expect(tape.newestFirst.map(\.price) == [105, 104, 103, 101])
    }

    /// Seen against the legacy demo: a history stamped to the second, a streamed trade, then a
    /// second history listing that trade before two newer ones of the same second. They go after
    /// it, as the history lists them, not before it by their whole-second time.
    @Test func aHistoryKeepsItsOrderWithinASecondAgainstTradesAlreadyStreamed() {
        func stamped(_ price: Int, _ microseconds: Int64) -> Trade {
            Trade(market: market, price: ExactDecimal(price), quantity: 1, side: .buy, timestamp: Timestamp(microseconds: microseconds))
        }
        var tape = TradeTape(capacity: 10)
        tape.append(contentsOf: [stamped(100, 4_000_000), stamped(101, 5_000_000)])
        tape.append(stamped(102, 5_721_615))
        let added = tape.append(contentsOf: [
            stamped(100, 4_000_000), stamped(101, 5_000_000), stamped(102, 5_000_000), stamped(103, 5_000_000),
            stamped(104, 5_000_000),
        ])
        #expect(added.map(\.price) == [103, 104])
        #expect(tape.newestFirst.map(\.price) == [104, 103, 102, 101, 100])
        tape.append(stamped(103, 5_733_685))
        tape.append(stamped(105, 6_033_831))
        #expect(tape.newestFirst.map(\.price) == [105, 104, 103, 102, 101, 100])
        #expect(tape.newestFirst.map(\.timestamp.microseconds).prefix(3) == [6_033_831, 5_000_000, 5_733_685])
    }

    @Test func aTradeStampedToTheSecondMatchesTheSameTradeStampedFiner() {
        var tape = TradeTape(capacity: 10)
        let streamed = Trade(market: market, price: 100, quantity: 1, side: .buy, timestamp: Timestamp(microseconds: 7_250_311))
        let fromHistory = Trade(market: market, price: 100, quantity: 1, side: .buy, timestamp: Timestamp(microseconds: 7_000_000))
        let nextSecond = Trade(market: market, price: 100, quantity: 1, side: .buy, timestamp: Timestamp(microseconds: 8_000_000))
        let otherSize = Trade(market: market, price: 100, quantity: 2, side: .buy, timestamp: Timestamp(microseconds: 7_000_000))
        let added = [tape.append(streamed), tape.append(fromHistory), tape.append(nextSecond), tape.append(otherSize)]
        #expect(added == [true, false, true, true])
        #expect(fromHistory.isSameExecution(as: streamed) && streamed.isSameExecution(as: fromHistory))
    }

    @Test func tradesSharingATimestampAreOrderedByTheirIDs() {
        var tape = TradeTape(capacity: 10)
        tape.append(trade(3, 103, id: 30))
        tape.append(trade(3, 102, id: 20))
        tape.append(trade(2, 101, id: 10))
        #expect(tape.newestFirst.compactMap(\.id) == [30, 20, 10])
    }

    @Test func lookalikeTradesOfOneBatchAreAllKeptAndEachMatchesOneTwinAtMost() {
        var tape = TradeTape(capacity: 20)
        func at(_ microseconds: Int64) -> Trade {
            Trade(market: market, price: 100, quantity: 1, side: .buy, timestamp: Timestamp(microseconds: microseconds))
        }
        let history = tape.append(contentsOf: [at(7_000_000), at(7_000_000), at(7_000_000)])
        let streamed = tape.append(contentsOf: [at(7_100_000), at(7_200_000)])
        let added = [tape.append(at(7_300_000)), tape.append(at(7_300_000)), tape.append(at(7_400_000))]
        #expect(history.count == 3, "three executions in one second")
        #expect(streamed.isEmpty, "the streamed twins of two of them")
        #expect(added == [false, false, true], "the third twin, a repeat of it, then a fourth execution")
        #expect(tape.newestFirst.map(\.timestamp.microseconds) == [7_400_000, 7_300_000, 7_200_000, 7_100_000])
    }
}
