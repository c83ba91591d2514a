extension UnsafeRawBufferPointer {
    /// Eight bytes from `index` as a little-endian word, the bytes past the end read as zeros.
    /// Every load stays inside the buffer: near its end, overlapping loads are shifted into
    /// place.
    @inline(__always)
    func littleEndianWord(at index: Int) -> UInt64 {
        let left = count &- index
        if left >= 8 { return load(UInt64.self, at: index) }
        if left <= 0 { return 0 }
        if count >= 8 { return load(UInt64.self, at: count &- 8) >> (8 &* UInt64(8 &- left)) }
        if left >= 4 {
            return load(UInt32.self, at: index) | load(UInt32.self, at: count &- 4) << (8 &* UInt64(left &- 4))
        }
        if left >= 2 {
            return load(UInt16.self, at: index) | load(UInt16.self, at: count &- 2) << (8 &* UInt64(left &- 2))
        }
        return UInt64(self[index])
    }

    private func load<Word: FixedWidthInteger & UnsignedInteger>(_: Word.Type, at offset: Int) -> UInt64 {
        UInt64(Word(littleEndian: loadUnaligned(fromByteOffset: offset, as: Word.self)))
    }
}
