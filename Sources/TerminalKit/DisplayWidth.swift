extension Unicode.Scalar {
    /// Columns the scalar takes in a terminal, as `wcwidth` counts them in a UTF-8 locale:
    /// 2 for East Asian wide and full-width characters (Hangul syllables among them), 0 for
    /// combining marks, format and control characters, 1 otherwise.
    public var terminalColumns: Int {
        let value = value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        // What a board draws most, before the tables: Hangul syllables; arrows, box drawing,
        // blocks and geometric shapes (none of them wide).
        if (0xAC00...0xD7A3).contains(value) { return 2 }
        if (0x2190...0x21FF).contains(value) || (0x2500...0x25FC).contains(value) { return 1 }
        if Self.isWide(value) { return 2 }
        // Letterlike symbols through arrows, box drawing, blocks and shapes hold no mark and no
        // format character: the general category is looked up only outside them.
        if (0x2100...0x2BFF).contains(value) { return 1 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the preceding initial consonant.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD,
            0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797,
            0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is a whole character among any scalars of which this holds: no rule
    /// of grapheme clustering joins two of them (none is a mark, a joiner, a control, a
    /// regional indicator or a Hangul jamo; precomposed Hangul syllables join only jamo).
    @usableFromInline
    var isCharacterOfItsOwn: Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x27BF, 0xAC00...0xD7A3: true
        default: false
        }
    }
}

extension Character {
    /// Columns the character takes in a terminal: its scalars' widths added up, at most 2
    /// (a decomposed Hangul syllable or an emoji sequence is still one wide cell).
    public var terminalColumns: Int {
        var columns = 0
        for scalar in unicodeScalars { columns += scalar.terminalColumns }
        return min(columns, 2)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is printable ASCII (space to `~`).
    @usableFromInline
    var isPrintableASCII: Bool {
        allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}

extension StringProtocol {
    /// Whether every character is printable ASCII (space to `~`): one column each.
    @inlinable
    var isPrintableASCII: Bool {
        utf8.withContiguousStorageIfAvailable(\.isPrintableASCII) ?? utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Columns the text takes in a terminal (Hangul is two columns per syllable): its
    /// characters' columns added up. Text of scalars that are each a character of their own
    /// (Korean names, labels, arrows) is counted scalar by scalar, without breaking it into
    /// characters.
    @inlinable
    public var terminalColumns: Int {
        if isPrintableASCII { return utf8.count }
        var columns = 0
        for scalar in unicodeScalars {
            guard scalar.isCharacterOfItsOwn else {
                columns = 0
                for character in self { columns += character.terminalColumns }
                return columns
            }
            columns += scalar.terminalColumns
        }
        return columns
    }

    /// The longest prefix that fits in `columns`, with `ellipsis` at its end when the text
    /// had to be cut (and the ellipsis fits).
    public func truncated(toColumns columns: Int, ellipsis: String = "…") -> String {
        guard terminalColumns > columns else { return String(self) }
        let room = columns - ellipsis.terminalColumns
        guard room >= 0 else { return fitted(toColumns: columns) }
        return fitted(toColumns: room) + ellipsis
    }

    /// The text padded with spaces on the right (or cut) to exactly `columns`.
    public func padded(toColumns columns: Int) -> String {
        let text = truncated(toColumns: columns)
        return text + String(repeating: " ", count: Swift.max(0, columns - text.terminalColumns))
    }

    /// The text padded with spaces on the left (or cut) to exactly `columns`.
    public func rightAligned(toColumns columns: Int) -> String {
        let text = truncated(toColumns: columns)
        return String(repeating: " ", count: Swift.max(0, columns - text.terminalColumns)) + text
    }

    private func fitted(toColumns columns: Int) -> String {
        var result = ""
        var used = 0
        for character in self {
            let width = character.terminalColumns
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return result
    }
}
