import Synchronization

/// What wakes the screen loop, taken in the order it came by one consumer: an `AsyncStream`
/// buffering the newest `limit`, compiled for its element. The standard library's stream runs
/// unspecialized (its buffer's metadata and witness tables looked up on every wake), and the
/// loop takes a wake some forty times a second.
final class WakeQueue<Element: Sendable>: Sendable {
    private struct State {
        /// The wakes not taken yet, from `head` on.
        var pending: [Element] = []
        var head = 0
        /// The consumer, waiting while nothing is pending.
        var waiter: CheckedContinuation<Element?, Never>?
        var isFinished = false

        var pendingCount: Int { pending.count - head }

        mutating func takeFirst() -> Element {
            defer {
                head += 1
                if head == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    head = 0
                }
            }
            return pending[head]
        }
    }

    private let state = Mutex(State())
    private let limit: Int

    /// A queue keeping at most `limit` wakes not taken: a further one drops the oldest.
    init(limit: Int) {
        precondition(limit > 0, "a wake queue keeps at least one wake")
        self.limit = limit
    }

    /// Adds a wake, or hands it straight to the waiting consumer; dropped once finished.
    func yield(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if state.pendingCount == limit { _ = state.takeFirst() }
            state.pending.append(element)
            return nil
        }
        waiter?.resume(returning: element)
    }

    /// The next wake, waiting for one; `nil` once the queue is finished (and what was pending
    /// taken) or the waiting task is cancelled (which drops what is pending and finishes it).
    func next() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Element?? in
                    if state.pendingCount > 0 { return .some(state.takeFirst()) }
                    if state.isFinished { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish(droppingPending: true)
        }
    }

    /// Ends the queue: the consumer gets `nil` once it has taken what is pending (at once,
    /// `droppingPending`), and later wakes are dropped.
    func finish(droppingPending: Bool = false) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            state.isFinished = true
            if droppingPending {
                state.pending = []
                state.head = 0
            }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
