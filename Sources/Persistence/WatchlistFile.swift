import Foundation
public import MarketCore

/// The favorites as a JSON file, `{"version": 1, "favorites": ["KRW-BTC", "KRW-ETH"]}`,
/// written atomically on every change.
///
/// Every read and every save happens under a lock on the file's folder; a save re-reads the
/// file and merges in what another instance saved meanwhile (``WatchlistMerge``). A file that
/// is not a valid watchlist is never overwritten: it is renamed to `<name>.corrupt-<time>`
/// (with `-2`, `-3`… when that name is taken, so no earlier one is ever replaced) and the app
/// says so. A symbolic link at the path is followed: the file it leads to is replaced and the
/// link stays. Anything but a regular file there (a FIFO, a device) is refused.
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
        let file = RegularFile.followingLinks(path)
        guard FileManager.default.fileExists(atPath: FolderLock.folder(of: file)) else { return WatchlistLoad(favorites: [], isSaved: false) }
        let reading = try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            try read(file)
        }
        return WatchlistLoad(favorites: reading.favorites ?? [], isSaved: reading.favorites != nil, notice: reading.notice)
    }

    public func save(_ favorites: [MarketCode], base: [MarketCode]) async throws -> WatchlistLoad {
        let file = RegularFile.followingLinks(path)
        return try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            let reading = try read(file)
            let merged = WatchlistMerge.merge(base: base, ours: favorites, theirs: reading.favorites ?? base)
            AtomicFile.removeLeftovers(of: file)
            if merged != reading.favorites { try write(merged, to: file) }
            return WatchlistLoad(favorites: merged, notice: reading.notice)
        }
    }

    /// Reads `file` (the path with its links followed); call under the folder's lock.
    private func read(_ file: String) throws(PersistenceError) -> Reading {
        if let kind = RegularFile.irregularKind(at: file) { throw .notARegularFile(path: path, kind: kind) }
        guard FileManager.default.fileExists(atPath: file) else { return Reading() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        if let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.version == 1 {
            let codes = contents.favorites.compactMap { MarketCode(code: $0) }
            if codes.count == contents.favorites.count { return Reading(favorites: codes) }
        }
        guard let aside = Quarantine.setAside(file) else {
            throw .unreadable(path: path, reason: "not a valid watchlist, and it could not be set aside")
        }
        return Reading(notice: "watchlist was not valid; kept as \(aside)")
    }

    private func write(_ favorites: [MarketCode], to file: String) throws(PersistenceError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Contents(version: 1, favorites: favorites.map(\.code))) else {
            throw .unwritable(path: path, reason: "the favorites could not be encoded")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: file)
    }
}
