import Foundation
public import MarketCore
public import MarketRuntime
import SystemTime

/// The favorites as a JSON file, `{"version": 1, "favorites": ["KRW-BTC", "KRW-ETH"]}`,
/// written atomically on every change.
///
/// Every save re-reads the file under a lock on its folder and merges in what another
/// instance saved meanwhile (``WatchlistMerge``). A file that is not a valid watchlist is
/// never overwritten: it is renamed to `<name>.corrupt-<time>` and the app says so.
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
        ConfigFolder.path(environment: environment) + "/watchlist.json"
    }

    private struct Contents: Codable {
        var version: Int
        var favorites: [String]
    }

    /// What the file holds now: `nil` when there is none (or it was corrupt and is now set aside).
    private struct Reading {
        var favorites: [MarketCode]?
        var notice: String?
    }

    public func load() async throws -> WatchlistLoad {
        let reading = try read()
        return WatchlistLoad(favorites: reading.favorites ?? [], isSaved: reading.favorites != nil, notice: reading.notice)
    }

    public func save(_ favorites: [MarketCode], base: [MarketCode]) async throws -> WatchlistLoad {
        try await FolderLock.withLock(on: folder, for: path) { () throws(PersistenceError) in
            let reading = try read()
            let merged = WatchlistMerge.merge(base: base, ours: favorites, theirs: reading.favorites ?? base)
            AtomicFile.removeLeftovers(of: path)
            if merged != reading.favorites { try write(merged) }
            return WatchlistLoad(favorites: merged, notice: reading.notice)
        }
    }

    private var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private func read() throws(PersistenceError) -> Reading {
        guard FileManager.default.fileExists(atPath: path) else { return Reading() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        if let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.version == 1 {
            let codes = contents.favorites.compactMap { MarketCode(code: $0) }
            if codes.count == contents.favorites.count { return Reading(favorites: codes) }
        }
        let aside = path + ".corrupt-" + Self.fileTime(SystemClock.wallNow())
        guard rename(path, aside) == 0 else {
            throw .unreadable(path: path, reason: "not a valid watchlist, and it could not be set aside")
        }
        return Reading(notice: "watchlist was not valid; kept as \(aside)")
    }

    private func write(_ favorites: [MarketCode]) throws(PersistenceError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Contents(version: 1, favorites: favorites.map(\.code))) else {
            throw .unwritable(path: path, reason: "the favorites could not be encoded")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: path)
    }

    private static func fileTime(_ time: Timestamp) -> String {
        let civil = time.civilTime(in: .utc)
        return civil.dateText(separator: "") + "T" + civil.timeText(separator: "") + "Z"
    }
}
