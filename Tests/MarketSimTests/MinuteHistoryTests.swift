import MarketCore
import Testing

@testable import MarketSim

/// The simulator's past is made on demand, a pure function of the seed, the market and the
/// minute: every run agrees on it, however long it is and whenever the run starts, and none of
/// it is held in memory.
@Suite("Market simulator: the past made on demand")
struct MinuteHistoryTests {
    static let minute: Int64 = 60_000_000

    func simulator(start: Timestamp, historyMinutes: Int, exchange: Exchange = .bithumb) throws -> MarketSimulator {
        try MarketSimulator(
            configuration: SimulationConfiguration(
                seed: 21, marketCount: 6, updatesPerSecond: 200, historyMinutes: historyMinutes, warmUpSeconds: 0,
                newListingAfterSeconds: nil),
            start: start, exchange: exchange)
    }

    @Test("the first candle from a time and the last before it are those the hours' minutes hold, in a quiet market too")
    func firstAndLastAreTheMinutesScanned() {
        let start = simulationStart.floored(toMultipleOf: Self.minute)
        let range = start.advanced(byMicroseconds: -3 * 60 * Self.minute)..<start
        for tradesPerMinute in [0.3, 1.5, 40] {
            let history = MinuteHistory(
                range: range, path: FairPath(price: 50_000, dailyVolatility: 0.04, seed: 5), premium: nil, seed: 9,
                tradesPerMinute: tradesPerMinute, medianNotional: 100_000)
            let candles = history.candles(in: range)
            // Quiet markets leave minutes without a candle: the search then goes on an hour at a time.
            #expect(candles.count > 20 && (tradesPerMinute > 2 || candles.count < 170), "\(tradesPerMinute): \(candles.count)")
            var time = range.lowerBound.advanced(byMicroseconds: -5 * Self.minute)
            while time < range.upperBound.advanced(byMicroseconds: 5 * Self.minute) {
                #expect(history.first(from: time) == candles.first { $0.start >= time }, "\(tradesPerMinute) \(time)")
                #expect(history.last(before: time) == candles.last { $0.start < time }, "\(tradesPerMinute) \(time)")
                time = time.advanced(byMicroseconds: Self.minute / 2)
            }
        }
    }

