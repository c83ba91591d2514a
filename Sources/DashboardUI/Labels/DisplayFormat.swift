public import MarketCore
import TerminalKit

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

    /// Won rounded to whole won, grouped, signed when `signed`: `51,666,667`, `+9,460,000`.
    public static func won(_ value: ExactDecimal, signed: Bool = false) -> String {
        let whole = value.rounded(toFractionDigits: 0)
        let text = grouped(whole.formatted(fractionDigits: 0))
        return signed && !whole.isZero && !whole.isNegative ? "+" + text : text
    }

    /// A rate as a percentage with two decimals and no sign: `0.0175` → `1.75%`.
    public static func percent(_ rate: ExactDecimal) -> String {
        rate.magnitude.shifted(byPowerOfTen: 2).formatted(fractionDigits: 2) + "%"
    }

    /// A rate as a signed percentage: `+1.75%`, `-0.42%`, `0.00%`.
    public static func signedPercent(_ rate: ExactDecimal) -> String {
        let sign =
            rate.isZero || rate.magnitude.shifted(byPowerOfTen: 2).rounded(toFractionDigits: 2).isZero
            ? "" : (rate.isNegative ? "-" : "+")
        return sign + percent(rate)
    }

    /// A percentage (already in percent) as ``signedPercentPoints(_:)`` shows it: rounded to a
    /// hundredth, so two that read alike are equal.
    public static func shownPercentPoints(_ percent: ExactDecimal) -> ExactDecimal {
        percent.rounded(toFractionDigits: 2)
    }

    /// A percentage (already in percent) signed, with two decimals: `+3.15%`, `-0.42%`, `0.00%`.
    public static func signedPercentPoints(_ percent: ExactDecimal) -> String {
        signedPercent(percent.shifted(byPowerOfTen: -2))
    }

    /// A rate or a dollar price with two decimals, grouped: `1,379.52`.
    public static func twoDecimals(_ value: ExactDecimal) -> String {
        grouped(value.formatted(fractionDigits: 2))
    }

    /// A price in dollars (USDT): cents from 1 up (`106,459.59`), every digit below (`0.00001426`).
    public static func dollars(_ value: ExactDecimal) -> String {
        value.magnitude >= 1 ? twoDecimals(value) : price(value)
    }

    /// A size with as many decimals as its magnitude deserves: `0.1235`, `1,234.57`, `3,400,000`.
    public static func quantity(_ value: ExactDecimal) -> String {
        let magnitude = value.magnitude
        let digits = magnitude >= 1_000_000 ? 0 : (magnitude >= 1000 ? 2 : 4)
        return grouped(value.formatted(fractionDigits: digits))
    }

    /// An amount held, to the satoshi and no further than it goes: `0.12345678`, `1.5`, `1,500`
    /// (an account's balance is shown as the exchange keeps it, not rounded to a tape's four decimals).
    public static func heldQuantity(_ value: ExactDecimal) -> String {
        grouped(value.rounded(toFractionDigits: 8).description)
    }

    /// KRW in millions (백만), rounded to whole millions: `1,234,567`.
    public static func millions(_ value: ExactDecimal) -> String {
        grouped(value.shifted(byPowerOfTen: -6).formatted(fractionDigits: 0))
    }

    /// Korea Standard Time of day, `14:03:22`.
    public static func kstTime(_ time: Timestamp) -> String {
        time.civilTime(in: .kst).timeText()
    }

    /// A formatted number (`▲1,234.5%`, `-0.000000000000000001`) that fits `columns`: as it is
    /// when it fits, else its number in scientific notation with as many digits as fit
    /// (`1e15`, `-9.99e19`, `1e-18`), keeping any prefix and suffix. Cutting a number short
    /// would show a different number; text that is not a number is left to be cut.
    public static func fitted(_ text: String, toColumns columns: Int) -> String {
        guard text.terminalColumns > columns else { return text }
        let numeric: Set<Character> = ["-", "+", ".", ",", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        let prefix = text.prefix { !numeric.contains($0) }
        let suffix = String(text.reversed().prefix { !numeric.contains($0) }.reversed())
        let core = text.dropFirst(prefix.count).dropLast(suffix.count).filter { $0 != "," }
        guard !core.isEmpty, let value = ExactDecimal(core) else { return text }
        let room = columns - String(prefix).terminalColumns - suffix.terminalColumns
        return prefix + scientific(value, toColumns: room) + suffix
    }

    /// `value` as `d.ddde±n` in at most `columns` (more only when even `de±n` does not fit).
    static func scientific(_ value: ExactDecimal, toColumns columns: Int) -> String {
        guard !value.isZero else { return "0" }
        let magnitude = value.magnitude
        let parts = magnitude.description.split(separator: ".", omittingEmptySubsequences: false)
        var exponent = parts[0] != "0" ? parts[0].count - 1 : -((parts.count > 1 ? parts[1].prefix { $0 == "0" }.count : 0) + 1)
        let sign = value.isNegative ? "-" : ""
        var digits = max(0, columns - sign.count - "e\(exponent)".count - 2)
        var mantissa = magnitude.shifted(byPowerOfTen: -exponent).rounded(toFractionDigits: digits)
        if mantissa >= ExactDecimal(10) {
            exponent += 1
            digits = max(0, columns - sign.count - "e\(exponent)".count - 2)
            mantissa = magnitude.shifted(byPowerOfTen: -exponent).rounded(toFractionDigits: digits)
        }
        return sign + trimmed(mantissa.formatted(fractionDigits: digits)) + "e\(exponent)"
    }

    /// Digits grouped by threes before the decimal point.
    static func grouped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            let negative = bytes.first == UInt8(ascii: "-")
            let start = negative ? 1 : 0
            let point = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
            let commas = max(0, point - start - 1) / 3
            guard commas > 0 else { return String(decoding: bytes, as: UTF8.self) }
            // Written straight into the string's storage: no array between.
            return String(unsafeUninitializedCapacity: bytes.count + commas) { result in
                var count = 0
                for index in bytes.indices {
                    if index > start && index < point && (point - index) % 3 == 0 {
                        result[count] = UInt8(ascii: ",")
                        count += 1
                    }
                    result[count] = bytes[index]
                    count += 1
                }
                return count
            }
        }
    }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = Substring(text)
        while text.hasSuffix("0") { text = text.dropLast() }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}
