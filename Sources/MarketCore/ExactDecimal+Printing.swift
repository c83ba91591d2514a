extension ExactDecimal: CustomStringConvertible {
    /// The canonical text: no exponent, no trailing fractional zeros, `"0"` for zero
    /// (`"116208000"`, `"0.0007772"`, `"-1.5"`).
    public var description: String {
        // As many fractional digits as are not trailing zeros: printed exactly, no rounding.
        var fraction = UInt64(units.magnitude % UInt128(Self.unitsPerOne))
        var digits = fraction == 0 ? 0 : Self.scale
        while fraction != 0 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        return formatted(fractionDigits: digits)
    }

    /// The value rounded half to even to `digits` fractional digits (0…18), for display.
    public func rounded(toFractionDigits digits: Int) -> ExactDecimal {
        let dropped = Self.scale - Swift.min(Swift.max(digits, 0), Self.scale)
        guard dropped > 0 else { return self }
        let step = Int128(powersOfTen[dropped])
        let (quotient, remainder) = units.quotientAndRemainder(dividingBy: step)
        let half = step / 2
        let absRemainder = remainder.magnitude
        var adjusted = quotient
        if absRemainder > UInt128(half) || (absRemainder == UInt128(half) && quotient & 1 != 0) {
            adjusted += units < 0 ? -1 : 1
        }
        return ExactDecimal(units: adjusted * step)
    }

    /// The fixed-point text with exactly `digits` fractional digits, rounded half to even
    /// (`"1,234"`-style grouping is the caller's concern).
    public func formatted(fractionDigits digits: Int) -> String {
        let clamped = Swift.min(Swift.max(digits, 0), Self.scale)
        let rounded = rounded(toFractionDigits: clamped)
        let magnitude = rounded.units.magnitude
        let whole = magnitude / UInt128(Self.unitsPerOne)
        // Under 10¹⁸: a word.
        let fraction = UInt64((magnitude % UInt128(Self.unitsPerOne)) / powersOfTen[Self.scale - clamped])
        // The whole part from a word when it fits, as nearly every price and size does.
        let wholeWord = whole <= UInt128(UInt64.max) ? UInt64(whole) : nil
        let wholeDigits = wholeWord.map(Self.digitCount) ?? Self.digitCount(of: whole)
        let sign = rounded.units < 0 ? 1 : 0
        // Written straight into the string, asked for at its exact length: up to 15 bytes
        // that is a small string, with no allocation.
        return String(unsafeUninitializedCapacity: sign + wholeDigits + (clamped > 0 ? 1 + clamped : 0)) { text in
            var count = 0
            if sign == 1 {
                text[0] = UInt8(ascii: "-")
                count = 1
            }
            count +=
                wholeWord.map { Self.writeDigits(of: $0, count: 1, into: text, at: count) }
                ?? Self.writeDigits(of: whole, count: 1, into: text, at: count)
            guard clamped > 0 else { return count }
            text[count] = UInt8(ascii: ".")
            return count + 1 + Self.writeDigits(of: fraction, count: clamped, into: text, at: count + 1)
        }
    }

    /// Writes `value`'s decimal digits at `start`, with leading zeros to at least `count`
    /// digits, and returns how many it wrote.
    private static func writeDigits<Value: FixedWidthInteger & UnsignedInteger>(
        of value: Value, count: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
        let digits = Swift.max(digitCount(of: value), count)
        var remaining = value
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        return digits
    }

    /// How many decimal digits `value` has (1 for zero).
    private static func digitCount<Value: FixedWidthInteger & UnsignedInteger>(of value: Value) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}
