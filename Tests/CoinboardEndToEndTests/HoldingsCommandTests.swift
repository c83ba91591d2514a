import ExchangeTestSupport
import Foundation
import MarketCore
import Testing

/// What `coinboard holdings list --format json` and `coinboard holdings --format json` print.
struct HoldingsOutput: Decodable {
    struct Position: Decodable {
        var market: String
        var exchange: String
        var source: String
        var quantity: String
        var averagePrice: String
        var cost: String
        var realizedProfit: String
        var pricing: String?
        var price: String?
        var value: String?
        var profit: String?
        var profitPercent: String?
        var weightPercent: String?
        var change24h: String?
    }

    struct Total: Decodable {
        var cost: String
        var value: String?
        var profit: String?
        var realizedProfit: String
        var cash: String
        var assets: String?
        var unpriced: Int?
    }

    struct Entry: Decodable {
        var id: String
        var market: String
        var side: String
        var price: String?
    }

    var positions: [Position]
    var total: Total
    var entries: [Entry]?
}

/// The holdings commands through the real binary: entering trades, the refusals (exit 64, the
/// file untouched), the file alone, and valuing against a demo exchange on loopback.
@Suite struct HoldingsCommandTests {
    /// A folder for the run's configuration (so its holdings file), removed afterwards.
    final class Folder {
        let path = NSTemporaryDirectory() + "coinboard-holdings-\(UUID().uuidString)"
        var file: String { path + "/coinboard/holdings.json" }
        var environment: [String: String] { ["XDG_CONFIG_HOME": path] }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func run(_ arguments: String...) async throws -> CoinboardProcess.Outcome {
            try await CoinboardProcess.run(["holdings"] + arguments, environment: environment)
        }

        func list() async throws -> HoldingsOutput {
            let outcome = try await run("list", "--format", "json")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            return try JSONDecoder().decode(HoldingsOutput.self, from: Data(outcome.standardOutput.utf8))
        }
    }

