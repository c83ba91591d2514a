public import MarketCore

/// A watchlist kept in memory, which fails while told to and counts its saves.
public actor MemoryWatchlist: WatchlistRepository {
    /// The failure a failing watchlist throws.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String { "disk full" }
    }

    /// The saved favorites, `nil` when none were saved.
    public var stored: [MarketCode]?
    /// The saved alerts.
    public var storedAlerts: [PriceAlert] = []
    /// Whether loads and saves fail.
    public var failing = false
    /// Saves that landed.
    public private(set) var saves = 0

    public init(stored: [MarketCode]? = nil) {
        self.stored = stored
    }

    public func setFailing(_ failing: Bool) { self.failing = failing }
    public func setStored(_ stored: [MarketCode]?) { self.stored = stored }

    public func load() async throws -> WatchlistLoad {
        if failing { throw Unavailable() }
        return WatchlistLoad(watchlist: Watchlist(favorites: stored ?? [], alerts: storedAlerts), isSaved: stored != nil)
    }

    public func save(_ watchlist: Watchlist, base: Watchlist) async throws -> WatchlistLoad {
        if failing { throw Unavailable() }
        saves += 1
        let favorites = watchlist.favorites
        let theirAdditions = (stored ?? []).filter { !base.favorites.contains($0) && !favorites.contains($0) }
        stored = favorites + theirAdditions
        storedAlerts = watchlist.alerts
        return WatchlistLoad(watchlist: Watchlist(favorites: favorites + theirAdditions, alerts: watchlist.alerts))
    }
}
