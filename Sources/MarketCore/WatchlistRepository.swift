/// Where the user's favorites are kept.
public protocol WatchlistRepository: Sendable {
    /// The saved favorites in the user's order.
    func load() async throws -> WatchlistLoad
    /// Saves the favorites the user wants. `base` is the list as this instance last loaded or
    /// saved it: what another instance saved since is merged in, not overwritten. Returns the
    /// list now saved.
    func save(_ favorites: [MarketCode], base: [MarketCode]) async throws -> WatchlistLoad
}

/// What loading or saving the watchlist found.
public struct WatchlistLoad: Sendable, Hashable {
    /// The favorites, in the user's order.
    public var favorites: [MarketCode]
    /// Whether they were read from a saved watchlist; `false` when none was saved yet.
    public var isSaved: Bool
    /// Something the user should know (say, a corrupt file set aside), if anything.
    public var notice: String?

    /// Creates a result.
    public init(favorites: [MarketCode], isSaved: Bool = true, notice: String? = nil) {
        self.favorites = favorites
        self.isSaved = isSaved
        self.notice = notice
    }
}
