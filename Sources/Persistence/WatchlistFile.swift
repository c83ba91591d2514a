import Foundation
public import MarketCore

/// The favorites and price alerts as a JSON file, written atomically on every change:
///
/// ```json
/// {"version": 2, "favorites": ["KRW-BTC", "KRW-ETH"],
///  "alerts": [{"id": "…", "market": "KRW-BTC", "kind": "above", "price": "140000000", "firedAt": null},
///             {"id": "…", "market": "KRW-ETH", "kind": "move", "percent": "5", "minutes": 10, "firedAt": "2026-11-25T05:03:20.000Z"}]}
/// ```
///
/// A version-1 file (`{"version": 1, "favorites": […]}`, no alerts) is read as it is and
/// written as version 2 at the next save. Every read and every save happens under a lock on
/// the file's folder; a save re-reads the file and merges in what another instance saved
/// meanwhile (``WatchlistMerge``). A file that is not a valid watchlist is never overwritten:
/// it is renamed to `<name>.corrupt-<time>` (with `-2`, `-3`… when that name is taken, so no
/// earlier one is ever replaced) and the app says so. A symbolic link at the path is followed:
/// the file it leads to is replaced and the link stays. Anything but a regular file there (a
/// FIFO, a device) is refused.
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

    /// What the file holds now: `nil` when there is none (or it was corrupt and is now set aside).
    private struct Reading {
        var watchlist: Watchlist?
        var notice: String?
        /// Whether the file is still version 1 (it is written as version 2 at the next save).
        var isVersion1 = false
    }

    public func load() async throws -> WatchlistLoad {
        let file = RegularFile.followingLinks(path)
        guard FileManager.default.fileExists(atPath: FolderLock.folder(of: file)) else { return WatchlistLoad(watchlist: .empty, isSaved: false) }
        let reading = try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            try read(file)
        }
        return WatchlistLoad(watchlist: reading.watchlist ?? .empty, isSaved: reading.watchlist != nil, notice: reading.notice)
    }

    public func save(_ watchlist: Watchlist, base: Watchlist) async throws -> WatchlistLoad {
        let file = RegularFile.followingLinks(path)
        return try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            let reading = try read(file)
            let merged = WatchlistMerge.merge(base: base, ours: watchlist, theirs: reading.watchlist ?? base)
            AtomicFile.removeLeftovers(of: file)
            if merged != reading.watchlist || reading.isVersion1 { try write(merged, to: file) }
            return WatchlistLoad(watchlist: merged, notice: reading.notice)
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
        if let contents = try? JSONDecoder().decode(WatchlistContents.self, from: data), let watchlist = contents.watchlist {
            return Reading(watchlist: watchlist, isVersion1: contents.version == 1)
        }
        guard let aside = Quarantine.setAside(file) else {
            throw .unreadable(path: path, reason: "not a valid watchlist, and it could not be set aside")
        }
        return Reading(notice: "watchlist was not valid; kept as \(aside)")
    }

    private func write(_ watchlist: Watchlist, to file: String) throws(PersistenceError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(WatchlistContents(watchlist)) else {
            throw .unwritable(path: path, reason: "the watchlist could not be encoded")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: file)
    }
}
