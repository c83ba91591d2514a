import Foundation
import MarketCore
import MarketRuntime
import Persistence
import Testing

@Suite struct WatchlistFileTests {
    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "coinboard-watchlist-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aMissingFileIsAnEmptyWatchlist() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try await WatchlistFile(path: folder + "/none/watchlist.json").load()
        #expect(loaded == WatchlistLoad(favorites: []))
    }

    @Test func savedFavoritesLoadInTheUsersOrder() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/nested/watchlist.json")
        let favorites = ["KRW-SOL", "KRW-BTC", "KRW-ETH"].compactMap { MarketCode(code: $0) }
        try await file.save(favorites)
        #expect(try await file.load() == WatchlistLoad(favorites: favorites))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains("\"version\" : 1"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/nested")
        #expect(leftovers == ["watchlist.json"])
    }

    @Test func aCorruptFileIsKeptAsideNeverOverwritten() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        try Data("{\"version\": 1, \"favorites\": [\"KRW-BTC\",".utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try await WatchlistFile(path: path).load()
        #expect(loaded.favorites.isEmpty)
        #expect(loaded.notice?.contains("watchlist.json.corrupt-") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1)
        #expect(names.first?.hasPrefix("watchlist.json.corrupt-") == true)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(WatchlistFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/coinboard/watchlist.json")
        #expect(WatchlistFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"]) == "/h/.config/coinboard/watchlist.json")
    }
}
