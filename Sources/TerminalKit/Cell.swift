/// One terminal cell: the character drawn in it and how.
///
/// A wide character (two columns) sits in its left cell; the right cell holds an empty
/// symbol and is never drawn on its own.
public struct Cell: Sendable, Hashable {
    /// The character drawn, `""` for the right half of a wide character.
    public var symbol: String
    /// How it is drawn.
    public var style: Style

    /// Creates a cell.
    public init(_ symbol: String, style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    /// A space in the default style.
    public static let blank = Cell(" ")

    /// Whether this cell is the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }
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
