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
        var text = rounded.units < 0 ? "-" : ""
        // Printed from a word when it fits, as nearly every price and size does: printing a
        // 128-bit integer takes its slow generic path.
        text += whole <= UInt128(UInt64.max) ? String(UInt64(whole)) : String(whole)
        guard clamped > 0 else { return text }
        // Under 10¹⁸: a word.
        let fraction = UInt64((magnitude % UInt128(Self.unitsPerOne)) / powersOfTen[Self.scale - clamped])
        let fractionText = String(fraction)
        text += "."
        text += String(repeating: "0", count: clamped - fractionText.count)
        text += fractionText
        return text
    }
}
