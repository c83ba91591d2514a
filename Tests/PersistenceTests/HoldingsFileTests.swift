import Foundation
import MarketCore
import Persistence
import Testing

/// The holdings file: exact round trips, two instances merging their entries and reads, and the
/// watchlist's guarantees (a corrupt or invalid file set aside, a link kept, a FIFO refused).
@Suite struct HoldingsFileTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let time = Timestamp(microseconds: 1_790_000_000_123_000)

    func buy(_ id: String, _ market: MarketCode, _ quantity: String, at price: String) -> LedgerEntry {
        LedgerEntry(
            id: id, exchange: .bithumb, asset: .coin(market), side: .buy, quantity: ExactDecimal(quantity)!,
            price: ExactDecimal(price)!, time: time)
    }

    @Test func aMissingFileIsNoHoldings() async throws {
        let folder = try temporaryFolder("holdings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try await HoldingsFile(path: folder + "/none/holdings.json").load() == HoldingsLoad(holdings: .empty))
    }

    @Test func everyAmountRoundTripsExactly() async throws {
        let folder = try temporaryFolder("holdings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = HoldingsFile(path: folder + "/holdings.json")
        let holdings = Holdings(
            ledger: [
                buy("a", btc, "0.000000000000000001", at: "99999999999999999999.999999999999999999"),
                LedgerEntry(
                    id: "b", exchange: .upbit, asset: .coin(eth), side: .sell, quantity: ExactDecimal("12345678901234.5678")!,
                    price: ExactDecimal("0.00000001")!, time: time.advanced(byMicroseconds: 1)),
                LedgerEntry(id: "c", exchange: .bithumb, asset: .cash, side: .buy, quantity: 1_000_000, price: nil, time: time),
            ],
            accounts: [
                .upbit: AccountRead(
                    exchange: .upbit, readAt: time, cash: ExactDecimal("250000.5")!,
                    balances: [.init(market: eth, quantity: ExactDecimal("2.5")!, averagePrice: 4_000_000)])
            ])
        #expect(try await file.save(holdings, base: .empty) == HoldingsLoad(holdings: holdings))
        #expect(try await file.load() == HoldingsLoad(holdings: holdings))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.contains(#""price" : "99999999999999999999.999999999999999999""#))
        #expect(text.contains(#""market" : "KRW","#))
        #expect(text.contains(#""version" : 1"#))
    }

    @Test func twoInstancesMergeTheirEntriesAndReads() async throws {
        let folder = try temporaryFolder("holdings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = HoldingsFile(path: folder + "/holdings.json")
        let second = HoldingsFile(path: folder + "/holdings.json")
        let start = Holdings(ledger: [buy("a", btc, "1", at: "100"), buy("b", eth, "1", at: "10")])
        _ = try await first.save(start, base: .empty)
        let seen = try await second.load().holdings
        var ours = start
        ours.ledger.append(buy("c", btc, "2", at: "110"))
        _ = try await first.save(ours, base: start)
        var theirs = seen
        theirs.ledger.removeAll { $0.id == "b" }
        theirs.ledger.append(buy("d", eth, "3", at: "12"))
        let read = AccountRead(exchange: .upbit, readAt: time, cash: 5, balances: [])
        theirs.accounts[.upbit] = read
        let merged = try await second.save(theirs, base: seen).holdings
        #expect(merged.ledger.map(\.id) == ["a", "c", "d"], "the second's removal and both additions")
        #expect(merged.accounts == [.upbit: read])
        #expect(try await first.load().holdings == merged)
    }

    @Test(arguments: [
        #"{"version": 1, "entries": [], "accounts": []"#,
        #"{"version": 2, "entries": [], "accounts": []}"#,
        #"{"version": 1, "entries": [{"id": "a", "exchange": "bithumb", "market": "KRW-BTC", "side": "buy", "quantity": "1", "time": "2026-11-27T09:00:00Z"}], "accounts": []}"#,
        #"{"version": 1, "entries": [{"id": "a", "exchange": "bithumb", "market": "BTC-ETH", "side": "buy", "quantity": "1", "price": "1", "time": "2026-11-27T09:00:00Z"}], "accounts": []}"#,
        #"{"version": 1, "entries": [{"id": "a", "exchange": "bithumb", "market": "KRW-BTC", "side": "buy", "quantity": "-1", "price": "1", "time": "2026-11-27T09:00:00Z"}], "accounts": []}"#,
        #"{"version": 1, "entries": [{"id": "a", "exchange": "bithumb", "market": "KRW-BTC", "side": "buy", "quantity": "1", "price": "1", "time": "2026-11-27T09:00:00Z"}, {"id": "a", "exchange": "bithumb", "market": "KRW-BTC", "side": "buy", "quantity": "1", "price": "1", "time": "2026-11-27T09:00:00Z"}], "accounts": []}"#,
        #"{"version": 1, "entries": [], "accounts": [{"exchange": "upbit", "readAt": "2026-11-27T09:00:00Z", "cash": "1", "balances": []}, {"exchange": "upbit", "readAt": "2026-11-27T09:00:00Z", "cash": "2", "balances": []}]}"#,
        #"{"version": 1, "entries": [], "accounts": [{"exchange": "kraken", "readAt": "2026-11-27T09:00:00Z", "cash": "1", "balances": []}]}"#,
        #"{"version": 1, "entries": [{"id": "a", "exchange": "binance", "market": "KRW-BTC", "side": "buy", "quantity": "1", "price": "1", "time": "2026-11-27T09:00:00Z"}], "accounts": []}"#,
    ])
    func aFileThatIsNotValidHoldingsIsSetAsideNeverOverwritten(_ text: String) async throws {
        let folder = try temporaryFolder("holdings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/holdings.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let file = HoldingsFile(path: path)
        let loaded = try await file.load()
        #expect(loaded.holdings == .empty)
        #expect(loaded.notice?.contains("holdings file was not valid; kept as \(path).corrupt-") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1)
        let aside = try #require(names.first)
        #expect(try String(contentsOfFile: folder + "/" + aside, encoding: .utf8) == text)
        _ = try await file.save(Holdings(ledger: [buy("a", btc, "1", at: "1")]), base: .empty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [aside, "holdings.json"].sorted())
    }

    @Test func aSymlinkStaysAndAFIFOIsRefused() async throws {
        let folder = try temporaryFolder("holdings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
        let path = folder + "/holdings.json"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "dotfiles/holdings.json")
        let holdings = Holdings(ledger: [buy("a", btc, "1", at: "1")])
        _ = try await HoldingsFile(path: path).save(holdings, base: .empty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "dotfiles/holdings.json")
        #expect(try await HoldingsFile(path: folder + "/dotfiles/holdings.json").load().holdings == holdings)
        let fifo = folder + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        await #expect(throws: PersistenceError.notARegularFile(path: fifo, kind: "a FIFO")) {
            try await HoldingsFile(path: fifo).load()
        }
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(HoldingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/coinboard/holdings.json")
        #expect(HoldingsFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/coinboard/holdings.json")
    }
}
