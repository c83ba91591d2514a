extension ExactDecimal {
    /// The exact sum, saturating at the range limits.
    public static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        ExactDecimal(saturating: lhs.units.addingReportingOverflow(rhs.units))
    }

    /// The exact difference, saturating at the range limits.
    public static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        ExactDecimal(saturating: lhs.units.subtractingReportingOverflow(rhs.units))
    }

    /// The clamped result of an `Int128` operation that may have overflowed. Both operands
    /// were within ±10²⁰, so an overflowed result is at most 2 × 10³⁸ off: its sign tells the
    /// direction it went out of range.
    @inlinable init(saturating result: (partialValue: Int128, overflow: Bool)) {
        if result.overflow {
            self = result.partialValue < 0 ? .greatestMagnitude : -.greatestMagnitude
        } else {
            self.init(units: result.partialValue)
        }
    }

    /// The negated value.
    public static prefix func - (value: ExactDecimal) -> ExactDecimal {
        ExactDecimal(units: -value.units)
    }

    /// Adds in place, saturating at the range limits.
    public static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs + rhs }

    /// Subtracts in place, saturating at the range limits.
    public static func -= (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs - rhs }

    /// The product rounded half to even to 18 fractional digits, saturating at the range limits.
    public static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        let negative = (lhs.units < 0) != (rhs.units < 0)
        let product = lhs.units.magnitude.multipliedFullWidth(by: rhs.units.magnitude)
        return ExactDecimal(magnitude: roundedQuotient(product, UInt128(unitsPerOne)), negative: negative)
    }

    /// The quotient rounded half to even to 18 fractional digits, or `nil` for a zero divisor.
    /// Saturates at the range limits.
    public func divided(by divisor: ExactDecimal) -> ExactDecimal? {
        divided(by: divisor, roundedToFractionDigits: Self.scale)
    }

    /// The exact quotient rounded once, half to even, to `digits` fractional digits (0…18), or
    /// `nil` for a zero divisor; rounding the 18-digit quotient again would round twice.
    /// Saturates at the range limits.
    public func divided(by divisor: ExactDecimal, roundedToFractionDigits digits: Int) -> ExactDecimal? {
        guard divisor.units != 0 else { return nil }
        let digits = Swift.min(Swift.max(0, digits), Self.scale)
        let negative = (units < 0) != (divisor.units < 0)
        let scaled = units.magnitude.multipliedFullWidth(by: powersOfTen[digits])
        let rounded = Self.roundedQuotient(scaled, divisor.units.magnitude)
        let magnitude = rounded.flatMap { rounded in
            let (magnitude, overflow) = rounded.multipliedReportingOverflow(by: powersOfTen[Self.scale - digits])
            return overflow ? nil : magnitude
        }
        return ExactDecimal(magnitude: magnitude, negative: negative)
    }

    /// `self` × `factor` ÷ `divisor`, worked out exactly and rounded once, half to even, to 18
    /// fractional digits (a share of a cost, say: no intermediate product is rounded or can
    /// overflow); `nil` for a zero divisor. Saturates at the range limits.
    public func multiplied(by factor: ExactDecimal, dividedBy divisor: ExactDecimal) -> ExactDecimal? {
        guard divisor.units != 0 else { return nil }
        let negative = ((units < 0) != (factor.units < 0)) != (divisor.units < 0)
        let product = units.magnitude.multipliedFullWidth(by: factor.units.magnitude)
        return ExactDecimal(magnitude: Self.roundedQuotient(product, divisor.units.magnitude), negative: negative)
    }

    /// `numerator` ÷ `denominator` rounded half to even, or `nil` when it does not fit 128 bits.
    private static func roundedQuotient(_ numerator: (high: UInt128, low: UInt128), _ denominator: UInt128) -> UInt128? {
        guard numerator.high < denominator else { return nil }
        let (quotient, remainder) = denominator.dividingFullWidth(numerator)
        let twice = remainder.multipliedReportingOverflow(by: 2)
        let roundUp =
            twice.overflow || twice.partialValue > denominator
            || (twice.partialValue == denominator && quotient & 1 == 1)
        guard roundUp else { return quotient }
        let (next, overflow) = quotient.addingReportingOverflow(1)
        return overflow ? nil : next
    }

    /// A result's magnitude and sign, saturated at the range limits (`nil`: beyond them).
    private init(magnitude: UInt128?, negative: Bool) {
        guard let magnitude, magnitude <= UInt128(Self.maxUnits) else {
            self = negative ? -Self.greatestMagnitude : Self.greatestMagnitude
            return
        }
        self.init(units: negative ? -Int128(magnitude) : Int128(magnitude))
    }

    /// The value times 10ⁿ, rounded half to even (`"1.83"` shifted by −2 is `"0.0183"`).
    public func shifted(byPowerOfTen power: Int) -> ExactDecimal {
        if power == 0 || units == 0 { return self }
        if power > 0 {
            guard power <= 38 else { return units < 0 ? -Self.greatestMagnitude : Self.greatestMagnitude }
            let (product, overflow) = units.magnitude.multipliedReportingOverflow(by: powersOfTen[power])
            guard !overflow, product <= UInt128(Self.maxUnits) else {
                return units < 0 ? -Self.greatestMagnitude : Self.greatestMagnitude
            }
            return ExactDecimal(units: units < 0 ? -Int128(product) : Int128(product))
        }
        guard -power <= 38 else { return .zero }
        let divisor = powersOfTen[-power]
        let (quotient, remainder) = units.magnitude.quotientAndRemainder(dividingBy: divisor)
        let half = divisor / 2
        let roundUp = remainder > half || (remainder == half && quotient & 1 == 1)
        let magnitude = roundUp ? quotient + 1 : quotient
        return ExactDecimal(units: units < 0 ? -Int128(magnitude) : Int128(magnitude))
    }
}

extension ExactDecimal {
    /// The exact value of `count` × 10^−`fractionDigits` (`ExactDecimal(count: 15, fractionDigits: 4)` is `0.0015`).
    public init(count: Int, fractionDigits: Int) {
        guard (0...Self.scale).contains(fractionDigits) else {
            self = ExactDecimal(count).shifted(byPowerOfTen: -fractionDigits)
            return
        }
        // Exact: |count| < 2⁶³ times at most 10¹⁸ stays below 10³⁷.
        self.init(units: Int128(count) * Int128(powersOfTen[Self.scale - fractionDigits]))
    }

    /// The largest multiple of `step` not above the value (the value itself for a non-positive step).
    public func floored(toMultipleOf step: ExactDecimal) -> ExactDecimal {
        guard step.units > 0 else { return self }
        let remainder = units % step.units
        return self - ExactDecimal(units: remainder < 0 ? remainder + step.units : remainder)
    }

    /// How many whole `step`s fit in the value, rounded down (zero for a non-positive step).
    public func count(of step: ExactDecimal) -> Int {
        guard step.units > 0 else { return 0 }
        let (quotient, remainder) = units.quotientAndRemainder(dividingBy: step.units)
        let floored = remainder < 0 ? quotient - 1 : quotient
        return Int(clamping: floored)
    }
}
