import Dispatch
import EventLoopExecution
import MarketCore
import NIOCore
import NIOPosix
import Testing

/// Tasks preferring an event loop run there, and so do the actors they call, until the executor
/// is closed; no job is lost when its loop shuts down. The loop's clock waits at least as long as
/// asked and gives way to cancellation at once.
@Suite(.timeLimit(.minutes(1))) struct EventLoopExecutionTests {
    /// A plain actor, with no executor of its own.
    actor Counter {
        var count = 0

        func increment(on loop: any EventLoop) -> Bool {
            count += 1
            return loop.inEventLoop
        }
    }

    @Test func aTaskPreferringTheLoopAndTheActorsItCallsRunOnTheLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let counter = Counter()
        let (onLoop, actorOnLoop, childOnLoop) = await withTaskExecutorPreference(EventLoopTaskExecutor(loop: loop)) {
            let onLoop = loop.inEventLoop
            let actorOnLoop = await counter.increment(on: loop)
            let childOnLoop = await withTaskGroup(of: Bool.self) { children in
                children.addTask { loop.inEventLoop }
                return await children.next() ?? false
            }
            return (onLoop, actorOnLoop, childOnLoop)
        }
        #expect(onLoop && actorOnLoop && childOnLoop)
        #expect(await counter.count == 1)
        try await group.shutdownGracefully()
    }

    @Test func aJobQueuedBeforeTheExecutorClosesRunsOnTheLoopAsItShutsDown() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let executor = EventLoopTaskExecutor(loop: loop)
        let loopHeld = DispatchSemaphore(value: 0)
        loop.execute { loopHeld.wait() }
        // Queued behind the held loop, before the executor closes.
        let queued = Task(executorPreference: executor) { loop.inEventLoop }
        executor.close()
        loopHeld.signal()
        try await group.shutdownGracefully()
        #expect(await queued.value)
    }

    @Test func aClosedExecutorRunsItsTasksOffTheLoopEvenAfterTheLoopHasShutDown() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let executor = EventLoopTaskExecutor(loop: loop)
        let counter = Counter()
        executor.close()
        try await group.shutdownGracefully()
        let (onLoop, actorOnLoop) = await withTaskExecutorPreference(executor) {
            (loop.inEventLoop, await counter.increment(on: loop))
        }
        #expect(!onLoop && !actorOnLoop)
        #expect(await counter.count == 1)
    }

    @Test func theLoopsClockWaitsAtLeastTheDurationAndReadsTheSystemClock() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let clock = EventLoopClock(loop: group.next())
        let start = clock.monotonicNow()
        try await clock.sleep(for: .milliseconds(20))
        #expect(clock.monotonicNow().duration(since: start) >= .milliseconds(20))
        #expect(clock.wallNow().microseconds > 1_700_000_000_000_000)
        try await group.shutdownGracefully()
    }

    @Test func aSleepOnTheLoopEndsWhenItsTaskIsCancelled() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let clock = EventLoopClock(loop: group.next())
        let sleeper = Task { try await clock.sleep(for: .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        try await group.shutdownGracefully()
    }

    @Test func aWaitBeyondTheLoopsNanosecondsWaitsUntilCancelled() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let clock = EventLoopClock(loop: group.next())
        let (waiting, started) = AsyncStream.makeStream(of: Void.self)
        let sleeper = Task {
            started.yield()
            try await clock.sleep(for: .seconds(Int64.max / 2))
        }
        for await _ in waiting { break }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try await group.shutdownGracefully()
    }
}
