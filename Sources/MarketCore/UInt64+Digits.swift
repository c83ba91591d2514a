/// Reading ASCII digits eight at a time: a word holds eight bytes of text, the first byte in
/// its lowest bits (a little-endian load), and neither function branches per digit.
extension UInt64 {
    /// 10⁰ … 10⁸: what a value read so far is multiplied by when a run of that many digits follows.
    @usableFromInline static let digitRunScales: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
    ]

    /// How many of the word's bytes, from the first, are ASCII digits before one that is not
    /// (0 … 8).
    @inlinable public var leadingASCIIDigitCount: Int {
        let offsets = self ^ 0x3030_3030_3030_3030
        // A digit's offset is 0…9: adding 0x76 leaves its high bit clear, and any other byte
        // ends with the high bit set. A carry only leaves a byte that is not a digit, so the
        // lowest flagged byte is the first one that is not.
        let notDigit = ((offsets &+ 0x7676_7676_7676_7676) | offsets) & 0x8080_8080_8080_8080
        return notDigit.trailingZeroBitCount / 8
    }

    /// The number the word's first `count` bytes (0 … 8, all ASCII digits) spell.
    @inlinable public func leadingDigitsValue(_ count: Int) -> UInt64 {
        // The digits move to the top bytes (a count of 0 shifts everything out), so the bytes
        // below them read as leading zeros; then pairs, quads and the eight combine in three
        // multiplications.
        var value = (self ^ 0x3030_3030_3030_3030) << (64 &- 8 &* UInt64(count))
        value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    }

    /// Appends the run of digits at the word's start to `value` and returns the run's length.
    @inlinable public func appendLeadingDigits(to value: inout UInt64) -> Int {
        let count = leadingASCIIDigitCount
        value = value &* Self.digitRunScales[count] &+ leadingDigitsValue(count)
        return count
    }
}
