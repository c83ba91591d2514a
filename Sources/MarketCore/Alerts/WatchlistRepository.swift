/// Where the user's favorites and price alerts are kept.
public protocol WatchlistRepository: Sendable {
    /// The saved watchlist.
    func load() async throws -> WatchlistLoad
    /// Saves the watchlist the user wants. `base` is the watchlist as this instance last loaded
    /// or saved it: what another instance saved since is merged in, not overwritten. Returns
    /// the watchlist now saved.
    func save(_ watchlist: Watchlist, base: Watchlist) async throws -> WatchlistLoad
}

/// What loading or saving the watchlist found.
public struct WatchlistLoad: Sendable, Hashable {
    /// The favorites and alerts.
    public var watchlist: Watchlist
    /// Whether they were read from a saved watchlist; `false` when none was saved yet.
    public var isSaved: Bool
    /// Something the user should know (say, a corrupt file set aside), if anything.
    public var notice: String?

    /// Creates a result.
    public init(watchlist: Watchlist, isSaved: Bool = true, notice: String? = nil) {
        self.watchlist = watchlist
        self.isSaved = isSaved
        self.notice = notice
    }
}
