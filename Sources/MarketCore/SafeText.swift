extension String {
    /// The text with control characters (C0, DEL, C1, and bidirectional-override and
    /// zero-width formatting scalars) removed, so network text cannot move the cursor or
    /// change the terminal's state when drawn.
    public var strippingControlCharacters: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars where !scalar.isTerminalUnsafe {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}

extension Unicode.Scalar {
    var isTerminalUnsafe: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
