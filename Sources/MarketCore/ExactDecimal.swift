/// An exact fixed-point decimal for prices, sizes and amounts.
///
/// The value is stored as a signed 128-bit count of 10⁻¹⁸ units, so every number the
/// exchanges send — `"0.00077720"`, `1.16539E8`, `0E-8`, 20-digit traded values,
/// integers above 2⁵³ — is held without going through `Double`.
///
/// - Range: magnitudes below 10²⁰ (twenty integer digits).
/// - Precision: 18 fractional digits. Digits beyond the 18th are rounded half to even
///   ("banker's rounding"), so `0.0000000000000000005` becomes `0` and
///   `0.0000000000000000015` becomes `0.000000000000000002`.
/// - Arithmetic saturates at the range limits instead of trapping, because every
///   operand ultimately comes from the network.
public struct ExactDecimal: Sendable, Hashable {
    /// Number of fractional digits held exactly.
    public static let scale = 18

    /// The value multiplied by 10¹⁸.
    @usableFromInline let units: Int128

    /// Creates a value from its count of 10⁻¹⁸ units, clamped to the representable range.
    @inlinable init(units: Int128) {
        self.units = Swift.min(Swift.max(units, -Self.maxUnits), Self.maxUnits)
    }

    /// Creates a value from its count of 10⁻¹⁸ units, which the caller knows lies in the range.
    @inlinable init(unitsInRange units: Int128) {
        assert(units.magnitude <= Self.maxUnits.magnitude, "\(units) units are out of range")
        self.units = units
    }

    /// Creates the exact value of an integer.
    public init(_ integer: Int) {
        self.init(units: Int128(integer) * Self.unitsPerOne)
    }

    /// Zero.
    public static let zero = ExactDecimal(units: 0)

    /// The largest magnitude held: 10²⁰ − 10⁻¹⁸.
    public static let greatestMagnitude = ExactDecimal(units: maxUnits)

    @usableFromInline static let unitsPerOne: Int128 = 1_000_000_000_000_000_000
    @usableFromInline static let maxUnits: Int128 = 99_999_999_999_999_999_999_999_999_999_999_999_999

    /// Whether the value is exactly zero.
    @inlinable public var isZero: Bool { units == 0 }

    /// Whether the value is below zero.
    @inlinable public var isNegative: Bool { units < 0 }

    /// The absolute value.
    @inlinable public var magnitude: ExactDecimal { ExactDecimal(units: units < 0 ? -units : units) }

    /// The nearest `Double`, for display maths such as chart scaling only.
    public var doubleValue: Double {
        let whole = units / Self.unitsPerOne
        // The fraction is under 10¹⁸ and fits a word; so does the whole below 9.2 × 10¹⁸. A word
        // converts in one instruction, a 128-bit integer through a generic routine.
        let fraction = Double(Int64(truncatingIfNeeded: units % Self.unitsPerOne)) / 1e18
        guard let word = Int64(exactly: whole) else { return Double(whole) + fraction }
        return Double(word) + fraction
    }
}

extension ExactDecimal: Comparable {
    @inlinable public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool { lhs.units < rhs.units }
}

extension ExactDecimal: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
