import Synchronization

/// The identity of a row of cells kept to be pasted again (a ``RowCache`` row), so that a
/// buffer can tell two rows apart without reading them: every paste under one tag puts the
/// same cells. A tag is never given twice in a process.
public struct RowTag: Sendable, Hashable {
    let value: UInt64

    private static let last = Atomic<UInt64>(0)

    /// A tag no row has had.
    public static func next() -> RowTag {
        RowTag(value: last.add(1, ordering: .relaxed).newValue)
    }
}

/// What a buffer knows of one row's cells without reading them: blank as cleared; blank, then
/// pasted over by tagged rows only (the same pastes in the same order leave the same cells); or
/// nothing, once anything else was drawn on it.
struct RowHistory: Equatable {
    /// Lanes 0–2 are the pastes in order, each its tag above its column's 16 bits; lane 3 is
    /// how many, or all ones once the row is unknown.
    private var lanes: SIMD4<UInt64>

    /// A row of blank cells.
    static let blank = RowHistory(lanes: .zero)
    /// A row whose cells are known only by reading them.
    static let unknown = RowHistory(lanes: SIMD4(0, 0, 0, .max))

    private static let pastesKept: UInt64 = 3
    private static let columnBits: UInt64 = 16

    /// Whether the cells are known from the history alone (blank, or blank and pasted over).
    var isKnown: Bool { lanes[3] != .max }

    /// Whether every cell is blank.
    var isBlank: Bool { lanes[3] == 0 }

    /// This history with a paste of the row tagged `tag` from `column` recorded.
    func pasting(_ tag: RowTag, at column: Int) -> RowHistory {
        var history = self
        history.paste(tag, at: column)
        return history
    }

    /// Records a paste of the row tagged `tag` from `column`: unknown after more pastes than
    /// are kept, or a column or tag beyond their bits.
    mutating func paste(_ tag: RowTag, at column: Int) {
        let count = lanes[3]
        guard count < Self.pastesKept, column >= 0, column < 1 << Self.columnBits, tag.value < 1 << (64 - Self.columnBits) else {
            self = .unknown
            return
        }
        lanes[Int(count)] = tag.value << Self.columnBits | UInt64(column)
        lanes[3] = count + 1
    }
}
