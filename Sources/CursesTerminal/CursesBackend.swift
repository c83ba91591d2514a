import CNCursesW
import CTerminalRescue
import Glibc
public import TerminalKit

/// The terminal through ncursesw: the only code in coinboard that calls ncurses.
///
/// Every call must come from one isolation domain (the dashboard's actor owns the backend);
/// ncurses is not thread-safe. ``restore()`` gives the terminal back and is safe to call
/// more than once, so every exit path can call it.
public final class CursesBackend: TerminalBackend {
    private let usesColor: Bool
    private let usesMouse: Bool
    private var screen: OpaquePointer?
    private var hasColors = false
    private var pairs: [ColorPair: Int16] = [:]
    private let watcher = InputWatcher()

    /// Creates a backend; nothing touches the terminal until ``start()``.
    /// - Parameters:
    ///   - usesColor: `false` draws without colours (for `NO_COLOR`), keeping bold and reverse.
    ///   - usesMouse: `true` reports clicks and the wheel (the terminal's own selection then
    ///     needs Shift, as in every mouse-aware terminal program).
    public init(usesColor: Bool, usesMouse: Bool = false) {
        self.usesColor = usesColor
        self.usesMouse = usesMouse
    }

    /// Whether the user's locale is UTF-8, i.e. whether Hangul and box drawing can be shown.
    public static func localeIsUTF8() -> Bool {
        _ = setlocale(LC_ALL, "")
        return cnc_locale_is_utf8() != 0
    }

    public var size: Size {
        guard screen != nil else { return Size(width: 0, height: 0) }
        return Size(width: Int(cnc_cols()), height: Int(cnc_lines()))
    }

    public var inputReady: AsyncStream<Void> { watcher.signals }

    public func start() throws(TerminalError) {
        guard screen == nil else { return }
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { throw .notATerminal }
        _ = setlocale(LC_ALL, "")
        _ = tr_save_modes(STDOUT_FILENO)
        guard let screen = cnc_newterm() else {
            let name = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw .initializationFailed("ncurses does not know the terminal type TERM=\(name)")
        }
        self.screen = screen
        _ = set_term(screen)
        // ncurses writes out after every cursor move until the screen has been left and
        // resumed once (its `_endwin` stays `ewInitial`): a frame of the table took about seven
        // `write`s, each a wake for the terminal. Leaving and resuming at once makes a frame one write.
        _ = endwin()
        _ = wrefresh(cnc_stdscr())
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = keypad(cnc_stdscr(), true)
        _ = nodelay(cnc_stdscr(), true)
        // ncurses looks for typed-ahead keys (a `poll` of standard input) two or three times a
        // refresh, to cut a frame short for them; keys are read when the input watcher signals
        // them, and a frame is always written whole.
        _ = typeahead(-1)
        _ = curs_set(0)
        _ = set_escdelay(25)
        if usesMouse { cnc_enable_mouse() }
        if usesColor && has_colors() {
            hasColors = start_color() == OK
            _ = use_default_colors()
        }
        armCrashRescue()
        watcher.start()
    }

