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

extension Style {
    /// The style in one word (foreground, background, then the four attributes), so a cell
    /// has no bytes that are not its value: equal cells are equal in memory.
    var packed: UInt16 {
        var bits = UInt16(foreground.index) | UInt16(background.index) << 4
        if isBold { bits |= 1 << 8 }
        if isReversed { bits |= 1 << 9 }
        if isDim { bits |= 1 << 10 }
        if isUnderlined { bits |= 1 << 11 }
        return bits
    }

    /// The style ``packed`` holds.
    init(packed bits: UInt16) {
        self.init(
            foreground: Color(index: bits & 0xF), background: Color(index: bits >> 4 & 0xF), isBold: bits & 1 << 8 != 0,
            isReversed: bits & 1 << 9 != 0, isDim: bits & 1 << 10 != 0, isUnderlined: bits & 1 << 11 != 0)
    }
}

extension Color {
    fileprivate var index: UInt8 {
        switch self {
        case .default: 0
        case .black: 1
        case .red: 2
        case .green: 3
        case .yellow: 4
        case .blue: 5
        case .magenta: 6
        case .cyan: 7
        case .white: 8
        }
    }

    fileprivate init(index: UInt16) {
        switch index {
        case 1: self = .black
        case 2: self = .red
        case 3: self = .green
        case 4: self = .yellow
        case 5: self = .blue
        case 6: self = .magenta
        case 7: self = .cyan
        case 8: self = .white
        default: self = .default
        }
    }
}
