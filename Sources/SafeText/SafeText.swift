/// The one sanitiser for text from outside (exchanges, files, the network) on every way out of
/// coinboard: the screen, standard output, standard error and the log file. Standard library
/// only, so that the innermost modules can use it too.

extension Unicode.Scalar {
    /// Whether showing this scalar could move the cursor or change the terminal's state (C0 and
    /// C1 controls, DEL), reorder or hide text (bidirectional overrides, isolates and marks,
    /// zero-width and other invisible format characters, tag characters), or start a new line
    /// (line and paragraph separators).
    public var isUnsafeToShow: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD: true
        case 0x061C, 0x180E: true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F: true
        case 0xFEFF, 0xFFF9...0xFFFB: true
        case 0xE0000...0xE007F: true
        default: false
        }
    }
}

extension StringProtocol {
    /// Whether every scalar is safe to show.
    public var isSafeToShow: Bool {
        !unicodeScalars.contains { $0.isUnsafeToShow }
    }

    /// The text without the scalars that are unsafe to show: for the screen and plain output.
    public var strippingUnsafeCharacters: String {
        guard !isSafeToShow else { return String(self) }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars where !scalar.isUnsafeToShow { scalars.append(scalar) }
        return String(scalars)
    }

    /// The text with each unsafe scalar written as an escape (`\n`, `\t`, `\u{1B}`, `\u{202E}`),
    /// so a log line stays one line and shows what was sent.
    public var escapingUnsafeCharacters: String {
        guard !isSafeToShow else { return String(self) }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.isUnsafeToShow: text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// JSON text with each unsafe scalar written as a JSON escape (`\u202E`, or a surrogate
    /// pair above U+FFFF): the same JSON value, safe to print. Unsafe scalars can only stand
    /// inside strings in valid JSON, where an escape means the same.
    public var escapingUnsafeCharactersInJSON: String {
        guard !isSafeToShow else { return String(self) }
        var text = ""
        for scalar in unicodeScalars {
            guard scalar.isUnsafeToShow else {
                text.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return text
    }
}
