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

    private var file: SharedDocumentFile<WatchlistContents> { SharedDocumentFile(path: path) }

    public func load() async throws -> WatchlistLoad {
        let reading = try await file.load()
        return WatchlistLoad(watchlist: reading.document ?? .empty, isSaved: reading.document != nil, notice: reading.notice)
    }

    public func save(_ watchlist: Watchlist, base: Watchlist) async throws -> WatchlistLoad {
        let reading = try await file.save(watchlist, base: base)
        return WatchlistLoad(watchlist: reading.document ?? watchlist, notice: reading.notice)
    }
}

extension WatchlistContents: SharedDocumentFormat {
    static let noun = "watchlist"

    static func read(_ data: Data) -> (document: Watchlist, isCurrent: Bool)? {
        guard let contents = try? JSONDecoder().decode(WatchlistContents.self, from: data), let watchlist = contents.watchlist
        else { return nil }
        return (watchlist, contents.version == currentVersion)
    }

    static func encode(_ document: Watchlist) -> Data? {
        try? JSONEncoder.forFiles.encode(WatchlistContents(document))
    }

    static func merge(base: Watchlist, ours: Watchlist, theirs: Watchlist) -> Watchlist {
        WatchlistMerge.merge(base: base, ours: ours, theirs: theirs)
    }
}
