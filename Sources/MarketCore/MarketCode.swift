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
        var text = String(code)
        guard let parsed = text.withUTF8({ Self(utf8: UnsafeRawBufferPointer($0), form: .quoteFirst) }) else { return nil }
        self = parsed
    }

    /// Parses the legacy `BASE_QUOTE` form (`BTC_KRW`).
    public init?(legacySymbol symbol: some StringProtocol) {
        var text = String(symbol)
        guard let parsed = text.withUTF8({ Self(utf8: UnsafeRawBufferPointer($0), form: .legacy) }) else { return nil }
        self = parsed
    }

    /// How a code is spelled on the wire.
    public enum Form: Sendable {
        /// `QUOTE-BASE`, e.g. `KRW-BTC` (Bithumb 2.0, Upbit).
        case quoteFirst
        /// `BASE_QUOTE`, e.g. `BTC_KRW` (Bithumb's legacy API).
        case legacy
    }

    /// Parses a code from UTF-8 bytes without going through an intermediate string, for
    /// decoders; the parts (at most 16 bytes each) are held inline by `String`.
    public init?(utf8 bytes: UnsafeRawBufferPointer, form: Form) {
        let separator = form == .quoteFirst ? UInt8(ascii: "-") : UInt8(ascii: "_")
        guard let split = bytes.firstIndex(of: separator) else { return nil }
        let first = UnsafeRawBufferPointer(rebasing: bytes[..<split])
        let second = UnsafeRawBufferPointer(rebasing: bytes[(split + 1)...])
        let (quote, base) = form == .quoteFirst ? (first, second) : (second, first)
        guard Self.isCurrency(quote), Self.isCurrency(base) else { return nil }
        self.quote = String(decoding: quote, as: UTF8.self)
        self.base = String(decoding: base, as: UTF8.self)
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
        isCurrency(text.utf8)
    }

    private static func isCurrency(_ bytes: some Collection<UInt8>) -> Bool {
        guard (1...16).contains(bytes.count) else { return false }
        return bytes.allSatisfy { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }
}
