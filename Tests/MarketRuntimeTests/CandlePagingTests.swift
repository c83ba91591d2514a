import MarketCore
import MarketRuntime
import Testing

/// Candles fetched in pages until a market holds as many as asked for.
@Suite struct CandlePagingTests {
    typealias Harness = FeedSessionTests.Harness
    let xlm = FeedSessionTests.xlm
    let minute: Int64 = 60_000_000

    func page(endingAt last: Int64, count: Int) -> FeedMessage {
        let candles = (0..<Int64(count)).map { index in
            Candle(start: Timestamp(microseconds: (last - index) * minute), open: 1, high: 1, low: 1, close: 1, volume: 1)
        }
        return FeedMessage(events: [.candles(CandleHistory(market: xlm, interval: .oneMinute, candles: candles.reversed(), coveredUntil: nil))])
    }

    /// A session streaming XLM with its book and trades answered: the first candles fetch out.
    func streaming(candles: Int) -> Harness {
        var harness = Harness(FeedConfiguration(focus: [xlm], candleInterval: .oneMinute, candleHistory: candles))
        _ = harness.stream()
        _ = harness.send(.fetched(.book(xlm), FeedMessage(events: []), requestedAt: nil))
        #expect(harness.send(.fetched(.trades(xlm), FeedMessage(events: []), requestedAt: nil)).last == .fetch(.candles(xlm, .oneMinute)))
        return harness
    }

    @Test func pagesGoBackFromTheOldestCandleUntilTheMarketHoldsWhatWasAskedFor() {
        var harness = streaming(candles: 450)
        let first = harness.send(.fetched(.candles(xlm, .oneMinute), page(endingAt: 10_000, count: 200), requestedAt: nil))
        let before = Timestamp(microseconds: 9_801 * minute)
        #expect(first.last == .fetch(.earlierCandles(xlm, .oneMinute, before: before)))
        #expect(
            harness.session.resource(for: .earlierCandles(xlm, .oneMinute, before: before)) == .candles(xlm, .oneMinute, count: 450, before: before))
        let second = harness.send(.fetched(.earlierCandles(xlm, .oneMinute, before: before), page(endingAt: 9_800, count: 200), requestedAt: nil))
        #expect(second.last == .fetch(.earlierCandles(xlm, .oneMinute, before: Timestamp(microseconds: 9_601 * minute))))
        let third = harness.send(
            .fetched(
                .earlierCandles(xlm, .oneMinute, before: Timestamp(microseconds: 9_601 * minute)), page(endingAt: 9_600, count: 200), requestedAt: nil
            ))
        #expect(!third.contains { if case .fetch = $0 { true } else { false } }, "600 held: no more pages")
    }

    @Test func anExchangeThatDoesNotPageEndsIt() {
        var harness = streaming(candles: 3000)
        let first = harness.send(.fetched(.candles(xlm, .oneMinute), page(endingAt: 10_000, count: 1500), requestedAt: nil))
        let before = Timestamp(microseconds: 8_501 * minute)
        #expect(first.last == .fetch(.earlierCandles(xlm, .oneMinute, before: before)))
        let nothingEarlier = harness.send(.fetched(.earlierCandles(xlm, .oneMinute, before: before), FeedMessage(events: []), requestedAt: nil))
        #expect(!nothingEarlier.contains { if case .fetch = $0 { true } else { false } })
    }

    @Test func theChartAsksForOnePageAtATimeAndOnlyForWhatIsInView() {
        var harness = streaming(candles: 200)
        let first = harness.send(.fetched(.candles(xlm, .oneMinute), page(endingAt: 10_000, count: 200), requestedAt: nil))
        #expect(!first.contains { if case .fetch = $0 { true } else { false } }, "200 held, as asked: no page on its own")
        let before = Timestamp(microseconds: 9_801 * minute)
        #expect(harness.send(.earlierCandlesWanted(xlm, .oneMinute, before: before)) == [.fetch(.earlierCandles(xlm, .oneMinute, before: before))])
        #expect(harness.send(.earlierCandlesWanted(xlm, .oneMinute, before: before)).isEmpty, "asked again while it runs: once")
        let answered = harness.send(.fetched(.earlierCandles(xlm, .oneMinute, before: before), page(endingAt: 9_800, count: 200), requestedAt: nil))
        #expect(!answered.contains { if case .fetch = $0 { true } else { false } }, "one page per ask")
        #expect(harness.send(.earlierCandlesWanted(xlm, .fiveMinutes, before: before)).isEmpty, "not the chart's interval")
        #expect(harness.send(.earlierCandlesWanted(FeedSessionTests.ada, .oneMinute, before: before)).isEmpty, "not in view")
    }
}
