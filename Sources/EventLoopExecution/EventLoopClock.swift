public import MarketCore
public import NIOCore
import SystemTime

/// The machine's clocks, waiting on an event loop's timers: a task that runs on the loop
/// (``EventLoopTaskExecutor`` as its preference) sleeps and wakes on the loop's own thread,
/// where `Task.sleep` would go through libdispatch's timer thread and wake a pool thread.
public struct EventLoopClock: RuntimeClock {
    private let loop: any EventLoop
    private let system = SystemClock()

    /// A clock whose waits are `loop`'s timers.
    public init(loop: any EventLoop) {
        self.loop = loop
    }

    public func wallNow() -> Timestamp { system.wallNow() }

    public func monotonicNow() -> MonotonicInstant { system.monotonicNow() }

    /// Waits for `duration` on the loop; throws `CancellationError` when the task is cancelled,
    /// as `Task.sleep` does (or the loop's error once it has shut down).
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let timer = loop.scheduleTask(in: TimeAmount(saturating: duration)) {}
        do {
            try await withTaskCancellationHandler {
                try await timer.futureResult.get()
            } onCancel: {
                timer.cancel()
            }
        } catch {
            try Task.checkCancellation()
            throw error
        }
    }
}

extension TimeAmount {
    /// `duration` in an event loop's nanoseconds, saturating: a wait of more than 292 years is
    /// as good as forever, and a negative one is no wait.
    public init(saturating duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflow, !sumOverflow else {
            self = .nanoseconds(seconds < 0 ? 0 : .max)
            return
        }
        self = .nanoseconds(max(0, total))
    }
}
