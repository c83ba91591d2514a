import Testing

@testable import DashboardRuntime

@Suite struct WakeQueueTests {
    @Test func wakesComeInTheOrderYieldedAndTheOldestGoAtTheLimit() async {
        let queue = WakeQueue<Int>(limit: 3)
        for wake in 1...3 { queue.yield(wake) }
        #expect(await queue.next() == 1)
        queue.yield(4)
        queue.yield(5)
        #expect(await queue.next() == 3, "at the limit of three, 2 was dropped for 5")
        #expect(await queue.next() == 4)
        #expect(await queue.next() == 5)
        queue.yield(6)
        #expect(await queue.next() == 6, "the queue emptied and filled again")
    }

    @Test func aQueueNeverEmptiedKeepsItsOrderRoundAndRoundItsRing() async {
        let queue = WakeQueue<Int>(limit: 3)
        queue.yield(0)
        for wake in 1...1_000 {
            queue.yield(wake)
            #expect(await queue.next() == wake - 1)
        }
        #expect(await queue.next() == 1_000)
    }

    @Test func aWaitingConsumerIsHandedTheNextWake() async {
        let queue = WakeQueue<Int>(limit: 4)
        async let taken = queue.next()
        // The consumer may or may not be waiting yet: either way it gets the wake.
        queue.yield(7)
        #expect(await taken == 7)
    }

    @Test func aFinishedQueueHandsOverWhatIsPendingThenNilAndDropsLaterWakes() async {
        let queue = WakeQueue<Int>(limit: 4)
        queue.yield(1)
        queue.finish()
        queue.yield(2)
        #expect(await queue.next() == 1)
        #expect(await queue.next() == nil)
        #expect(await queue.next() == nil)
    }

    @Test func cancellingTheConsumerEndsItsWaitAndDropsWhatIsPending() async {
        let waiting = WakeQueue<Int>(limit: 4)
        let consumer = Task { await waiting.next() }
        consumer.cancel()
        #expect(await consumer.value == nil)
        waiting.yield(1)
        #expect(await waiting.next() == nil, "cancelling finished the queue")

        let pending = WakeQueue<Int>(limit: 4)
        pending.yield(1)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await pending.next()
        }
        #expect(await cancelled.value == nil, "a consumer cancelled is not handed what was pending")
    }
}
