/// Puts buffers on a backend, sending only the cells that changed since the previous one.
public struct FramePresenter {
    private var previous: Buffer?

    /// Creates a presenter that has drawn nothing yet.
    public init() {}

    /// Draws `buffer`: the changed cells only, or everything on the first frame and after a
    /// resize.
    /// - Returns: the cells written.
    @discardableResult
    public mutating func present(_ buffer: Buffer, on backend: some TerminalBackend) -> Int {
        let changes: [CellChange]
        if let previous, previous.size == buffer.size {
            changes = buffer.diff(from: previous)
        } else {
            backend.clear()
            changes = buffer.diff(from: Buffer(size: Size(width: 0, height: 0)))
        }
        previous = buffer
        guard !changes.isEmpty else { return 0 }
        backend.draw(changes)
        backend.flush()
        return changes.count
    }
}
