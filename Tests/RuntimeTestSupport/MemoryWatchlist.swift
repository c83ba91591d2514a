public import MarketCore

/// A watchlist kept in memory, which fails while told to and counts its saves.
public actor MemoryWatchlist: WatchlistRepository {
    /// The failure a failing watchlist throws.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String { "disk full" }
    }

    /// The saved list, `nil` when none was saved.
    public var stored: [MarketCode]?
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
        return WatchlistLoad(favorites: stored ?? [], isSaved: stored != nil)
    }

    public func save(_ favorites: [MarketCode], base: [MarketCode]) async throws -> WatchlistLoad {
        if failing { throw Unavailable() }
        saves += 1
        let theirAdditions = (stored ?? []).filter { !base.contains($0) && !favorites.contains($0) }
        stored = favorites + theirAdditions
        return WatchlistLoad(favorites: favorites + theirAdditions)
    }
}
