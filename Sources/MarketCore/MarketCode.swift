/// A market's identity as quote and base currency, e.g. `KRW-BTC`.
///
/// Bithumb 2.0 and Upbit spell it `QUOTE-BASE` (`KRW-BTC`); Bithumb's legacy API spells it
/// `BASE_QUOTE` (`BTC_KRW`). Both forms convert losslessly.
public struct MarketCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    private let quoteBits: Currency
    private let baseBits: Currency

    /// The currency prices are quoted in, e.g. `KRW`.
    public var quote: String { quoteBits.text }
    /// The traded asset, e.g. `BTC`.
    public var base: String { baseBits.text }

    /// Whether prices are quoted in won.
    public var isKRW: Bool { quoteBits == Self.krw }

    private static let krw = Currency(utf8: "KRW".utf8)!
    private static let usdt = Currency(utf8: "USDT".utf8)!

    /// The same coin quoted in won: `KRW-BTC` for `USDT-BTC`.
    public var inWon: MarketCode { MarketCode(quoteBits: Self.krw, baseBits: baseBits) }

    /// The same coin quoted in tether: `USDT-BTC` for `KRW-BTC`.
    public var inTether: MarketCode { MarketCode(quoteBits: Self.usdt, baseBits: baseBits) }

    /// Tether in won (`KRW-USDT`): the dollar coin's won price.
    public static let wonTether = MarketCode(quoteBits: krw, baseBits: usdt)

    private init(quoteBits: Currency, baseBits: Currency) {
        self.quoteBits = quoteBits
        self.baseBits = baseBits
    }

    /// Creates a code from its parts; each must be 1–16 upper-case ASCII letters or digits.
    public init?(quote: some StringProtocol, base: some StringProtocol) {
        guard let quote = Currency(utf8: quote.utf8), let base = Currency(utf8: base.utf8) else { return nil }
        quoteBits = quote
        baseBits = base
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
    /// decoders.
    public init?(utf8 bytes: UnsafeRawBufferPointer, form: Form) {
        let separator = form == .quoteFirst ? UInt8(ascii: "-") : UInt8(ascii: "_")
        guard let split = bytes.firstIndex(of: separator) else { return nil }
        let first = UnsafeRawBufferPointer(rebasing: bytes[..<split])
        let second = UnsafeRawBufferPointer(rebasing: bytes[(split + 1)...])
        let (quote, base) = form == .quoteFirst ? (first, second) : (second, first)
        guard let quote = Currency(utf8: quote), let base = Currency(utf8: base) else { return nil }
        quoteBits = quote
        baseBits = base
    }

    /// The `QUOTE-BASE` form, e.g. `KRW-BTC`.
    public var code: String { quote + "-" + base }

    /// The legacy `BASE_QUOTE` form, e.g. `BTC_KRW`.
    public var legacySymbol: String { base + "_" + quote }

    public var description: String { code }

    public static func < (lhs: MarketCode, rhs: MarketCode) -> Bool {
        (lhs.quoteBits, lhs.baseBits) < (rhs.quoteBits, rhs.baseBits)
    }

    /// Hashes one word mixed from the four: equal codes mix equally, and every dictionary
    /// keyed by market (the store's, the screen's) hashes a quarter of the bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(word)
    }

    /// The hash a dictionary or set keyed by market places it by: ``word`` and the table's
    /// seed through the finalizer of SplitMix64, not a full SipHash. Dictionaries keyed by
    /// market are looked up several times for every ticker applied and every row drawn, and
    /// `Hasher` spent more than the rest of a lookup; the keys are at most the markets listed
    /// (``MarketState/Limits/markets``), so no flood of colliding keys can reach a table.
    public func _rawHashValue(seed: Int) -> Int {
        var mixed = word ^ UInt64(truncatingIfNeeded: seed)
        mixed = (mixed ^ mixed >> 30) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ mixed >> 27) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ mixed >> 31)
    }

    /// The four words mixed into one: equal codes mix equally.
    private var word: UInt64 {
        let quote = quoteBits.mixed
        return baseBits.mixed ^ (quote << 32 | quote >> 32)
    }

    /// A currency code held as plain bits: its 1–16 ASCII bytes in two words, the first byte
    /// highest and zeros after the last, so words compare as the text does and a code copies,
    /// hashes and compares with no reference counting.
    private struct Currency: Sendable, Hashable, Comparable {
        private let high: UInt64
        private let low: UInt64

        /// The code in `bytes`, if it is 1–16 upper-case ASCII letters or digits.
        init?(utf8 bytes: some Collection<UInt8>) {
            guard bytes.count <= 16, let code = Array(bytes).withUnsafeBytes({ Currency(utf8: $0) }) else { return nil }
            self = code
        }

        /// The code in `bytes`, if it is 1–16 upper-case ASCII letters or digits: read eight
        /// bytes at a time, with no branch per byte.
        init?(utf8 bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            guard count >= 1, count <= 16 else { return nil }
            let first = bytes.littleEndianWord(at: 0)
            let second = bytes.littleEndianWord(at: 8)
            guard Self.isCode(first, count: Swift.min(count, 8)), count <= 8 || Self.isCode(second, count: count &- 8) else {
                return nil
            }
            high = first.byteSwapped
            low = second.byteSwapped
        }

        /// Whether the first `count` (1–8) bytes of `word` (the first byte lowest) are each an
        /// upper-case ASCII letter or a digit. With every byte's top bit set, subtracting a
        /// bound below 0x80 from each borrows from no other byte, and leaves the top bit set
        /// where the byte is at least the bound.
        private static func isCode(_ word: UInt64, count: Int) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let tops = ones &* 0x80
            let raised = word | tops
            func atLeast(_ bound: UInt64) -> UInt64 { raised &- ones &* bound }
            let digit = atLeast(0x30) & ~atLeast(0x3A)
            let letter = atLeast(0x41) & ~atLeast(0x5B)
            let valid = (digit | letter) & ~word & tops
            let wanted = tops & (count == 8 ? .max : (1 &<< (8 &* UInt64(count))) &- 1)
            return valid & wanted == wanted
        }

        var text: String {
            withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }

        /// The two words as one, for hashing (the multiplier spreads the second's bytes).
        var mixed: UInt64 { high ^ low &* 0x9E37_79B9_7F4A_7C15 }

        static func < (lhs: Currency, rhs: Currency) -> Bool {
            (lhs.high, lhs.low) < (rhs.high, rhs.low)
        }
    }
}
