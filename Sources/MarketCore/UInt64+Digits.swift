/// Reading ASCII digits eight at a time: a word holds eight bytes of text, the first byte in
/// its lowest bits (a little-endian load), and neither function branches per digit.
extension UInt64 {
    /// 10ⁿ for n in 0 … 19, as constants (no table to load); 0 for any other n.
    @inlinable public static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        case 19: 10_000_000_000_000_000_000
        default: 0
        }
    }

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
        value = value &* Self.powerOfTen(count) &+ leadingDigitsValue(count)
        return count
    }
}
