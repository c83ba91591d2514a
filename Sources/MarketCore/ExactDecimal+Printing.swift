extension ExactDecimal: CustomStringConvertible {
    /// The canonical text: no exponent, no trailing fractional zeros, `"0"` for zero
    /// (`"116208000"`, `"0.0007772"`, `"-1.5"`).
    public var description: String {
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        let whole = magnitude / UInt128(Self.unitsPerOne)
        var fraction = magnitude % UInt128(Self.unitsPerOne)
        var text = units < 0 ? "-" : ""
        text += String(whole)
        guard fraction != 0 else { return text }
        var fractionDigits = Self.scale
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        let digits = String(fraction)
        text += "."
        text += String(repeating: "0", count: fractionDigits - digits.count)
        text += digits
        return text
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
        // At most a sign, 39 digits, a point and 18 digits, written straight into the string.
        return String(unsafeUninitializedCapacity: 59) { text in
            var count = 0
            if rounded.units < 0 {
                text[0] = UInt8(ascii: "-")
                count = 1
            }
            // The whole part from a word when it fits, as nearly every price and size does.
            count +=
                whole <= UInt128(UInt64.max)
                ? Self.writeDigits(of: UInt64(whole), count: 1, into: text, at: count)
                : Self.writeDigits(of: whole, count: 1, into: text, at: count)
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
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        digits = Swift.max(digits, count)
        var remaining = value
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        return digits
    }
}
