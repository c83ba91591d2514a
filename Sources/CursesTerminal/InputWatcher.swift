import CNCursesW
import Dispatch
import Foundation
import Glibc
import Synchronization

/// Watches standard input on its own thread with `poll(2)` and signals when a key may be
/// waiting, so the dashboard reads keys the moment they arrive without polling ncurses. It
/// also signals when the terminal's size has changed (checked each time `poll` returns, at
/// least every 200 ms): ncurses reports a resize as a key, and nothing else would ask for it.
///
/// After a signal it waits (up to 200 ms) for ``acknowledge()`` — the reader has drained the
/// input — before polling again, so unread input does not make it spin.
final class InputWatcher: Sendable {
    let signals: AsyncStream<Void>
    private let ready: AsyncStream<Void>.Continuation
    private let drained = DispatchSemaphore(value: 0)
    private let isStopped = Atomic<Bool>(false)
    private let isStarted = Atomic<Bool>(false)

    init() {
        (signals, ready) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func start() {
        guard !isStarted.exchange(true, ordering: .relaxed) else { return }
        Thread.detachNewThread { self.watch() }
    }

    /// The reader has taken what was waiting.
    func acknowledge() {
        drained.signal()
    }

    func stop() {
        isStopped.store(true, ordering: .relaxed)
        drained.signal()
    }

    private func watch() {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        var size = cnc_window_size()
        while !isStopped.load(ordering: .relaxed) {
            descriptor.revents = 0
            let result = poll(&descriptor, 1, 200)
            let newSize = cnc_window_size()
            if newSize != size {
                size = newSize
                ready.yield()
            }
            guard result > 0 else { continue }
            ready.yield()
            if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { break }
            _ = drained.wait(timeout: .now() + .milliseconds(200))
        }
        ready.finish()
    }
}
