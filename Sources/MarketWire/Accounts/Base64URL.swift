/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5), as JSON Web Tokens use it.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` encoded.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count * 4 + 2) / 3)
        var index = 0
        while index < input.count {
            let chunk = input[index..<min(index + 3, input.count)]
            let bits = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0...chunk.count {
                output.append(alphabet[Int(bits >> (18 - 6 * UInt32(position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, or `nil` when it is not unpadded base64url (a character outside
    /// the alphabet, padding, a length no encoding has, or stray bits in the last character).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var values: [UInt32] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt32(value))
        }
        guard values.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let bits = chunk.enumerated().reduce(UInt32(0)) { $0 | $1.element << (18 - 6 * UInt32($1.offset)) }
            let count = chunk.count - 1
            guard bits & ((1 << (24 - 8 * UInt32(count))) - 1) == 0 else { return nil }
            for position in 0..<count { output.append(UInt8(truncatingIfNeeded: bits >> (16 - 8 * UInt32(position)))) }
            index += 4
        }
        return output
    }
}
