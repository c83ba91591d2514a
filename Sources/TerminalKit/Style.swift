/// One of the terminal's basic colours, or the terminal's own default.
public enum Color: String, Sendable, Hashable, CaseIterable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn: colours and attributes.
public struct Style: Sendable, Hashable {
    /// Text colour.
    public var foreground: Color
    /// Background colour.
    public var background: Color
    /// Bold (bright) text.
    public var isBold: Bool
    /// Foreground and background swapped.
    public var isReversed: Bool
    /// Dimmed text.
    public var isDim: Bool
    /// Underlined text.
    public var isUnderlined: Bool

    /// Creates a style.
    public init(
        foreground: Color = .default, background: Color = .default, isBold: Bool = false,
        isReversed: Bool = false, isDim: Bool = false, isUnderlined: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isReversed = isReversed
        self.isDim = isDim
        self.isUnderlined = isUnderlined
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with another text colour.
    public func foreground(_ color: Color) -> Style {
        var style = self
        style.foreground = color
        return style
    }

    /// This style with another background colour.
    public func background(_ color: Color) -> Style {
        var style = self
        style.background = color
        return style
    }

    /// This style in bold.
    public var bold: Style {
        var style = self
        style.isBold = true
        return style
    }

    /// This style reversed.
    public var reversed: Style {
        var style = self
        style.isReversed = true
        return style
    }

    /// This style dimmed.
    public var dim: Style {
        var style = self
        style.isDim = true
        return style
    }

    /// This style underlined.
    public var underlined: Style {
        var style = self
        style.isUnderlined = true
        return style
    }
}
