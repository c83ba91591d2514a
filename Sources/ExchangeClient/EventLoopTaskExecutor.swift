public import NIOCore

/// Runs tasks on one event loop: given as a task's executor preference, the task, its child
/// tasks and the default actors it calls (when free) run on the loop's thread. The loop must
/// outlive every task that prefers it, and every actor such a task has called: an actor busy when
/// called may be scheduled on the loop, and a job for a loop that has shut down is dropped.
public final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    /// An executor running its jobs on `loop`, which must outlive every task that prefers it.
    public init(loop: any EventLoop) {
        self.loop = loop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