    @Test(
        "a live start anywhere in a minute: the hot market has a candle in that minute, its past part joined by its live trades",
        arguments: [1_000, 30_000_000, 59_999_000])
    func theLiveStartsMinuteHasItsCandle(offset: Int64) throws {
        let minuteStart = simulationStart.floored(toMultipleOf: Self.minute)
        var simulator = try simulator(start: minuteStart.advanced(byMicroseconds: offset), historyMinutes: 60)
        let code = simulator.markets[0].code
        let atStart = simulator.candles(for: code, interval: .oneMinute, count: 3).first { $0.start == minuteStart }
        var liveTrades: [Trade] = []
        for case .trades(let trades) in simulator.step(to: minuteStart.advanced(byMicroseconds: 3 * Self.minute + Self.minute / 2)) {
            liveTrades += trades.filter { $0.market == code && $0.timestamp < minuteStart.advanced(byMicroseconds: Self.minute) }
        }
        let candles = simulator.candles(for: code, interval: .oneMinute, count: 6)
        let starts = candles.map { $0.start.microseconds(since: minuteStart) / Self.minute }
        #expect(starts == [-2, -1, 0, 1, 2, 3], "one candle a minute, the live start's too")
        let joined = try #require(candles.first { $0.start == minuteStart })
        if let atStart {
            #expect(joined.open == atStart.open, "the minute opens where its past part did")
            let volume = liveTrades.reduce(atStart.volume) { $0 + $1.quantity }
            #expect(joined.volume == volume, "the past part's volume and the live trades'")
        } else {
            #expect(joined.volume == liveTrades.reduce(.zero) { $0 + $1.quantity })
        }
        if let last = liveTrades.last { #expect(joined.close == last.price) }
        if offset > 30_000_000 { #expect(atStart != nil, "most of a hot market's minute trades") }
        let fresh = try self.simulator(start: minuteStart.advanced(byMicroseconds: offset), historyMinutes: 60)
        let reserved = try #require(fresh.simulatedMarket(code)).liveCandles.candles.capacity
        #expect(reserved < 100, "a market goes live without a day's candles reserved: \(reserved)")
    }

    @Test("runs started hours apart, with more or less history, agree on every minute of the past they share")
    func everyRunAgreesOnThePast() throws {
        let early = try simulator(start: simulationStart, historyMinutes: 600)
        let late = try simulator(start: simulationStart.adding(seconds: 3 * 3600 + 1234), historyMinutes: 1440)
        let shared = simulationStart.advanced(byMicroseconds: -600 * Self.minute)..<simulationStart.floored(toMultipleOf: Self.minute)
        var compared = 0
        for market in early.markets {
            let ours = early.candles(for: market.code, interval: .oneMinute, count: 5000).filter { shared.contains($0.start) }
            let theirs = late.candles(for: market.code, interval: .oneMinute, count: 5000).filter { shared.contains($0.start) }
            #expect(ours == theirs, "\(market.code)")
            compared += ours.count
        }
        #expect(compared > 2000)
    }

    @Test("a week of one-minute history: the hot market trades nearly every minute, near its price, and none of it is held")
    func aWeekOfHistory() throws {
        let week = 7 * 1440
        let simulator = try simulator(start: simulationStart, historyMinutes: week)
        let code = simulator.markets[0].code
        let candles = simulator.candles(for: code, interval: .oneMinute, count: week)
        #expect(candles.count > week * 9 / 10)
        #expect(zip(candles, candles.dropFirst()).allSatisfy { $0.start < $1.start })
        #expect(try #require(candles.first).start >= simulationStart.advanced(byMicroseconds: -Int64(week) * Self.minute))
        #expect(
            candles.allSatisfy {
                $0.low <= min($0.open, $0.close) && $0.high >= max($0.open, $0.close) && KRWTickTable.isOnGrid($0.close)
                    && $0.volume > .zero
            })
        let closes = candles.map(\.close.doubleValue)
        let ratio = try #require(closes.max()) / (try #require(closes.min()))
        #expect(ratio > 1.02 && ratio < 3, "the week moves, and stays near the coin's price: \(ratio)")
        let biggestStep = zip(closes, closes.dropFirst()).map { abs($1 / $0 - 1) }.max() ?? 0
        #expect(biggestStep < 0.03, "no seam between hours: \(biggestStep)")
        #expect(simulator.candles(for: code, interval: .oneHour, count: 500).count >= 7 * 24)
        let market = try #require(simulator.simulatedMarket(code))
        #expect(market.liveCandles.candles.count <= 1, "the past is made when asked for, not kept")
    }

    @Test("a page before a time is the newest candles before it, as the exchanges page with `to`")
    func pagesBeforeATime() throws {
        let simulator = try simulator(start: simulationStart, historyMinutes: 1440)
        let code = simulator.markets[1].code
        let all = simulator.candles(for: code, interval: .oneMinute, count: 2000)
        for end in [simulationStart.adding(seconds: -5 * 3600 + 17), simulationStart.adding(seconds: -86_000)] {
            let page = simulator.candles(for: code, interval: .oneMinute, count: 200, before: end)
            #expect(page == Array(all.filter { $0.start < end }.suffix(200)))
        }
        let hours = simulator.candles(for: code, interval: .oneHour, count: 5, before: simulationStart.adding(seconds: -7200))
        #expect(hours.count == 5)
        #expect(hours.allSatisfy { $0.start < simulationStart.adding(seconds: -7200) })
    }

    @Test("each exchange has its own past trading along one fair value")
    func exchangesShareTheFairValue() throws {
        let bithumb = try simulator(start: simulationStart, historyMinutes: 300)
        let upbit = try simulator(start: simulationStart, historyMinutes: 300, exchange: .upbit)
        let code = bithumb.markets[0].code
        let ours = Dictionary(uniqueKeysWithValues: bithumb.candles(for: code, interval: .oneMinute, count: 300).map { ($0.start, $0) })
        let theirs = upbit.candles(for: code, interval: .oneMinute, count: 300)
        let pairs = theirs.compactMap { candle in ours[candle.start].map { (candle, $0) } }
        #expect(pairs.count > 200)
        #expect(pairs.contains { $0.0 != $0.1 }, "each exchange trades on its own")
        #expect(pairs.allSatisfy { abs($0.0.close.doubleValue / $0.1.close.doubleValue - 1) < 0.05 })
    }
}
