/// A market's identity as quote and base currency, e.g. `KRW-BTC`.
///
/// Bithumb 2.0 and Upbit spell it `QUOTE-BASE` (`KRW-BTC`); Bithumb's legacy API spells it
/// `BASE_QUOTE` (`BTC_KRW`). Both forms convert losslessly.
public struct MarketCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The currency prices are quoted in, e.g. `KRW`.
    public let quote: String
    /// The traded asset, e.g. `BTC`.
    public let base: String

    /// Creates a code from its parts; each must be 1–16 upper-case ASCII letters or digits.
    public init?(quote: some StringProtocol, base: some StringProtocol) {
        guard Self.isCurrency(quote), Self.isCurrency(base) else { return nil }
        self.quote = String(quote)
        self.base = String(base)
    }

    /// Parses the `QUOTE-BASE` form (`KRW-BTC`).
    public init?(code: some StringProtocol) {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(quote: parts[0], base: parts[1])
    }

    /// Parses the legacy `BASE_QUOTE` form (`BTC_KRW`).
    public init?(legacySymbol symbol: some StringProtocol) {
        let parts = symbol.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        self.init(quote: parts[1], base: parts[0])
    }

    /// The `QUOTE-BASE` form, e.g. `KRW-BTC`.
    public var code: String { quote + "-" + base }

    /// The legacy `BASE_QUOTE` form, e.g. `BTC_KRW`.
    public var legacySymbol: String { base + "_" + quote }

    public var description: String { code }

    public static func < (lhs: MarketCode, rhs: MarketCode) -> Bool {
        (lhs.quote, lhs.base) < (rhs.quote, rhs.base)
    }

    private static func isCurrency(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8
        guard (1...16).contains(bytes.count) else { return false }
        return bytes.allSatisfy { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }
}
