import Foundation
import MarketCore
import Persistence
import Testing

/// Alerts in the watchlist file: versions 1 and 2 read and upgraded, alerts merged across
/// instances, a file with a broken alert set aside.
@Suite struct WatchlistAlertTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!

    @Test func aVersion1FileIsReadAndUpgradedWithoutLoss() async throws {
        let folder = try temporaryFolder("alerts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/watchlist.json")
        try Data(#"{"version": 1, "favorites": ["KRW-ETH", "KRW-BTC"]}"#.utf8).write(to: URL(fileURLWithPath: file.path))
        let loaded = try await file.load()
        #expect(loaded == WatchlistLoad(watchlist: Watchlist(favorites: [eth, btc])))
        let alert = PriceAlert(id: "1-KRW-BTC", market: btc, condition: .above(150_000_000))
        let saved = try await file.save(Watchlist(favorites: [eth, btc], alerts: [alert]), base: loaded.watchlist)
        #expect(saved.watchlist == Watchlist(favorites: [eth, btc], alerts: [alert]))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains("\"version\" : 3"))
        #expect(try await file.load().watchlist == saved.watchlist)
    }

    @Test func aVersion1FileIsWrittenAsVersion3AtTheNextSaveEvenUnchanged() async throws {
        let folder = try temporaryFolder("alerts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/watchlist.json")
        try Data(#"{"version": 1, "favorites": ["KRW-ETH"]}"#.utf8).write(to: URL(fileURLWithPath: file.path))
        let loaded = try await file.load()
        _ = try await file.save(loaded.watchlist, base: loaded.watchlist)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains("\"version\" : 3"))
    }

    @Test("a version 2 file's alerts are read as watching the first exchange, and written back as version 3 unchanged")
    func aVersion2FileIsReadWithoutLoss() async throws {
        let folder = try temporaryFolder("alerts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/watchlist.json")
        let text =
            #"{"version": 2, "favorites": ["KRW-BTC"], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "above", "price": "150000000", "firedAt": null}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        let loaded = try await file.load()
        let alert = PriceAlert(id: "a", market: btc, condition: .above(150_000_000))
        #expect(loaded == WatchlistLoad(watchlist: Watchlist(favorites: [btc], alerts: [alert])))
        #expect(alert.exchange == nil)
        _ = try await file.save(loaded.watchlist, base: loaded.watchlist)
        #expect(try await file.load().watchlist == loaded.watchlist)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains("\"version\" : 3"))
    }

    @Test func everyKindOfAlertRoundTrips() async throws {
        let folder = try temporaryFolder("alerts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/watchlist.json")
        let fired = Timestamp(microseconds: 1_790_000_000_123_000)
        let alerts = [
            PriceAlert(id: "a", market: btc, condition: .above(ExactDecimal("150000000.5")!)),
            PriceAlert(id: "b", market: eth, condition: .below(ExactDecimal("0.00012")!), firedAt: fired),
            PriceAlert(id: "c", market: btc, condition: .move(percent: ExactDecimal("2.5")!, minutes: 15)),
            PriceAlert(id: "d", market: btc, exchange: .upbit, condition: .premiumAbove(ExactDecimal("3.5")!)),
            PriceAlert(id: "e", market: eth, exchange: .bithumb, condition: .premiumBelow(ExactDecimal("-1.25")!), firedAt: fired),
        ]
        _ = try await file.save(Watchlist(favorites: [btc], alerts: alerts), base: .empty)
        #expect(try await file.load().watchlist == Watchlist(favorites: [btc], alerts: alerts))
    }

    @Test func twoInstancesMergeTheirAlerts() async throws {
        let folder = try temporaryFolder("alerts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = WatchlistFile(path: folder + "/watchlist.json")
        let second = WatchlistFile(path: folder + "/watchlist.json")
        let shared = PriceAlert(id: "s", market: btc, condition: .above(100))
        let base = try await first.save(Watchlist(alerts: [shared]), base: .empty).watchlist

        let ours = PriceAlert(id: "o", market: eth, condition: .below(5))
        _ = try await first.save(Watchlist(alerts: [shared, ours]), base: base)
        var firedShared = shared
        firedShared.firedAt = Timestamp(microseconds: 1_790_000_000_000_000)
        let theirs = PriceAlert(id: "t", market: btc, condition: .move(percent: 3, minutes: 5))
        let merged = try await second.save(Watchlist(alerts: [firedShared, theirs]), base: base).watchlist
        #expect(merged.alerts == [firedShared, ours, theirs], "both additions kept, the other's change to the shared alert kept")

        let deleted = try await first.save(Watchlist(alerts: [firedShared, theirs]), base: merged).watchlist
        #expect(deleted.alerts == [firedShared, theirs], "a deletion is honoured")
    }

    @Test(arguments: [
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "sideways", "firedAt": null}]}"#,
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "above", "price": "-1", "firedAt": null}]}"#,
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "move", "percent": "5", "minutes": 900, "firedAt": null}]}"#,
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "above", "price": "1", "firedAt": "yesterday"}]}"#,
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "above", "price": "1", "firedAt": null}, {"id": "a", "market": "KRW-ETH", "kind": "below", "price": "1", "firedAt": null}]}"#,
        #"{"version": 1, "favorites": [], "alerts": []}"#,
        #"{"version": 4, "favorites": [], "alerts": []}"#,
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "premiumAbove", "percent": "3", "firedAt": null}]}"#,
        #"{"version": 2, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "exchange": "upbit", "kind": "above", "price": "1", "firedAt": null}]}"#,
        #"{"version": 3, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "exchange": "binance", "kind": "above", "price": "1", "firedAt": null}]}"#,
        #"{"version": 3, "favorites": [], "alerts": [{"id": "a", "market": "KRW-BTC", "kind": "premiumBelow", "firedAt": null}]}"#,
    ])
    func aFileWithABrokenAlertIsKeptAside(text: String) async throws {
        let folder = try temporaryFolder("alerts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = WatchlistFile(path: folder + "/watchlist.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        let loaded = try await file.load()
        #expect(loaded.watchlist == .empty && !loaded.isSaved)
        #expect(loaded.notice?.contains("kept as") == true)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("watchlist.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(try String(contentsOfFile: folder + "/" + aside[0], encoding: .utf8) == text, "kept byte for byte")
    }
}
