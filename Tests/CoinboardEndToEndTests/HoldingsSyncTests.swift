import ExchangeTestSupport
import Foundation
import Testing

extension HoldingsCommandTests {
    /// `holdings sync` against the demo exchange's seeded account: with the demo (in-process),
    /// with keys from the environment against a demo on loopback, refused with a wrong secret,
    /// without keys, and toward a plaintext host elsewhere — the file untouched by every failure.
    @Test func syncReadsTheAccountAndRefusesWhatItMust() async throws {
        let folder = Folder()
        #expect(try await folder.run("add", "BTC", "1", "100", "--exchange", "upbit").status == 0)
        let synced = try await folder.run("sync", "upbit", "--demo")
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(synced.standardOutput == "read upbit's account: 3 coins BTC 0.12345678, ETH 2, XRP 1500, cash 5000000\n")
        let listed = try await folder.list()
        #expect(listed.positions.filter { $0.source == "account" }.map(\.market) == ["KRW-BTC", "KRW-ETH", "KRW-XRP"])
        #expect(listed.positions.filter { $0.source == "manual" }.map(\.market) == ["KRW-BTC"], "entered trades stay")
        #expect(listed.total.cash == "5000000")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file))

        let none = try await folder.run("sync", "bithumb")
        #expect(none.status == 64)
        #expect(none.standardError.hasPrefix("coinboard: no API keys for bithumb: set COINBOARD_BITHUMB_ACCESS_KEY"))
        let keys = [
            "COINBOARD_BITHUMB_ACCESS_KEY": "coinboard-demo-access", "COINBOARD_BITHUMB_SECRET_KEY": "coinboard-demo-secret-wrong",
        ]
        let plaintext = try await CoinboardProcess.run(
            ["holdings", "sync", "bithumb", "--rest-url", "http://198.51.100.7"], environment: folder.environment.merging(keys) { $1 })
        #expect(plaintext.status == 1)
        #expect(plaintext.standardError.contains("not send API keys to http://198.51.100.7"))
        try await withDemoExchange(markets: 20, rate: 50) { _, port in
            let wrong = try await CoinboardProcess.run(
                ["holdings", "sync", "bithumb", "--rest-url", "http://127.0.0.1:\(port)"],
                environment: folder.environment.merging(keys) { $1 })
            #expect(wrong.status == 1)
            #expect(wrong.standardError.contains("jwt_verification"), "\(wrong.standardError)")
            #expect(!wrong.standardError.contains("coinboard-demo-secret"), "no key in the error")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file)) == before)
            let other = try await CoinboardProcess.run(
                ["holdings", "sync", "bithumb", "--rest-url", "upbit=http://127.0.0.1:\(port)"],
                environment: folder.environment.merging(keys) { $1 })
            #expect(other.status == 64)
            #expect(other.standardError.contains("this reads bithumb's account, not upbit's"), "\(other.standardError)")
            let right = try await CoinboardProcess.run(
                ["holdings", "sync", "bithumb", "--rest-url", "bithumb=http://127.0.0.1:\(port)"],
                environment: folder.environment.merging(["COINBOARD_BITHUMB_SECRET_KEY": "coinboard-demo-secret"]) { $1 }
                    .merging(["COINBOARD_BITHUMB_ACCESS_KEY": "coinboard-demo-access"]) { $1 })
            #expect(right.status == 0, "\(right.standardError)")
        }
        let after = try await folder.list()
        #expect(after.positions.filter { $0.source == "account" }.count == 6, "both exchanges' accounts")
        #expect(after.total.cash == "10000000")
    }
}