    @Test func buysAndSellsMakeAPositionWithItsCostAndProfit() async throws {
        let folder = Folder()
        let first = try await folder.run("add", "BTC", "0.5", "95000000")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "bought 0.5 KRW-BTC at 95000000 on bithumb; 0.5 held, average 95000000\n")
        #expect(try await folder.run("add", "KRW-BTC", "0.25", "120000000").status == 0)
        #expect(try await folder.run("add", "KRW", "1000000").standardOutput == "put in 1000000 KRW on bithumb; cash 1000000\n")
        #expect(try await folder.run("add", "eth", "10", "4000000", "--exchange", "upbit").status == 0)
        let sold = try await folder.run("sell", "BTC", "0.25", "130000000")
        #expect(sold.standardOutput == "sold 0.25 KRW-BTC at 130000000 on bithumb; 0.5 held, average 103333333.33333333\n")
        let listed = try await folder.list()
        #expect(listed.positions.map { "\($0.exchange) \($0.market) \($0.quantity)" } == ["bithumb KRW-BTC 0.5", "upbit KRW-ETH 10"])
        let bitcoin = try #require(listed.positions.first)
        #expect(bitcoin.cost == "51666666.666666666666666667", "two thirds of 77,500,000 stay")
        #expect(bitcoin.realizedProfit == "6666666.666666666666666667", "(130,000,000 − 103,333,333.33…) × 0.25")
        #expect(listed.total.cash == "1000000")
        #expect(listed.entries?.count == 5)
        let removed = try await folder.run("remove", "ETH", "--exchange", "upbit")
        #expect(removed.standardOutput == "removed 1 entry of KRW-ETH on upbit\n")
        #expect(try await folder.list().positions.map(\.market) == ["KRW-BTC"])
        let table = try await folder.run("list")
        #expect(table.standardOutput.contains("KRW-BTC  bithumb   manual  0.5       103333333.33  51666666.67  6666666.67"))
    }

    @Test func badInputIsOneLineAndExit64WithTheFileUntouched() async throws {
        let folder = Folder()
        #expect(try await folder.run("add", "BTC", "1", "100").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file))
        let refusals: [([String], String)] = [
            (["sell", "BTC", "2", "100"], "coinboard: cannot sell 2: 1 is held\n"),
            (["sell", "BTC", "99"], "coinboard: cannot sell 99: 1 is held\n"),
            (["add", "BTC", "0", "100"], "coinboard: the quantity must be a number above zero, not 0\n"),
            (["add", "BTC", "1", "abc"], "coinboard: the price must be a number above zero, not abc\n"),
            (["add", "BTC", "1"], "coinboard: give the price paid per coin, in won\n"),
            (["add", "USDT-BTC", "1", "1"], "coinboard: USDT-BTC is not a KRW market such as BTC or KRW-BTC (or KRW for won)\n"),
            (["add", "KRW", "5", "1"], "coinboard: KRW takes no price: give only the amount of won\n"),
            (["sell", "KRW", "5"], "coinboard: cannot sell 5: 0 is held\n"),
            (["remove", "ETH"], "coinboard: nothing is entered for KRW-ETH on bithumb\n"),
            (
                ["add", "BTC", "1", "1", "--exchange", "bithumb,upbit"],
                "coinboard: name the one exchange the entry is on: --exchange bithumb or --exchange upbit\n"
            ),
        ]
        for (arguments, message) in refusals {
            let outcome = try await CoinboardProcess.run(["holdings"] + arguments, environment: folder.environment)
            #expect(outcome.status == 64, "\(arguments)")
            #expect(outcome.standardError == message, "\(arguments)")
            #expect(outcome.standardOutput.isEmpty, "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file)) == before)
    }

    @Test func theFileComesFromTheFlagOrTheConfiguration() async throws {
        let folder = Folder()
        let elsewhere = folder.path + "/elsewhere/mine.json"
        #expect(try await folder.run("add", "BTC", "1", "100", "--holdings", elsewhere).status == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: folder.file))
        try FileManager.default.createDirectory(atPath: folder.path + "/coinboard", withIntermediateDirectories: true)
        try Data(#"holdings = "../elsewhere/mine.json""#.utf8).write(to: URL(fileURLWithPath: folder.path + "/coinboard/config.toml"))
        #expect(try await folder.list().positions.map(\.market) == ["KRW-BTC"])
    }

    @Test func aCorruptFileIsSetAsideAndSaid() async throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/coinboard", withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"entries\": [".utf8).write(to: URL(fileURLWithPath: folder.file))
        let outcome = try await folder.run("add", "BTC", "1", "100")
        #expect(outcome.status == 0)
        #expect(outcome.standardError.hasPrefix("coinboard: holdings file was not valid; kept as \(folder.file).corrupt-"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/coinboard")
        #expect(names.filter { $0.hasPrefix("holdings.json.corrupt-") }.count == 1)
        #expect(try await folder.list().positions.count == 1)
    }

    /// Valued against a demo exchange serving both dialects: every figure follows from the
    /// prices printed, exactly; a market the exchange does not list is there with no price.
    @Test func eachPositionIsValuedAtItsExchangesLastPrice() async throws {
        let folder = Folder()
        for arguments in [
            ["add", "BTC", "0.5", "100000000"], ["add", "ETH", "3", "4000000", "--exchange", "upbit"],
            ["add", "NOSUCHCOIN", "7", "10"], ["add", "KRW", "250000"],
        ] {
            let outcome = try await CoinboardProcess.run(["holdings"] + arguments, environment: folder.environment)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        try await withDemoExchange(markets: 40, rate: 50, exchanges: [.bithumb, .upbit]) { _, port in
            let outcome = try await folder.run(
                "--exchange", "bithumb,upbit", "--format", "json",
                "--ws-url", "bithumb=ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "bithumb=http://127.0.0.1:\(port)",
                "--ws-url", "upbit=ws://127.0.0.1:\(port)/upbit/websocket/v1", "--rest-url", "upbit=http://127.0.0.1:\(port)/upbit",
                "--wait", "120")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let output = try JSONDecoder().decode(HoldingsOutput.self, from: Data(outcome.standardOutput.utf8))
            #expect(output.positions.map(\.market).last == "KRW-NOSUCHCOIN")
            let unlisted = try #require(output.positions.last)
            #expect(unlisted.pricing == "unlisted")
            #expect(unlisted.price == nil)
            #expect(unlisted.quantity == "7", "never dropped")
            var value = ExactDecimal.zero
            for position in output.positions.dropLast() {
                #expect(position.pricing == "priced", "\(position.market)")
                let quantity = try #require(ExactDecimal(position.quantity))
                let price = try #require(position.price.flatMap(ExactDecimal.init))
                let cost = try #require(ExactDecimal(position.cost))
                let worth = quantity * price
                #expect(position.value == worth.description)
                #expect(position.profit == (worth - cost).description)
                #expect(position.profitPercent == (worth - cost).multiplied(by: 100, dividedBy: cost)?.description)
                value += worth
            }
            #expect(Set(output.positions.dropLast().map(\.exchange)) == ["bithumb", "upbit"])
            #expect(output.total.value == value.description)
            #expect(output.total.cash == "250000")
            #expect(output.total.assets == (value + 250_000).description)
            #expect(output.total.unpriced == 1)
            let weights = output.positions.compactMap { $0.weightPercent.flatMap(ExactDecimal.init) }
            #expect(weights.reduce(.zero, +).rounded(toFractionDigits: 10) == 100)
            let sold = try await folder.run(
                "sell", "BTC", "0.1", "--exchange", "bithumb", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1", "--rest-url",
                "http://127.0.0.1:\(port)", "--wait", "120")
            #expect(sold.status == 0, "\(sold.standardError)")
            let price = try #require(
                sold.standardOutput.split(separator: " ").dropFirst(4).first.flatMap { ExactDecimal(String($0)) },
                "sold at the last price: \(sold.standardOutput)")
            #expect(sold.standardOutput.hasPrefix("sold 0.1 KRW-BTC at \(price) on bithumb; 0.4 held"))
            let noPrice = try await folder.run(
                "sell", "NOSUCHCOIN", "1", "--exchange", "bithumb", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1",
                "--rest-url", "http://127.0.0.1:\(port)", "--wait", "120")
            #expect(noPrice.status == 64)
            #expect(noPrice.standardError == "coinboard: bithumb has no price for KRW-NOSUCHCOIN; give the PRICE sold at\n")
        }
    }
}