    /// From here until ``restore()``, a fatal signal (a Swift trap included) gives the terminal
    /// back before the process ends: plain text, a visible cursor, the main screen and the
    /// modes saved before ncurses started (see ``CrashRescue``).
    private func armCrashRescue() {
        var bytes: [UInt8] = []
        // The cursor is shown after leaving the alternate screen, which may restore the cursor mode
        // saved on entering it.
        for capability in ["sgr0", "rmcup", "cnorm"] {
            guard let value = cnc_terminfo_string(capability) else { continue }
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: value, count: strlen(value)))
        }
        // Mouse reporting off (the xterm modes ncurses may have turned on), so a crashed
        // dashboard never leaves clicks typing escape sequences into the shell.
        if usesMouse { bytes.append(contentsOf: Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8)) }
        bytes.append(contentsOf: Array("\r\n".utf8))
        bytes.withUnsafeBufferPointer { restore in
            restore.withMemoryRebound(to: CChar.self) { tr_arm($0.baseAddress, $0.count) }
        }
    }

    public func draw(_ changes: [CellChange]) {
        guard screen != nil else { return }
        // A cell's character as ncurses takes it: at most five scalars (CCHARW_MAX), then 0.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { text in
            for change in changes where !change.cell.isContinuation {
                var count = 0
                change.cell.grapheme.forEachScalar { scalar in
                    guard count < 5 else { return }
                    text[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
                text[count] = 0
                let style = change.cell.style
                cnc_put(Int32(change.y), Int32(change.x), text.baseAddress, attributes(of: style), pair(for: style))
            }
        }
    }

    public func clear() {
        guard screen != nil else { return }
        _ = werase(cnc_stdscr())
        _ = clearok(cnc_stdscr(), true)
    }

    public func flush() {
        guard screen != nil else { return }
        _ = wrefresh(cnc_stdscr())
    }

    public func pendingEvents() -> [TerminalEvent] {
        guard screen != nil else { return [] }
        defer { watcher.acknowledge() }
        var events: [TerminalEvent] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(cnc_stdscr(), &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if Int32(character) == KEY_RESIZE {
                    events.append(.resized(size))
                } else if Int32(character) == KEY_MOUSE {
                    if let event = Self.mouseEvent() { events.append(.mouse(event)) }
                } else if let key = Self.functionKey(Int32(character)) {
                    events.append(.key(key))
                }
            } else if let key = Self.characterKey(UInt32(character)) {
                events.append(.key(key))
            }
        }
        return events
    }

    public func ringBell() {
        guard screen != nil else { return }
        _ = beep()
    }

    public func restore() {
        watcher.stop()
        guard let screen else { return }
        _ = curs_set(1)
        _ = endwin()
        tr_disarm()
        delscreen(screen)
        self.screen = nil
    }

    // MARK: Keys

    /// The mouse event ncurses holds after `KEY_MOUSE`, if it is one the dashboard reads.
    private static func mouseEvent() -> MouseEvent? {
        var x: Int32 = 0
        var y: Int32 = 0
        switch cnc_read_mouse(&x, &y) {
        case 1: return MouseEvent(.press, x: Int(x), y: Int(y))
        case 2: return MouseEvent(.wheelUp, x: Int(x), y: Int(y))
        case 3: return MouseEvent(.wheelDown, x: Int(x), y: Int(y))
        default: return nil
        }
    }

    private static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_BTAB: .backTab
        default: nil
        }
    }

    private static func characterKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            guard let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
            return .character(Character(scalar))
        }
    }

    // MARK: Styles

    private struct ColorPair: Hashable {
        let foreground: Color
        let background: Color
    }

    private func attributes(of style: Style) -> attr_t {
        var attributes: attr_t = 0
        if style.isBold { attributes |= cnc_a_bold() }
        if style.isReversed { attributes |= cnc_a_reverse() }
        if style.isDim { attributes |= cnc_a_dim() }
        if style.isUnderlined { attributes |= cnc_a_underline() }
        return attributes
    }

    /// The colour pair for a style's colours, made on first use (pair 0 is the default).
    private func pair(for style: Style) -> Int16 {
        guard hasColors, style.foreground != .default || style.background != .default else { return 0 }
        let key = ColorPair(foreground: style.foreground, background: style.background)
        if let known = pairs[key] { return known }
        let number = Int16(pairs.count + 1)
        guard Int32(number) < cnc_color_pairs() else { return 0 }
        _ = init_pair(number, Self.index(of: style.foreground), Self.index(of: style.background))
        pairs[key] = number
        return number
    }

    private static func index(of color: Color) -> Int16 {
        switch color {
        case .default: -1
        case .black: Int16(COLOR_BLACK)
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        case .white: Int16(COLOR_WHITE)
        }
    }
}
