import Foundation

/// coinboard's folder for the user's files: `$XDG_CONFIG_HOME/coinboard`, or
/// `~/.config/coinboard` when `XDG_CONFIG_HOME` is unset or empty.
public enum ConfigFolder {
    /// The folder's path in `environment`.
    public static func path(environment: [String: String]) -> String {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return base + "/coinboard"
    }
}
