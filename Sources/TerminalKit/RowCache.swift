/// Rows of cells drawn in the previous frame, each kept with the inputs it was drawn from, so
/// a row whose inputs have not changed is copied instead of drawn again.
///
/// It keeps only the rows the last frame drew, so it holds at most as many rows as the screen
/// has, whatever scrolls past. Its methods are inlinable, so each use compiles for its own row
/// identities and inputs (hashing and comparing them directly, not through witness tables).
public struct RowCache<ID: Hashable & Sendable, Inputs: Equatable & Sendable>: Sendable {
    /// A row and its inputs, shared by reference: keeping a row for the next frame copies a
    /// pointer, not the inputs.
    @usableFromInline
    final class Entry: Sendable {
        @usableFromInline let inputs: Inputs
        @usableFromInline let cells: [Cell]

        @inlinable
        init(inputs: Inputs, cells: [Cell]) {
            self.inputs = inputs
            self.cells = cells
        }
    }

    @usableFromInline var previous: [ID: Entry] = [:]
    @usableFromInline var current: [ID: Entry] = [:]

    /// An empty cache.
    public init() {}

    /// Rows kept from the last frame ended.
    public var count: Int { previous.count }

    /// Draws row `id` into `row` (one row high) of `buffer`: a copy of its cells from the
    /// previous frame when it was drawn from equal `inputs` at the same width, else by `draw`,
    /// which must draw it from `inputs` alone (and within `row`).
    @inlinable
    public mutating func draw(_ id: ID, inputs: Inputs, in row: Rect, into buffer: inout Buffer, draw: (inout Buffer) -> Void) {
        if let entry = previous[id] ?? current[id], entry.cells.count == row.width, entry.inputs == inputs {
            buffer.paste(entry.cells, x: row.x, y: row.y)
            current[id] = entry
            return
        }
        draw(&buffer)
        current[id] = Entry(inputs: inputs, cells: buffer.cells(inRow: row.y, from: row.x, count: row.width))
    }

    /// Ends a frame: the rows it drew are kept for the next one, the others let go.
    @inlinable
    public mutating func endFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }
}
