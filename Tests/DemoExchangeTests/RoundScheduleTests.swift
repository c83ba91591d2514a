import MarketCore
import Testing

@testable import DemoExchange

/// The pump's rounds keep to their grid: the time a round takes comes out of the wait after
/// it, and a round that overran starts the grid again rather than a burst of rounds.
@Suite struct RoundScheduleTests {
    @Test func roundsKeepToTheirGrid() {
        let start = MonotonicInstant(sinceOrigin: .seconds(5))
        var schedule = RoundSchedule(interval: .milliseconds(10), start: start)
        // When each round ended, counted from the start, and the wait before the next.
        let steps: [(ended: Duration, wait: Duration, why: String)] = [
            (.milliseconds(2), .milliseconds(8), "a round of 2 ms waits the rest of its interval"),
            (.milliseconds(13), .milliseconds(7), "a round started 2 ms late still ends its interval on the grid"),
            (.milliseconds(30), .zero, "a round that took its whole interval"),
            (.milliseconds(45), .zero, "a round that overran: the next at once"),
            (.milliseconds(46), .milliseconds(9), "the grid starts again from the overrun's end"),
            (.milliseconds(65), .zero, "due exactly after a round that started on the new grid"),
        ]
        for step in steps {
            #expect(schedule.waitForNextRound(at: start.advanced(by: step.ended)) == step.wait, "\(step.why)")
        }
    }
}
