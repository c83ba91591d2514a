import MarketCore

/// The byte-level rules of RFC 8259 that the tokenizer and the cursor share: where whitespace,
/// a string, a number and a literal end in one frame, each validated as it is read.
struct JSONGrammar {
    let bytes: UnsafeRawBufferPointer

    /// The index of the first byte at or after `start` that is not whitespace.
    @inline(__always)
    func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index &+= 1
            default: return index
            }
        }
        return index
    }

    /// Validates the string whose opening quote is at `quote`.
    /// - Returns: the index after its closing quote, and whether it holds an escape.
    func stringEnd(at quote: Int) throws(WireError) -> (Int, Bool) {
        var index = quote + 1
        var escaped = false
        while index < bytes.count {
            index = skipPlainStringBytes(from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (index + 1, escaped) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    guard index + 4 < bytes.count,
                        (1...4).allSatisfy({ JSONTokenizer.hexValue(bytes[index + $0]) != nil })
                    else { throw .invalidJSON(offset: index, reason: "bad \\u escape") }
                    index += 5
                default:
                    throw .invalidJSON(offset: index, reason: "bad escape")
                }
                continue
            }
            guard byte >= 0x20 else { throw .invalidJSON(offset: index, reason: "control character in string") }
            index += 1
        }
        throw .invalidJSON(offset: quote, reason: "unterminated string")
    }

    /// Skips, eight bytes at a time, string content that needs no attention: no quote, no
    /// backslash, no control character. Returns the first byte that may need it (or where the
    /// last whole word ends).
    @inline(__always)
    func skipPlainStringBytes(from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            let belowSpace = (word &- ones &* 0x20) & ~word
            let flagged = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | belowSpace) & highBits
            guard flagged == 0 else { return index &+ flagged.trailingZeroBitCount / 8 }
            index &+= 8
        }
        return index
    }

    /// Validates the number starting at `start` and returns where it ends.
    func numberEnd(at start: Int) throws(WireError) -> Int {
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad number") }
        index = bytes[index] == UInt8(ascii: "0") ? index + 1 : skipDigits(from: index)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad fraction") }
            index = skipDigits(from: index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw .invalidJSON(offset: index, reason: "bad exponent") }
            index = skipDigits(from: index)
        }
        return index
    }

    /// The end of the run of digits at `start`, found eight bytes at a time.
    private func skipDigits(from start: Int) -> Int {
        var index = start
        while index &+ 8 <= bytes.count {
            let run = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)).leadingASCIIDigitCount
            index &+= run
            guard run == 8 else { return index }
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// Validates the literal `word` (`true`, `false` or `null`) at `start` and returns where it ends.
    func literalEnd(at start: Int, _ word: StaticString) throws(WireError) -> Int {
        let length = word.utf8CodeUnitCount
        guard start + length <= bytes.count,
            word.withUTF8Buffer({ word in (0..<length).allSatisfy { bytes[start + $0] == word[$0] } })
        else { throw .invalidJSON(offset: start, reason: "bad literal") }
        return start + length
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
