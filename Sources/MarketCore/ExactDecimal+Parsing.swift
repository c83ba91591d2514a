extension ExactDecimal {
    /// Parses decimal text: an optional sign, digits with an optional point, and an optional
    /// exponent (`"-12.5"`, `"1.16539E8"`, `"0E-8"`, `"007"`). Returns `nil` for anything else
    /// (`"NaN"`, `""`, `"1e"`, spaces) and for magnitudes of 10²⁰ or more.
    public init?(_ text: some StringProtocol) {
        var text = String(text)
        guard let value = text.withUTF8({ ExactDecimal(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = value
    }

    /// The decimal nearest `value`, for turning display maths (a chart's axis) back into a
    /// price: clamped to the range, NaN as zero.
    public init(approximating value: Double) {
        if value.isNaN {
            self = .zero
        } else if let nearest = ExactDecimal(value.description) {
            self = nearest
        } else {
            self = value < 0 ? -.greatestMagnitude : .greatestMagnitude
        }
    }

    /// The value of digits a parser has read itself: `significand` (at most 19 digits, of which
    /// the last `fractionDigits`, at most 18, follow the point), negated when `negative`; `nil`
    /// when either count is out of those bounds. Equal to parsing the same text.
    @inlinable
    public init?(significand: UInt64, digits: Int, fractionDigits: Int, negative: Bool) {
        guard digits > 0, digits <= 19, fractionDigits <= Self.scale else { return nil }
        // Below 10¹⁹ · 10¹⁸ < 2¹²⁷: the full-width product is the magnitude, and positive.
        let (high, low) = significand.multipliedFullWidth(by: UInt64.powerOfTen(Self.scale - fractionDigits))
        let magnitude = Int128(bitPattern: UInt128(high) << 64 | UInt128(low))
        self.init(unitsInRange: negative ? -magnitude : magnitude)
    }

    /// Parses decimal text from UTF-8 bytes without allocating; see ``init(_:)``.
    public init?(utf8 bytes: UnsafeRawBufferPointer) {
        if let units = DecimalTextParser.parsePlain(bytes) ?? DecimalTextParser.parseLongFraction(bytes) {
            self.init(units: units)
            return
        }
        var parser = DecimalTextParser()
        guard let units = parser.parse(bytes) else { return nil }
        self.init(units: units)
    }
}

/// The digit-by-digit parser behind ``ExactDecimal/init(utf8:)``.
///
/// It keeps up to 38 significant digits in a `UInt128` and remembers what it dropped, so the
/// final scaling to 18 fractional digits rounds half to even over the full input.
struct DecimalTextParser {
    private var significand: UInt128 = 0
    private var significantDigits = 0
    /// Power of ten the significand is multiplied by, before the exponent part.
    private var exponent = 0
    /// First digit dropped beyond 38 significant digits, if any.
    private var firstDropped: UInt8?
    /// Whether any digit after `firstDropped` was non-zero.
    private var restDroppedNonZero = false

    private static let maxSignificantDigits = 38
    private static let exponentLimit = 10_000

    /// The common case on the wire — an optional minus, at most 19 digits with at most 18 after
    /// an optional point, no exponent — read eight digits at a time into one `UInt64` and scaled
    /// once. Returns `nil` for anything else, which ``parse(_:)`` then reads (or rejects) digit
    /// by digit.
    static func parsePlain(_ text: UnsafeRawBufferPointer) -> Int128? {
        guard !text.isEmpty, text.count <= plainTextLimit else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var value: UInt64 = 0
        var digits = readDigitRuns(text, at: &index, into: &value)
        var fractionDigits = 0
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index &+= 1
            fractionDigits = readDigitRuns(text, at: &index, into: &value)
            digits &+= fractionDigits
        }
        guard index == text.count else { return nil }
        return ExactDecimal(significand: value, digits: digits, fractionDigits: fractionDigits, negative: negative)?.units
    }

    /// The longest plain text: a minus, 19 digits and a point.
    private static let plainTextLimit = 21

    /// Plain text with more digits than ``parsePlain(_:)`` reads — an optional minus, 1 to 19
    /// digits, a point and any number of digits after it (the legacy feed's volumes and values,
    /// `"45741663716.89916828275244531"`) — scaled to 18 fractional digits and rounded half to
    /// even over the digits past them, as ``parse(_:)`` rounds. Returns `nil` for anything
    /// else.
    static func parseLongFraction(_ text: UnsafeRawBufferPointer) -> Int128? {
        guard !text.isEmpty else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var whole: UInt64 = 0
        let wholeDigits = readDigitRuns(text, at: &index, into: &whole)
        guard (1...19).contains(wholeDigits), index < text.count, text[index] == UInt8(ascii: ".") else { return nil }
        let fractionStart = index &+ 1
        index = fractionStart
        // One pass over the fraction a word at a time: its first 18 digits into `fraction`, the
        // first digit past them and whether any digit after that is not zero.
        var fraction: UInt64 = 0
        var kept = 0
        var dropped: UInt64?
        var restNonZero = false
        while true {
            let word = text.littleEndianWord(at: index)
            let run = word.leadingASCIIDigitCount
            let take = Swift.min(run, ExactDecimal.scale &- kept)
            if take > 0 {
                fraction = fraction &* UInt64.powerOfTen(take) &+ word.leadingDigitsValue(take)
                kept &+= take
            }
            if run > take {
                // The digits past the 18th in this word, the first of them in the lowest byte.
                let past = (word ^ 0x3030_3030_3030_3030) >> (8 &* UInt64(take)) & (UInt64.max >> (64 &- 8 &* UInt64(run &- take)))
                if dropped == nil {
                    dropped = past & 0xFF
                    restNonZero = past >> 8 != 0
                } else if past != 0 {
                    restNonZero = true
                }
            }
            index &+= run
            if run < 8 { break }
        }
        guard index == text.count, kept > 0 else { return nil }
        fraction &*= UInt64.powerOfTen(ExactDecimal.scale &- kept)
        var magnitude = Int128(whole) &* ExactDecimal.unitsPerOne &+ Int128(fraction)
        if let dropped, dropped > 5 || (dropped == 5 && (restNonZero || magnitude & 1 == 1)) { magnitude &+= 1 }
        return negative ? -magnitude : magnitude
    }

    /// Reads the digits at `index` into `value`, a word at a time; returns how many there were
    /// (past 19, `value` is meaningless and the caller gives up).
    @inline(__always)
    private static func readDigitRuns(_ text: UnsafeRawBufferPointer, at index: inout Int, into value: inout UInt64) -> Int {
        var digits = 0
        var run = 8
        while run == 8, digits <= 19 {
            run = text.littleEndianWord(at: index).appendLeadingDigits(to: &value)
            index &+= run
            digits &+= run
        }
        return digits
    }

    mutating func parse(_ bytes: UnsafeRawBufferPointer) -> Int128? {
        var index = 0
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var sawDigit = false
        var sawPoint = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                accept(digit: byte &- UInt8(ascii: "0"), afterPoint: sawPoint)
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        if index < count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            index += 1
            guard let written = Self.parseExponent(bytes, from: index) else { return nil }
            exponent += written
        }
        guard let magnitude = scaledMagnitude() else { return nil }
        return negative ? -Int128(magnitude) : Int128(magnitude)
    }

    private mutating func accept(digit: UInt8, afterPoint: Bool) {
        if significantDigits < Self.maxSignificantDigits {
            if significand == 0, digit == 0 {
                if afterPoint { exponent -= 1 }
                return
            }
            significand = significand * 10 + UInt128(digit)
            significantDigits += 1
            if afterPoint { exponent -= 1 }
        } else {
            if !afterPoint { exponent += 1 }
            if firstDropped == nil {
                firstDropped = digit
            } else if digit != 0 {
                restDroppedNonZero = true
            }
        }
    }

    private static func parseExponent(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.count else { return nil }
        var value = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = Swift.min(value * 10 + Int(byte &- UInt8(ascii: "0")), exponentLimit)
            index += 1
        }
        return negative ? -value : value
    }

    /// The magnitude in 10⁻¹⁸ units, rounded half to even, or `nil` when out of range.
    private func scaledMagnitude() -> UInt128? {
        let maxUnits = UInt128(ExactDecimal.maxUnits)
        let shift = exponent + ExactDecimal.scale
        if shift >= 0 {
            if let dropped = firstDropped {
                guard shift == 0 else { return nil }
                let roundUp = dropped > 5 || (dropped == 5 && (restDroppedNonZero || significand & 1 == 1))
                let rounded = roundUp ? significand + 1 : significand
                return rounded <= maxUnits ? rounded : nil
            }
            guard significand != 0 else { return 0 }
            guard shift <= 38 else { return nil }
            let (product, overflow) = significand.multipliedReportingOverflow(by: powersOfTen[shift])
            guard !overflow, product <= maxUnits else { return nil }
            return product
        }
        let divisorPower = -shift
        guard divisorPower <= 38 else { return 0 }
        let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: powersOfTen[divisorPower])
        let half = 5 * powersOfTen[divisorPower - 1]
        let droppedNonZero = (firstDropped ?? 0) != 0 || restDroppedNonZero
        let roundUp = remainder > half || (remainder == half && (droppedNonZero || quotient & 1 == 1))
        let rounded = roundUp ? quotient + 1 : quotient
        return rounded <= maxUnits ? rounded : nil
    }
}
