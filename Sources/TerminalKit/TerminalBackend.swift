/// A terminal the screen draws on: ncurses in the app, ``RecordingBackend`` in tests.
///
/// Every call comes from one isolation domain; implementations need not be thread-safe.
public protocol TerminalBackend: AnyObject {
    /// The terminal's size now.
    var size: Size { get }
    /// Takes over the terminal (raw keys, no echo, hidden cursor, alternate screen).
    func start() throws(TerminalError)
    /// Draws cells; nothing shows until ``flush()``.
    func draw(_ changes: [CellChange])
    /// Clears the whole screen, before a redraw from scratch.
    func clear()
    /// Shows what was drawn.
    func flush()
    /// Yields when input may be waiting: the reader then calls ``pendingEvents()``.
    var inputReady: AsyncStream<Void> { get }
    /// Events waiting now (keys, a resize), without blocking.
    func pendingEvents() -> [TerminalEvent]
    /// Gives the terminal back as it was; safe to call more than once.
    func restore()
    /// Rings the terminal's bell (or flashes it, as the terminal is set up to).
    func ringBell()
}

/// Why the terminal could not be used.
public enum TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// The terminal library could not start.
    case initializationFailed(String)

    public var description: String {
        switch self {
        case .notATerminal: "the dashboard needs a terminal (standard input and output are not one)"
        case .initializationFailed(let reason): "the terminal could not be set up: \(reason)"
        }
    }
}
