public import NIOCore

/// Runs tasks on one event loop: a connection's session, given this as its executor
/// preference, decodes and hands on each message on the thread that read it (and so do the
/// actors it calls, when free), instead of waking another thread for every read.
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
