import Synchronization

/// What wakes the screen loop, taken in the order it came by one consumer: an `AsyncStream`
/// buffering the newest `limit`, compiled for its element. The standard library's stream runs
/// unspecialized (its buffer's metadata and witness tables looked up on every wake), and the
/// loop takes a wake some forty times a second.
final class WakeQueue<Element: Sendable>: Sendable {
    private struct State {
        /// The wakes not taken yet: `count` of them from `head` on, in a ring of `limit` slots,
        /// so what the queue holds never grows past its limit however it is used.
        var slots: [Element?]
        var head = 0
        var count = 0
        /// The consumer, waiting while nothing is pending.
        var waiter: CheckedContinuation<Element?, Never>?
        var isFinished = false

        init(limit: Int) {
            slots = Array(repeating: nil, count: limit)
        }

        mutating func append(_ element: Element) {
            if count == slots.count { _ = takeFirst() }
            slots[(head + count) % slots.count] = element
            count += 1
        }

        mutating func takeFirst() -> Element? {
            guard count > 0 else { return nil }
            let first = slots[head]
            slots[head] = nil
            head = (head + 1) % slots.count
            count -= 1
            return first
        }

        mutating func dropAll() {
            while takeFirst() != nil {}
        }
    }

    private let state: Mutex<State>

    /// A queue keeping at most `limit` wakes not taken: a further one drops the oldest.
    init(limit: Int) {
        precondition(limit > 0, "a wake queue keeps at least one wake")
        state = Mutex(State(limit: limit))
    }

    /// Adds a wake, or hands it straight to the waiting consumer; dropped once finished.
    func yield(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.append(element)
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
                    if let first = state.takeFirst() { return .some(first) }
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
            if droppingPending { state.dropAll() }
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: nil)
    }
}
