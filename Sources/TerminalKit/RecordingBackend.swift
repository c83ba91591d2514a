/// An in-memory terminal for tests: keeps what was drawn and hands out scripted events.
public final class RecordingBackend: TerminalBackend {
    /// The terminal's size.
    public var size: Size {
        didSet {
            screen = Buffer(size: size)
            drawn = screen
        }
    }
    /// What the terminal shows after the last flush.
    public private(set) var screen: Buffer
    /// Cells drawn since the start.
    public private(set) var cellsWritten = 0
    /// Flushes since the start.
    public private(set) var flushes = 0
    /// Times the bell was rung.
    public private(set) var bells = 0
    /// Whether ``start()`` was called and ``restore()`` not yet.
    public private(set) var isStarted = false
    /// Whether ``restore()`` has been called.
    public private(set) var wasRestored = false
    public let inputReady: AsyncStream<Void>
    private let inputSignal: AsyncStream<Void>.Continuation
    private var queuedEvents: [TerminalEvent] = []
    private var drawn: Buffer

    /// Creates a terminal of a size.
    public init(size: Size) {
        self.size = size
        screen = Buffer(size: size)
        drawn = screen
        (inputReady, inputSignal) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues events as if the user typed them, and signals ``inputReady``.
    public func send(_ events: TerminalEvent...) {
        queuedEvents += events
        inputSignal.yield()
    }

    public func start() throws(TerminalError) {
        isStarted = true
    }

    public func draw(_ changes: [CellChange]) {
        for change in changes {
            drawn.write(
                change.cell.symbol, x: change.x, y: change.y, limit: max(1, change.cell.symbol.terminalColumns),
                style: change.cell.style)
        }
        cellsWritten += changes.count
    }

    public func clear() {
        drawn = Buffer(size: size)
    }

    public func flush() {
        screen = drawn
        flushes += 1
    }

    public func pendingEvents() -> [TerminalEvent] {
        defer { queuedEvents = [] }
        return queuedEvents
    }

    public func restore() {
        isStarted = false
        wasRestored = true
    }

    public func ringBell() {
        bells += 1
    }
}
