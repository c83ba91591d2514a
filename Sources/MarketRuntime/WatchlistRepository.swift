public import MarketCore

/// Where the user's favorites are kept.
public protocol WatchlistRepository: Sendable {
    /// The saved favorites in the user's order; empty when none were saved yet.
    func load() async throws -> WatchlistLoad
    /// Saves the favorites in this order, replacing what was saved.
    func save(_ favorites: [MarketCode]) async throws
}

/// What loading the watchlist found.
public struct WatchlistLoad: Sendable, Hashable {
    /// The favorites, in the user's order.
    public var favorites: [MarketCode]
    /// Something the user should know (say, a corrupt file set aside), if anything.
    public var notice: String?

    /// Creates a result.
    public init(favorites: [MarketCode], notice: String? = nil) {
        self.favorites = favorites
        self.notice = notice
    }
}
