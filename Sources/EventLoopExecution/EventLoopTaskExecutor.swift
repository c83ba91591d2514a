public import NIOCore
import Synchronization

/// Runs tasks on one event loop: given as a task's executor preference, the task, its child
/// tasks and the default actors it calls (when free) run on the loop's thread.
///
/// ``close()`` it before shutting the loop down: from then on its jobs go to the global
/// concurrent executor. A job handed to the loop before that still runs, as the loop drains its
/// queue on shutdown, so no task is stranded — not even one of a shared actor that a busy call
/// had scheduled here.
public final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop
    private let isOpen = Mutex(true)

    /// An executor running its jobs on `loop` until it is closed.
    public init(loop: any EventLoop) {
        self.loop = loop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queuedOnLoop = isOpen.withLock { isOpen in
            if isOpen { loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) } }
            return isOpen
        }
        if !queuedOnLoop { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// Sends every later job to the global concurrent executor; call it before the loop shuts down.
    public func close() {
        isOpen.withLock { $0 = false }
    }
}
