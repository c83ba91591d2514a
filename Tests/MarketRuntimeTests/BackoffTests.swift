import MarketCore
import MarketRuntime
import Testing

@Suite struct BackoffTests {
    @Test func delaysDoubleUpToTheMaximumWithJitterBetweenHalfAndAll() {
        let backoff = Backoff(initial: .milliseconds(250), maximum: .seconds(30))
        var generator = SeededGenerator(seed: 3)
        for (failures, ceiling) in [(1, 0.25), (2, 0.5), (3, 1.0), (5, 4.0), (8, 30.0), (40, 30.0)] {
            for _ in 0..<50 {
                let delay = backoff.delay(afterFailures: failures, using: &generator)
                let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
                #expect(seconds >= ceiling / 2 - 1e-6 && seconds <= ceiling + 1e-6, "after \(failures) failures: \(seconds) s")
            }
        }
    }

    @Test func delaysSpreadSoClientsDoNotReturnInStep() {
        let backoff = Backoff()
        var generator = SeededGenerator(seed: 11)
        let delays = Set((0..<20).map { _ in backoff.delay(afterFailures: 4, using: &generator) })
        #expect(delays.count > 10)
    }
}
