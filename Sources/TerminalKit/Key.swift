/// A key the user pressed, as the dashboard understands it.
public enum Key: Sendable, Hashable {
    /// A printable character, Hangul included.
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
}

/// Something the terminal reports.
public enum TerminalEvent: Sendable, Hashable {
    /// A key press.
    case key(Key)
    /// The terminal now has this size.
    case resized(Size)
}
