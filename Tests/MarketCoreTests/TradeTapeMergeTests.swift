import MarketCore
import Testing

/// Bithumb's legacy feed: a REST history stamped to the second without ids and a stream stamped
/// to the microsecond, merged as a feed session delivers them, against the exchange's own tape.
/// The session reads the history when it starts and again once the stream brings its first
/// trade; either answer may arrive while the stream runs ahead of it or behind it.
@Suite struct TradeTapeMergeTests {
    /// One exchange's trades and the order a client is given them in.
    struct Scenario {
        static let historyCount = 20

        var trades: [Trade] = []
        /// The trades streamed, as the stream's batches.
        var batches: [Range<Int>] = []
        /// The histories: the trades before `readAt` existed when each was read, and it was
        /// applied once `appliedAfterBatch` batches had been.
        var histories: [(readAt: Int, appliedAfterBatch: Int)] = []

        /// Trades drawn from `looks` (price, size, side), a few a second.
        init(seed: UInt64, looks: [(Int, String, TradeSide)]) {
            var random = SeededGenerator(seed: seed)
            let market = MarketCode(code: "KRW-BTC")!
            var time: Int64 = 100_000_000
            for _ in 0..<80 {
                time += Int64.random(in: 20_000...450_000, using: &random)
                let look = looks.randomElement(using: &random)!
                trades.append(
                    Trade(
                        market: market, price: ExactDecimal(look.0), quantity: ExactDecimal(look.1)!, side: look.2,
                        timestamp: Timestamp(microseconds: time)))
            }
            let streamStart = Int.random(in: 0...40, using: &random)
            var next = streamStart
            while next < trades.count {
                let size = Int.random(in: 1...3, using: &random)
                batches.append(next..<min(trades.count, next + size))
                next += size
            }
            let requestedAfter = Int.random(in: 1...3, using: &random)
            let second = (
                readAt: Int.random(in: 0...6, using: &random) + batches[requestedAfter - 1].upperBound,
                appliedAfterBatch: requestedAfter + Int.random(in: 0...3, using: &random)
            )
            let firstRead = Int.random(in: max(0, streamStart - 10)...(streamStart + 5), using: &random)
            let first = (readAt: max(firstRead, second.readAt - Self.historyCount + 1), appliedAfterBatch: Int.random(in: 0...3, using: &random))
            histories = [first, second]
        }

        /// A second-precision row of a tape: what the exchange's history would list.
        struct Row: Equatable, CustomStringConvertible {
            var second: Int64
            var quantity: ExactDecimal
            var description: String { "\(second)s \(quantity)" }

            init(_ trade: Trade) {
                second = trade.timestamp.microseconds / 1_000_000
                quantity = trade.quantity
            }
        }

        /// The client's tape once every batch and history was applied, and the exchange's
        /// trades the client was given, in order.
        func merged() -> (tape: [Row], exchange: [Row]) {
            var tape = TradeTape(capacity: 200)
            var given = Set(batches.first!.lowerBound..<trades.count)
            func applyHistories(after batch: Int) {
                for history in histories where history.appliedAfterBatch == batch {
                    let listed = max(0, history.readAt - Self.historyCount)..<history.readAt
                    given.formUnion(listed)
                    tape.append(
                        contentsOf: trades[listed].map { trade in
                            var stamped = trade
                            stamped.timestamp = trade.timestamp.floored(toMultipleOf: 1_000_000)
                            return stamped
                        })
                }
            }
            applyHistories(after: 0)
            for (number, batch) in batches.enumerated() {
                tape.append(contentsOf: Array(trades[batch]))
                applyHistories(after: number + 1)
            }
            return (tape.newestFirst.reversed().map(Row.init), given.sorted().map { Row(trades[$0]) })
        }
    }

    /// Sizes as the demo draws them: many, so lookalikes in one second are occasional.
    static let demoLooks: [(Int, String, TradeSide)] = (1...60).flatMap { step -> [(Int, String, TradeSide)] in
        func size(_ tenThousandths: Int) -> String {
            let digits = String(tenThousandths)
            return "0." + String(repeating: "0", count: 4 - digits.count) + digits
        }
        return [(155_083_000, size(step * 7 % 97 + 1), .buy), (155_080_000, size(step * 11 % 89 + 1), .sell)]
    }

    @Test("with sizes as varied as the demo's, every merge is the exchange's tape", arguments: 0..<400)
    func demoSizedTradesMergeExactly(seed: Int) {
        let (tape, exchange) = Scenario(seed: UInt64(seed), looks: Self.demoLooks).merged()
        #expect(tape == exchange)
    }

    /// Half the trades one lookalike, most of the rest two others: a stream's place in a history
    /// cannot always be told (a history that ends in lookalikes may or may not hold the stream's
    /// first trade). Before streams and histories were aligned in order the merge was off in 96
    /// of these 400, and in 30 of the 400 demo-sized ones; what is left are those ambiguities.
    @Test func lookalikeTradesMergeExactlyInAllButAFewAmbiguousCases() {
        let looks: [(Int, String, TradeSide)] = [(100, "0.0011", .buy), (100, "0.0011", .buy), (101, "0.0043", .sell), (100, "0.0007", .buy)]
        let missed = (0..<400).filter { seed in
            let (tape, exchange) = Scenario(seed: UInt64(seed), looks: looks).merged()
            return tape != exchange
        }
        #expect(missed.count <= 24, "merges off: \(missed)")
    }
}
