/// A size in terminal cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative figures count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of cells: its top-left corner and its size.
public struct Rect: Sendable, Hashable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a rectangle; negative sizes count as zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle covering a whole area of `size`.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Whether it holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The row below the last one.
    public var maxY: Int { y + height }

    /// The column right of the last one.
    public var maxX: Int { x + width }

    /// The top `rows` rows (at most all of them) and the rest below.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: taken), Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// The bottom `rows` rows (at most all of them) and the rest above.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let (rest, bottom) = splitTop(height - min(max(0, rows), height))
        return (rest, bottom)
    }

    /// The left `columns` columns (at most all of them) and the rest to the right.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: taken, height: height), Rect(x: x + taken, y: y, width: width - taken, height: height))
    }

    /// Row `index` of the rectangle as a one-row rectangle.
    public func row(_ index: Int) -> Rect {
        Rect(x: x, y: y + index, width: width, height: index < height ? 1 : 0)
    }

    /// The part of the rectangle that also lies in `other`.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }
}
