/// Rows of cells drawn in the previous frame, each kept with the inputs it was drawn from, so
/// a row whose inputs have not changed is copied instead of drawn again.
///
/// It keeps only the rows the last frame drew, so it holds at most as many rows as the screen
/// has, whatever scrolls past. Its methods are inlinable, so each use compiles for its own row
/// identities and inputs (hashing and comparing them directly, not through witness tables).
public struct RowCache<ID: Hashable & Sendable, Inputs: Equatable & Sendable>: Sendable {
    /// A row, its identity and its inputs, shared by reference: keeping a row for the next frame
    /// copies a pointer, not the inputs.
    @usableFromInline
    final class Entry: Sendable {
        @usableFromInline let id: ID
        @usableFromInline let inputs: Inputs
        @usableFromInline let cells: [Cell]
        /// The cells' identity in a buffer's row history.
        @usableFromInline let tag = RowTag.next()

        @inlinable
        init(id: ID, inputs: Inputs, cells: [Cell]) {
            self.id = id
            self.inputs = inputs
            self.cells = cells
        }
    }

    /// The rows the last frame drew, and those this frame has drawn so far, in the order drawn.
    @usableFromInline var previous: [Entry] = []
    @usableFromInline var current: [Entry] = []
    /// The last frame's rows by identity, made the first time this frame draws a row that is
    /// not where it was (a row found in its place needs no hashing).
    @usableFromInline var previousByID: [ID: Entry]?

    /// An empty cache.
    public init() {}

    /// Rows kept from the last frame ended.
    public var count: Int { previous.count }

    /// Draws row `id` into `row` (one row high) of `buffer`: a copy of its cells from the
    /// previous frame (or from earlier in this one) when it was drawn from equal `inputs` at the
    /// same width, else by `draw`, which must draw it from `inputs` alone (and within `row`).
    @inlinable
    public mutating func draw(_ id: ID, inputs: Inputs, in row: Rect, into buffer: inout Buffer, draw: (inout Buffer) -> Void) {
        if let entry = kept(id), entry.cells.count == row.width, entry.inputs == inputs {
            buffer.paste(entry.cells, x: row.x, y: row.y, as: entry.tag)
            current.append(entry)
            return
        }
        draw(&buffer)
        current.append(Entry(id: id, inputs: inputs, cells: buffer.cells(inRow: row.y, from: row.x, count: row.width)))
    }

    /// The row drawn as `id` last frame — looked for first at the same place in the order, where
    /// a table whose rows did not move finds every one — or drawn earlier in this frame.
    @inlinable
    mutating func kept(_ id: ID) -> Entry? {
        let place = current.count
        if place < previous.count, previous[place].id == id { return previous[place] }
        if previousByID == nil {
            previousByID = Dictionary(previous.lazy.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        }
        return previousByID?[id] ?? current.last { $0.id == id }
    }

    /// Ends a frame: the rows it drew are kept for the next one, the others let go.
    @inlinable
    public mutating func endFrame() {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        previousByID = nil
    }
}
