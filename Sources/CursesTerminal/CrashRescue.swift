import CTerminalRescue

/// What a fatal signal does to coinboard: one line on standard error naming it, a backtrace in
/// the log file, the terminal given back if the dashboard holds it, and an exit by that same
/// signal (status 128 + N). It replaces the Swift runtime's crash handler, which on a terminal
/// waits for a key over the dashboard's screen.
public enum CrashRescue {
    /// Installs the handler, first thing at start-up; a later call with a `logPath` sends the
    /// backtrace there (without one it goes to standard error unless the dashboard is drawing).
    public static func install(logPath: String? = nil) {
        tr_install(logPath)
    }
}
