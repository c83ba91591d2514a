/// A key the user pressed, as the dashboard understands it.
public enum Key: Sendable, Hashable {
    /// A printable character, Hangul included.
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
}

/// What the mouse did, at a cell (column `x`, row `y`, from the top left, 0-based).
public struct MouseEvent: Sendable, Hashable {
    /// The mouse actions the dashboard reads.
    public enum Action: Sendable, Hashable {
        /// The main button went down.
        case press
        /// The wheel turned to scroll up.
        case wheelUp
        /// The wheel turned to scroll down.
        case wheelDown
    }

    /// What happened.
    public var action: Action
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int

    /// Creates an event.
    public init(_ action: Action, x: Int, y: Int) {
        self.action = action
        self.x = x
        self.y = y
    }
}

/// Something the terminal reports.
public enum TerminalEvent: Sendable, Hashable {
    /// A key press.
    case key(Key)
    /// A click or a turn of the wheel.
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resized(Size)
}
