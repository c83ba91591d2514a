public import MarketCore

/// How numbers and times read on screen: exact decimals with thousands separators, never
/// through `Double`.
public enum DisplayFormat {
    /// A price as the exchange sent it, grouped: `58,011,594`, `3.95`, `0.0007772`.
    public static func price(_ value: ExactDecimal) -> String {
        grouped(value.description)
    }

    /// A price rounded for an axis label: whole won from 1,000 up, else four significant places.
    public static func axisPrice(_ value: ExactDecimal) -> String {
        let magnitude = value.magnitude
        let digits = magnitude >= 1000 ? 0 : (magnitude >= 100 ? 1 : (magnitude >= 1 ? 2 : 4))
        return grouped(trimmed(value.formatted(fractionDigits: digits)))
    }

    /// A signed amount: `+1,015,000`, `-13`, `0`.
    public static func signedAmount(_ value: ExactDecimal) -> String {
        value.isZero ? "0" : (value.isNegative ? "" : "+") + price(value)
    }

    /// A rate as a percentage with two decimals and no sign: `0.0175` → `1.75%`.
    public static func percent(_ rate: ExactDecimal) -> String {
        rate.magnitude.shifted(byPowerOfTen: 2).formatted(fractionDigits: 2) + "%"
    }

    /// A rate as a signed percentage: `+1.75%`, `-0.42%`, `0.00%`.
    public static func signedPercent(_ rate: ExactDecimal) -> String {
        let sign = rate.isZero || rate.magnitude.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2).isZero
            ? "" : (rate.isNegative ? "-" : "+")
        return sign + percent(rate)
    }

    /// A size with as many decimals as its magnitude deserves: `0.1235`, `1,234.57`, `3,400,000`.
    public static func quantity(_ value: ExactDecimal) -> String {
        let magnitude = value.magnitude
        let digits = magnitude >= 1_000_000 ? 0 : (magnitude >= 1000 ? 2 : 4)
        return grouped(value.formatted(fractionDigits: digits))
    }

    /// KRW in millions (백만), rounded to whole millions: `1,234,567`.
    public static func millions(_ value: ExactDecimal) -> String {
        grouped(value.shifted(byPowerOfTen: -6).formatted(fractionDigits: 0))
    }

    /// Korea Standard Time of day, `14:03:22`.
    public static func kstTime(_ time: Timestamp) -> String {
        time.civilTime(in: .kst).timeText()
    }

    /// Digits grouped by threes before the decimal point.
    static func grouped(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0])
        var result = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        if parts.count > 1 { result += "." + parts[1] }
        return (negative ? "-" : "") + result
    }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = Substring(text)
        while text.hasSuffix("0") { text = text.dropLast() }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}
