/// What a frame sends the terminal: the cells that changed since the frame before.
extension Buffer {
    /// The cells that differ from `previous`, row by row; every cell when the sizes differ. A
    /// row with the same known history in both is not read.
    public func diff(from previous: Buffer) -> [CellChange] {
        var changes: [CellChange] = []
        guard previous.size == size else {
            for y in 0..<size.height {
                for (x, cell) in row(y).enumerated() { changes.append(CellChange(x: x, y: y, cell: cell)) }
            }
            return changes
        }
        guard !cells.isEmpty else { return [] }
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                blankRow.withUnsafeBufferPointer { blankRow in
                    for y in 0..<size.height {
                        if histories[y].isKnown && histories[y] == previous.histories[y] { continue }
                        let start = y * size.width
                        // Rows compared as memory first (equal cells are equal in memory): most
                        // are unchanged.
                        let nowRow = cleared[y].isBlank ? now.baseAddress! + start : blankRow.baseAddress!
                        let beforeRow = previous.cleared[y].isBlank ? before.baseAddress! + start : blankRow.baseAddress!
                        if Self.equalMemory(nowRow, beforeRow, cells: size.width) { continue }
                        for x in 0..<size.width where !Self.equalMemory(nowRow + x, beforeRow + x) {
                            changes.append(CellChange(x: x, y: y, cell: nowRow[x]))
                        }
                    }
                }
            }
        }
        return changes
    }

    /// Whether the cells at `first` and `second` are equal in memory: the words' differences
    /// gathered and tested once.
    @inline(__always)
    private static func equalMemory(_ first: UnsafePointer<Cell>, _ second: UnsafePointer<Cell>) -> Bool {
        let (first, second) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
        var difference: UInt64 = 0
        for word in 0..<MemoryLayout<Cell>.size / 8 {
            difference |= first.load(fromByteOffset: word * 8, as: UInt64.self) ^ second.load(fromByteOffset: word * 8, as: UInt64.self)
        }
        return difference == 0
    }

    /// Whether `count` cells at `first` and `second` are equal in memory, compared 64 bytes
    /// at a time: the words' differences are gathered by exclusive or and tested once.
    private static func equalMemory(_ first: UnsafePointer<Cell>, _ second: UnsafePointer<Cell>, cells count: Int) -> Bool {
        let (first, second) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
        let bytes = count * MemoryLayout<Cell>.stride
        var offset = 0
        @inline(__always) func difference(at byte: Int) -> UInt64 {
            first.loadUnaligned(fromByteOffset: byte, as: UInt64.self) ^ second.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
        }
        while offset + 64 <= bytes {
            let low = (difference(at: offset) | difference(at: offset + 8)) | (difference(at: offset + 16) | difference(at: offset + 24))
            let high = (difference(at: offset + 32) | difference(at: offset + 40)) | (difference(at: offset + 48) | difference(at: offset + 56))
            guard low | high == 0 else { return false }
            offset += 64
        }
        while offset < bytes {
            guard difference(at: offset) == 0 else { return false }
            offset += 8
        }
        return true
    }
}
