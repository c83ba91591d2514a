import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `coinboard serve-demo` as a user runs it.
@Suite("coinboard serve-demo")
struct ServeDemoTests {
    @Test("prints `listening on http://HOST:PORT` first, serves both dialects there, and stops cleanly on SIGTERM")
    func serves() async throws {
        // No market listed later: however long a loaded machine takes to ask, 30 are listed.
        let server = try ServerProcess([
            "serve-demo", "--port", "0", "--seed", "3", "--markets", "30", "--rate", "200", "--new-listing-after", "-1",
        ])
        let line = try #require(try await server.firstLine())
        let match = try #require(line.wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/))
        let base = String(match.1)
        let (markets, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "/v1/market/all")))
        let rows = try #require(try JSONSerialization.jsonObject(with: markets) as? [[String: Any]])
        #expect(rows.count == 30)
        #expect(rows.first?["korean_name"] as? String == "비트코인")
        let (legacy, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "/public/ticker/BTC_KRW")))
        #expect(String(decoding: legacy, as: UTF8.self).hasPrefix(#"{"status":"0000","data":{"#))
        #expect(server.stop() == 0)
    }

    @Test(
        "a bad option is one line on stderr and a non-zero exit",
        arguments: [
            ["serve-demo", "--markets", "0"], ["serve-demo", "--rate", "-5"], ["serve-demo", "--port", "70000"],
        ])
    func badOptions(arguments: [String]) async throws {
        let outcome = try await CoinboardProcess.run(arguments)
        #expect(outcome.status != 0)
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        #expect(outcome.standardOutput.isEmpty)
    }
}
