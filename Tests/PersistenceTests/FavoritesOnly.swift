import MarketCore
import Persistence

/// The favorites-only calls most file tests make: a watchlist without alerts.
extension WatchlistFile {
    func save(_ favorites: [MarketCode], base: [MarketCode]) async throws -> WatchlistLoad {
        try await save(Watchlist(favorites: favorites), base: Watchlist(favorites: base))
    }
}

extension WatchlistLoad {
    var favorites: [MarketCode] { watchlist.favorites }
}
