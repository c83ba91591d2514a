import SafeText

/// The character a cell shows, kept inline as plain bits: up to 12 bytes of UTF-8 and the
/// columns it takes, in two words of which a ``Cell`` uses the spare bits for its style. A
/// buffer of cells then copies and compares as memory, with no reference counting.
///
/// Every character a terminal can show in one cell fits, Hangul and emoji included; a longer
/// cluster (an emoji sequence of several people joined, say) keeps its leading scalars that fit,
/// as a terminal library keeps only the first few (ncurses keeps five).
public struct Grapheme: Sendable, Hashable {
    /// Bytes 0–7 of the UTF-8, the first in the lowest byte.
    private(set) var low: UInt64
    /// Bytes 8–11 of the UTF-8 in the low half; the top byte holds the byte count (low nibble),
    /// the columns (bits 4–5) and whether a scalar kept is unsafe to show (bit 6). Bits 32–55
    /// are zero (``spareBits``).
    private(set) var high: UInt64

    /// The bits of ``high`` a grapheme leaves zero, for a cell to keep its style in.
    static let spareBits: UInt64 = 0x00FF_FFFF_0000_0000

    /// The most UTF-8 bytes kept.
    public static let capacity = 12

    /// Nothing: the right half of a wide character.
    public static let empty = Grapheme(low: 0, high: 0)

    /// A space.
    public static let space = Grapheme(ascii: 0x20)

    /// The grapheme whose words are `low` and `high` (its ``spareBits`` zero).
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// A printable ASCII byte, one column wide.
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = (1 | 1 << 4) << 56
    }

    /// One scalar, taking `columns` columns (0 for none, at most 2): ``init(scalars:columns:)``
    /// of it alone, encoded without a loop.
    init(scalar: Unicode.Scalar, columns: Int) {
        let value = UInt64(scalar.value)
        let (bytes, count): (UInt64, UInt64)
        switch value {
        case ..<0x80:
            (bytes, count) = (value, 1)
        case ..<0x800:
            (bytes, count) = (0xC0 | value >> 6 | (0x80 | value & 0x3F) << 8, 2)
        case ..<0x1_0000:
            (bytes, count) = (0xE0 | value >> 12 | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16, 3)
        default:
            (bytes, count) = (
                0xF0 | value >> 18 | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16 | (0x80 | value & 0x3F) << 24, 4
            )
        }
        low = bytes
        high = (count | UInt64(min(max(columns, 0), 2)) << 4 | (scalar.isUnsafeToShow ? 1 << 6 : 0)) << 56
    }

    /// The scalars of one character, taking `columns` columns (0 for none, at most 2), cut to
    /// the scalars that fit in ``capacity`` bytes.
    init(scalars: some Sequence<Unicode.Scalar>, columns: Int) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = 0
        var isUnsafe = false
        for scalar in scalars {
            let length = UTF8.width(scalar)
            guard count + length <= Self.capacity else { break }
            isUnsafe = isUnsafe || scalar.isUnsafeToShow
            for byte in UTF8.encode(scalar)! {
                if count < 8 {
                    low |= UInt64(byte) << (8 * count)
                } else {
                    high |= UInt64(byte) << (8 * (count - 8))
                }
                count += 1
            }
        }
        self.low = low
        self.high = high | UInt64(count | min(max(columns, 0), 2) << 4 | (isUnsafe ? 1 << 6 : 0)) << 56
    }

    /// The first character of `text` with the columns it takes, or ``empty`` for empty text.
    public init(_ text: some StringProtocol) {
        if text.utf8.count == 1, let byte = text.utf8.first, byte >= 0x20, byte < 0x7F {
            self.init(ascii: byte)
            return
        }
        var scalars = text.unicodeScalars.makeIterator()
        if let scalar = scalars.next(), scalars.next() == nil, scalar.isCharacterOfItsOwn {
            self.init(scalar: scalar, columns: scalar.terminalColumns)
            return
        }
        guard let character = text.first else {
            self = .empty
            return
        }
        self.init(scalars: character.unicodeScalars, columns: character.terminalColumns)
    }

    /// UTF-8 bytes kept.
    public var byteCount: Int { Int(high >> 56) & 0x0F }

    /// Columns the character takes: 0 for ``empty``, 1 or 2.
    public var columns: Int { Int(high >> 60) & 0x03 }

    /// Whether nothing is kept: the right half of a wide character.
    public var isEmpty: Bool { byteCount == 0 }

    /// The UTF-8 bytes kept.
    public var utf8: UTF8Bytes { UTF8Bytes(grapheme: self) }

    /// The character as text (`""` for ``empty``).
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Calls `body` with each Unicode scalar kept, in order, without allocating.
    public func forEachScalar(_ body: (Unicode.Scalar) -> Void) {
        var bytes = utf8.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&bytes) { body(scalar) }
    }

    /// Whether every scalar kept is safe to show (none moves the cursor, reorders or hides text).
    var isSafeToShow: Bool { high >> 62 & 1 == 0 }

    fileprivate func byte(at index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * index) : high >> (8 * (index - 8)))
    }

    /// A grapheme's UTF-8 bytes.
    public struct UTF8Bytes: RandomAccessCollection, Sendable {
        fileprivate let grapheme: Grapheme
        public var startIndex: Int { 0 }
        public var endIndex: Int { grapheme.byteCount }
        public subscript(position: Int) -> UInt8 { grapheme.byte(at: position) }
    }
}
