import MarketCore

/// A read-only view of one value on a tokenized tape. It borrows the frame's bytes, so it is
/// only valid inside ``JSONTokenizer/parse(_:_:)``. The only thing it writes is an object's
/// ``JSONToken/lookupStart``, a hint that makes lookups in wire order cost one comparison.
struct JSONValue: JSONObjectReading, JSONMemberReading {
    let bytes: UnsafeRawBufferPointer
    let tokens: UnsafeMutableBufferPointer<JSONToken>
    let index: Int

    var kind: JSONKind { tokens[index].kind }

    /// The raw bytes of a string's content (escapes left as written) or a number's text.
    var span: UnsafeRawBufferPointer {
        let token = tokens[index]
        return UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
    }

    /// A member of an object by name, or `nil` when absent or when this is not an object.
    subscript(key: StaticString) -> JSONValue? {
        guard kind == .object else { return nil }
        let first = index + 1
        let end = Int(tokens[index].next)
        let hint = Int(tokens[index].lookupStart)
        let start = hint > first && hint < end ? hint : first
        return key.withUTF8Buffer { name in
            let fingerprint = JSONToken.fingerprint(UnsafeRawBufferPointer(name), from: 0, to: name.count)
            if let found = member(named: name, fingerprint: fingerprint, from: start, to: end)
                ?? member(named: name, fingerprint: fingerprint, from: first, to: start)
            {
                tokens[index].lookupStart = tokens[found + 1].next
                return JSONValue(bytes: bytes, tokens: tokens, index: found + 1)
            }
            return nil
        }
    }

    /// The token of the member name equal to `name` among the members from `start` up to `end`.
    private func member(named name: UnsafeBufferPointer<UInt8>, fingerprint: UInt32, from start: Int, to end: Int) -> Int? {
        var member = start
        while member < end {
            let token = tokens[member]
            if token.fingerprint == fingerprint, token.kind == .string,
                JSONText.sameBytes(UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), name)
            {
                return member
            }
            member = Int(tokens[member + 1].next)
        }
        return nil
    }

    /// The members of an object, in order (empty for anything else).
    var members: [(key: JSONValue, value: JSONValue)] {
        guard kind == .object else { return [] }
        var result: [(key: JSONValue, value: JSONValue)] = []
        var member = index + 1
        let end = Int(tokens[index].next)
        while member < end {
            result.append(
                (
                    JSONValue(bytes: bytes, tokens: tokens, index: member),
                    JSONValue(bytes: bytes, tokens: tokens, index: member + 1)
                ))
            member = Int(tokens[member + 1].next)
        }
        return result
    }

    /// The elements of an array (empty for anything else).
    var elements: JSONElements { JSONElements(array: self) }

    /// This value as a decimal, when it is a JSON number or a string holding one.
    var decimalValue: ExactDecimal? {
        guard kind == .number || kind == .string else { return nil }
        return ExactDecimal(utf8: span)
    }

    /// The content of an escaped string with its escapes decoded; invalid UTF-8 and lone
    /// surrogates become U+FFFD.
    static func unescape(_ content: UnsafeRawBufferPointer) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(content.count)
        var index = 0
        var pendingHighSurrogate: UInt32?
        func appendScalar(_ value: UInt32) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            utf8.append(contentsOf: Array(String(scalar).utf8))
        }
        while index < content.count {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < content.count else {
                if let high = pendingHighSurrogate {
                    appendScalar(high)
                    pendingHighSurrogate = nil
                }
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = content[index + 1]
            index += 2
            if escape == UInt8(ascii: "u"), index + 4 <= content.count {
                var code: UInt32 = 0
                for offset in 0..<4 { code = code << 4 | (JSONTokenizer.hexValue(content[index + offset]) ?? 0) }
                index += 4
                if let high = pendingHighSurrogate {
                    pendingHighSurrogate = nil
                    if (0xDC00...0xDFFF).contains(code) {
                        appendScalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))
                        continue
                    }
                    appendScalar(0xFFFD)
                }
                if (0xD800...0xDBFF).contains(code) {
                    pendingHighSurrogate = code
                } else {
                    appendScalar((0xDC00...0xDFFF).contains(code) ? 0xFFFD : code)
                }
                continue
            }
            if pendingHighSurrogate != nil {
                appendScalar(0xFFFD)
                pendingHighSurrogate = nil
            }
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            default: utf8.append(escape)
            }
        }
        if pendingHighSurrogate != nil { appendScalar(0xFFFD) }
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// The elements of a JSON array, in order.
struct JSONElements: Sequence {
    let array: JSONValue

    struct Iterator: IteratorProtocol {
        let array: JSONValue
        var position: Int
        let end: Int

        mutating func next() -> JSONValue? {
            guard position < end else { return nil }
            let element = JSONValue(bytes: array.bytes, tokens: array.tokens, index: position)
            position = Int(array.tokens[position].next)
            return element
        }
    }

    func makeIterator() -> Iterator {
        guard array.kind == .array else { return Iterator(array: array, position: 0, end: 0) }
        return Iterator(array: array, position: array.index + 1, end: Int(array.tokens[array.index].next))
    }

    /// Number of elements.
    var count: Int { reduce(0) { count, _ in count + 1 } }
}
