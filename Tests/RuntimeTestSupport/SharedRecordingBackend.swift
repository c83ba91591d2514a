import Synchronization
public import TerminalKit

/// ``RecordingBackend`` behind a lock, so a test can hand it to the dashboard's actor and
/// still read what it shows and type into it.
public final class SharedRecordingBackend: TerminalBackend, Sendable {
    private let backend: Mutex<RecordingBackend>
    public let inputReady: AsyncStream<Void>

    /// A terminal of `size`.
    public init(size: Size) {
        let backend = RecordingBackend(size: size)
        inputReady = backend.inputReady
        self.backend = Mutex(backend)
    }

    /// The screen's text, row by row.
    public var lines: [String] { backend.withLock { $0.screen.lines } }
    /// Whether the terminal was taken over and not given back yet.
    public var isStarted: Bool { backend.withLock { $0.isStarted } }
    /// Whether the terminal was given back.
    public var wasRestored: Bool { backend.withLock { $0.wasRestored } }

    /// Types `events` as the user would.
    public func send(_ events: TerminalEvent...) {
        backend.withLock { backend in
            for event in events { backend.send(event) }
        }
    }

    /// Resizes the terminal and reports it, as a window change would.
    public func resize(to size: Size) {
        backend.withLock { backend in
            backend.size = size
            backend.send(.resized(size))
        }
    }

    public var size: Size { backend.withLock { $0.size } }
    public func start() throws(TerminalError) { try backend.withLock { backend throws(TerminalError) in try backend.start() } }
    public func draw(_ changes: [CellChange]) { backend.withLock { $0.draw(changes) } }
    public func clear() { backend.withLock { $0.clear() } }
    public func flush() { backend.withLock { $0.flush() } }
    public func pendingEvents() -> [TerminalEvent] { backend.withLock { $0.pendingEvents() } }
    public func restore() { backend.withLock { $0.restore() } }
    public func ringBell() { backend.withLock { $0.ringBell() } }
}
