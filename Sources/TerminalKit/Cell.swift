/// One terminal cell: the character drawn in it and how. Two words of plain bits, the
/// grapheme's with the style in their spare bits: copying and comparing cells involves no
/// reference counting, and equal cells are equal in memory.
///
/// A wide character (two columns) sits in its left cell; the right cell holds an empty
/// grapheme and is never drawn on its own.
public struct Cell: Sendable, Hashable {
    /// The grapheme's first word.
    private var low: UInt64
    /// The grapheme's second word, with the style packed in bits 32–47 (``Grapheme/spareBits``).
    private var high: UInt64

    private static let styleShift: UInt64 = 32

    /// The character drawn, ``Grapheme/empty`` for the right half of a wide character.
    public var grapheme: Grapheme {
        get { Grapheme(low: low, high: high & ~Grapheme.spareBits) }
        set {
            low = newValue.low
            high = newValue.high | high & Grapheme.spareBits
        }
    }

    /// How it is drawn.
    public var style: Style {
        get { Style(packed: packedStyle) }
        set { packedStyle = newValue.packed }
    }

    /// ``style``, packed (see ``Style/packed``).
    var packedStyle: UInt16 {
        get { UInt16(truncatingIfNeeded: high >> Self.styleShift) }
        set { high = high & ~Grapheme.spareBits | UInt64(newValue) << Self.styleShift }
    }

    /// A cell showing the first character of `symbol` (nothing for `""`).
    public init(_ symbol: String, style: Style = .plain) {
        self.init(Grapheme(symbol), style: style)
    }

    /// A cell showing `grapheme`.
    public init(_ grapheme: Grapheme, style: Style = .plain) {
        low = grapheme.low
        high = grapheme.high | UInt64(style.packed) << Self.styleShift
    }

    /// A space in the default style.
    public static let blank = Cell(.space)

    /// The printable ASCII `byte` in this cell's style, for a cell holding one (a space):
    /// the graphemes of two such bytes differ in their first word only.
    @inline(__always)
    func withASCII(_ byte: UInt8) -> Cell {
        var cell = self
        cell.low = UInt64(byte)
        return cell
    }

    /// The character drawn as text, `""` for the right half of a wide character.
    public var symbol: String { grapheme.text }

    /// Whether this cell is the right half of a wide character.
    public var isContinuation: Bool { grapheme.isEmpty }

    /// Whether this cell is neither half of a wide character.
    var isNarrow: Bool { !grapheme.isEmpty && grapheme.columns < 2 }
}

/// A cell to draw at a position: what a backend receives.
public struct CellChange: Sendable, Hashable {
    /// Column.
    public var x: Int
    /// Row.
    public var y: Int
    /// What to draw.
    public var cell: Cell

    /// Creates a change.
    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}
