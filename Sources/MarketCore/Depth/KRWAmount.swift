/// An amount of won as people type it: `1000000`, `1,000,000`, `100만`, `1억`, `1.5억`,
/// `2억5천만`, `3천`, `5m`, `500k`, `1b`, with an optional `원` or `KRW` after it.
///
/// Korean amounts are groups of a number, an optional 십/백/천 and an optional 만/억/조, the large
/// units falling from group to group (`2억5천만` = 2×10⁸ + 5×10³×10⁴). Latin suffixes are
/// k = 10³, m = 10⁶, b = 10⁹, either case. Only amounts above zero and below 10¹⁶ are taken.
public enum KRWAmount {
    /// The largest amount taken: 10¹⁶ − 1 won, beyond any real order.
    public static let limit = ExactDecimal(9_999_999_999_999_999)

    /// The amount `text` says, or `nil` if it says none.
    public static func parse(_ text: String) -> ExactDecimal? {
        var body = text.filter { !$0.isWhitespace && $0 != "," && $0 != "_" }
        for suffix in ["원", "KRW", "krw"] where body.hasSuffix(suffix) { body.removeLast(suffix.count) }
        guard let amount = latin(body) ?? korean(body), amount > .zero, amount <= limit else { return nil }
        return amount
    }

    private static let latinSuffixes: [Character: Int] = ["k": 3, "K": 3, "m": 6, "M": 6, "b": 9, "B": 9]
    private static let smallUnits: [Character: Int] = ["십": 1, "백": 2, "천": 3]
    private static let largeUnits: [Character: Int] = ["만": 4, "억": 8, "조": 12]

    /// A plain number with at most one Latin suffix.
    private static func latin(_ text: String) -> ExactDecimal? {
        guard let last = text.last else { return nil }
        if let power = latinSuffixes[last] { return number(text.dropLast())?.shifted(byPowerOfTen: power) }
        return number(Substring(text))
    }

    /// Groups of number, small unit and large unit, the large units strictly falling.
    private static func korean(_ text: String) -> ExactDecimal? {
        var total = ExactDecimal.zero
        var rest = Substring(text)
        var ceiling = Int.max
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(digits.count)
            var value = digits.isEmpty ? ExactDecimal(1) : number(digits)
            if let unit = rest.first, let power = smallUnits[unit] {
                value = value?.shifted(byPowerOfTen: power)
                rest = rest.dropFirst()
            } else if digits.isEmpty {
                return nil
            }
            if let unit = rest.first, let power = largeUnits[unit] {
                guard power < ceiling else { return nil }
                ceiling = power
                value = value?.shifted(byPowerOfTen: power)
                rest = rest.dropFirst()
            } else if !rest.isEmpty {
                return nil
            } else {
                ceiling = 0
            }
            guard let value else { return nil }
            total += value
        }
        return ceiling == Int.max ? nil : total
    }

    /// Digits with at most one decimal point, and nothing else.
    private static func number(_ text: Substring) -> ExactDecimal? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.filter({ $0 == "." }).count <= 1
        else { return nil }
        return ExactDecimal(text)
    }
}
