import Foundation
import MarketCore
import Persistence
import Testing

@Suite struct WatchlistFileTests {

    @Test func aMissingFileIsAnEmptyWatchlist() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try await WatchlistFile(path: folder + "/none/watchlist.json").load()
        #expect(loaded == WatchlistLoad(watchlist: .empty, isSaved: false))
    }

    @Test func savedFavoritesLoadInTheUsersOrder() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/nested/watchlist.json")
        let favorites = ["KRW-SOL", "KRW-BTC", "KRW-ETH"].compactMap { MarketCode(code: $0) }
        #expect(try await file.save(favorites, base: []) == WatchlistLoad(watchlist: Watchlist(favorites: favorites)))
        #expect(try await file.load() == WatchlistLoad(watchlist: Watchlist(favorites: favorites)))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains("\"version\" : 3"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/nested")
        #expect(leftovers == ["watchlist.json"])
    }

    @Test func aCorruptFileIsKeptAsideNeverOverwritten() async throws {
        let folder = try temporaryFolder("watchlist")
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

    @Test func twoInstancesLoseNoUpdate() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        let first = WatchlistFile(path: path)
        let second = WatchlistFile(path: path)
        let btc = try #require(MarketCode(code: "KRW-BTC"))
        let eth = try #require(MarketCode(code: "KRW-ETH"))
        let sol = try #require(MarketCode(code: "KRW-SOL"))
        _ = try await first.save([btc], base: [])
        let seenBySecond = try await second.load().favorites
        // Each adds one, starting from what it last saw; the second also removes BTC.
        #expect(try await first.save([btc, eth], base: [btc]).favorites == [btc, eth])
        #expect(try await second.save(seenBySecond.filter { $0 != btc } + [sol], base: seenBySecond).favorites == [eth, sol])
        #expect(try await first.load().favorites == [eth, sol])
    }

    @Test func manyConcurrentWritersAllLand() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        let markets = (0..<12).compactMap { MarketCode(code: "KRW-C\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for market in markets {
                group.addTask { _ = try await WatchlistFile(path: path).save([market], base: []) }
            }
            try await group.waitForAll()
        }
        #expect(Set(try await WatchlistFile(path: path).load().favorites) == Set(markets))
    }

    @Test func aFileCorruptedWhileRunningIsSetAsideAndTheListSavedAgain() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        let btc = try #require(MarketCode(code: "KRW-BTC"))
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        let saved = try await WatchlistFile(path: path).save([btc], base: [btc])
        #expect(saved.favorites == [btc])
        #expect(saved.notice?.contains(".corrupt-") == true)
        #expect(try await WatchlistFile(path: path).load().favorites == [btc])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    }

    /// A file where the watchlist's folder should be: unwritable even for root, whom
    /// permissions don't stop.
    @Test func anUnwritableFolderFailsClearlyUntilItIsFixed() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blocked = folder + "/blocked"
        try Data().write(to: URL(fileURLWithPath: blocked))
        let file = WatchlistFile(path: blocked + "/watchlist.json")
        let btc = try #require(MarketCode(code: "KRW-BTC"))
        await #expect(throws: PersistenceError.self) { try await file.save([btc], base: []) }
        try FileManager.default.removeItem(atPath: blocked)
        #expect(try await file.save([btc], base: []).favorites == [btc])
    }

    @Test func aSaveClearsTemporaryFilesAWriteKilledHalfWayLeft() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        try Data("{\"vers".utf8).write(to: URL(fileURLWithPath: path + ".tmp-123-456"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/other.tmp-1"))
        _ = try await WatchlistFile(path: path).save([], base: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["other.tmp-1", "watchlist.json"])
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(WatchlistFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/coinboard/watchlist.json")
        #expect(WatchlistFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"]) == "/h/.config/coinboard/watchlist.json")
    }
}

extension WatchlistFileTests {
    /// The name a file set aside now would get, for times `seconds` from now.
    private func quarantineName(secondsFromNow seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return "watchlist.json.corrupt-" + formatter.string(from: Date().addingTimeInterval(Double(seconds)))
    }

    /// A corrupt file set aside where earlier ones already hold the name it would take gets a
    /// further name: no quarantined file is ever replaced.
    @Test func quarantinedFilesNeverReplaceOneAnother() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        let taken = (0..<3).map { quarantineName(secondsFromNow: $0) }
        for name in taken { try Data("earlier \(name)".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        for round in 0..<3 {
            try Data("corrupt \(round)".utf8).write(to: URL(fileURLWithPath: path))
            let loaded = try await WatchlistFile(path: path).load()
            #expect(loaded.notice?.contains("watchlist.json.corrupt-") == true)
        }
        for name in taken {
            #expect(try String(contentsOfFile: folder + "/" + name, encoding: .utf8) == "earlier \(name)")
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !taken.contains($0) }
        let contents = try Set(kept.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) })
        #expect(contents == ["corrupt 0", "corrupt 1", "corrupt 2"])
    }

    /// A FIFO (or any non-regular file) at the path is refused with one clear message, on load
    /// and on save, instead of blocking on it.
    @Test func aFIFOAtThePathIsRefused() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        #expect(mkfifo(path, 0o600) == 0)
        let file = WatchlistFile(path: path)
        await #expect(throws: PersistenceError.notARegularFile(path: path, kind: "a FIFO")) { try await file.load() }
        await #expect(throws: PersistenceError.notARegularFile(path: path, kind: "a FIFO")) {
            try await file.save([MarketCode(code: "KRW-BTC")!], base: [])
        }
        #expect(PersistenceError.notARegularFile(path: path, kind: "a FIFO").description == "\(path) is a FIFO, not a regular file")
    }

    /// A watchlist that is a symbolic link stays one: saves replace the file it leads to, and
    /// a corrupt target is set aside beside the target.
    @Test func aSymlinkedWatchlistIsWrittenThrough() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
        let target = folder + "/dotfiles/watchlist.json"
        let path = folder + "/watchlist.json"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "dotfiles/watchlist.json")
        let file = WatchlistFile(path: path)
        let favorites = ["KRW-ETH", "KRW-BTC"].compactMap { MarketCode(code: $0) }
        _ = try await file.save(favorites, base: [])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "dotfiles/watchlist.json")
        #expect(try await WatchlistFile(path: target).load().favorites == favorites)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: target))
        let loaded = try await file.load()
        #expect(loaded.notice?.contains("dotfiles/watchlist.json.corrupt-") == true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "dotfiles/watchlist.json")
        _ = try await file.save(favorites, base: [])
        #expect(try await WatchlistFile(path: target).load().favorites == favorites)
    }

    /// The periodic re-read takes the folder's lock like a save: while another instance holds
    /// it, the read waits and then says so rather than read a file half-way through a merge.
    @Test func aReadWaitsForTheFolderLock() async throws {
        let folder = try temporaryFolder("watchlist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/watchlist.json"
        _ = try await WatchlistFile(path: path).save([MarketCode(code: "KRW-BTC")!], base: [])
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        await #expect(throws: PersistenceError.unwritable(path: path, reason: "another coinboard kept its folder locked")) {
            try await WatchlistFile(path: path).load()
        }
        flock(descriptor, LOCK_UN)
        #expect(try await WatchlistFile(path: path).load().favorites == [MarketCode(code: "KRW-BTC")!])
    }
}
