import Foundation
public import MarketCore
public import MarketRuntime

/// The favorites as a JSON file, `{"version": 1, "favorites": ["KRW-BTC", "KRW-ETH"]}`,
/// written atomically on every change.
///
/// A file that is not a valid watchlist is never overwritten: it is renamed to
/// `<name>.corrupt-<time>` and the app starts with no favorites, saying so.
public struct WatchlistFile: WatchlistRepository {
    /// The file's path.
    public let path: String

    /// Creates a repository at a path.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/coinboard/watchlist.json`, or `~/.config/coinboard/watchlist.json`
    /// when `XDG_CONFIG_HOME` is unset or empty.
    public static func defaultPath(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return base + "/coinboard/watchlist.json"
    }

    private struct Contents: Codable {
        var version: Int
        var favorites: [String]
    }

    public func load() async throws -> WatchlistLoad {
        guard FileManager.default.fileExists(atPath: path) else { return WatchlistLoad(favorites: []) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PersistenceError.unreadable(path: path, reason: error.localizedDescription)
        }
        if let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.version == 1 {
            let codes = contents.favorites.compactMap { MarketCode(code: $0) }
            if codes.count == contents.favorites.count { return WatchlistLoad(favorites: codes) }
        }
        let aside = path + ".corrupt-" + Self.fileTime(SystemClock.now())
        guard rename(path, aside) == 0 else {
            throw PersistenceError.unreadable(path: path, reason: "not a valid watchlist, and it could not be set aside")
        }
        return WatchlistLoad(favorites: [], notice: "watchlist was not valid; kept as \(aside), starting with no favorites")
    }

    public func save(_ favorites: [MarketCode]) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Contents(version: 1, favorites: favorites.map(\.code)))
        try AtomicFile.write(data + Data("\n".utf8), to: path)
    }

    private static func fileTime(_ time: Timestamp) -> String {
        let civil = time.civilTime(in: .utc)
        return civil.dateText(separator: "") + "T" + civil.timeText(separator: "") + "Z"
    }
}
