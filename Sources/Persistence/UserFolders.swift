import Foundation

/// coinboard's folder for the user's files: `$XDG_CONFIG_HOME/coinboard`, or
/// `~/.config/coinboard` when `XDG_CONFIG_HOME` is unset or empty.
public enum ConfigFolder {
    /// The folder's path in `environment`.
    public static func path(environment: [String: String]) -> String {
        coinboardFolder(under: "XDG_CONFIG_HOME", orHome: ".config", environment: environment)
    }
}

/// coinboard's folder for what it can make again: `$XDG_CACHE_HOME/coinboard`, or
/// `~/.cache/coinboard` when `XDG_CACHE_HOME` is unset or empty.
public enum CacheFolder {
    /// The folder's path in `environment`.
    public static func path(environment: [String: String]) -> String {
        coinboardFolder(under: "XDG_CACHE_HOME", orHome: ".cache", environment: environment)
    }
}

/// `coinboard` in the folder an XDG base-directory variable names, or in its default under home.
private func coinboardFolder(under variable: String, orHome folder: String, environment: [String: String]) -> String {
    let base = environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/" + folder)
    return base + "/coinboard"
}
