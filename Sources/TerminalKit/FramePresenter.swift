/// Puts buffers on a backend, sending only the cells that changed since the previous one.
///
/// It keeps the buffer presented before the previous one for the next frame to be drawn into
/// (``blankFrame(size:)``), so a frame allocates no screen's worth of memory: a large block
/// freed and allocated thirty times a second fragments the heap it comes from.
public struct FramePresenter {
    private var previous: Buffer?
    private var spare: Buffer?

    /// Creates a presenter that has drawn nothing yet.
    public init() {}

    /// A buffer of blank cells of `size` to draw the next frame into: the one presented before
    /// the previous frame, cleared, when it is that size; a new one otherwise.
    public mutating func blankFrame(size: Size) -> Buffer {
        guard var buffer = spare.take(), buffer.size == size else { return Buffer(size: size) }
        buffer.clear()
        return buffer
    }

    /// Draws `buffer`: the changed cells only, or everything on the first frame and after a
    /// resize.
    /// - Returns: the cells written.
    @discardableResult
    public mutating func present(_ buffer: consuming Buffer, on backend: some TerminalBackend) -> Int {
        let changes: [CellChange]
        if let previous, previous.size == buffer.size {
            changes = buffer.diff(from: previous)
        } else {
            backend.clear()
            changes = buffer.diff(from: Buffer(size: Size(width: 0, height: 0)))
        }
        spare = previous.take()
        previous = buffer
        guard !changes.isEmpty else { return 0 }
        backend.draw(changes)
        backend.flush()
        return changes.count
    }
}
