import AccountAuth
import Foundation
import MarketWire
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
        #expect(try await server.terminate() == 0)
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

    /// The account endpoint takes the key pair from COINBOARD_DEMO_ACCESS_KEY and
    /// COINBOARD_DEMO_SECRET_KEY, and then refuses the documented demo pair.
    @Test func theAccountKeysComeFromTheEnvironment() async throws {
        let server = try ServerProcess(
            ["serve-demo", "--port", "0", "--markets", "5", "--rate", "50", "--new-listing-after", "-1"],
            environment: ["COINBOARD_DEMO_ACCESS_KEY": "env-access", "COINBOARD_DEMO_SECRET_KEY": "env-secret"])
        let line = try #require(try await server.firstLine())
        let base = try #require(line.wholeMatch(of: /listening on (http:\/\/127\.0\.0\.1:\d+)/)).1
        func read(_ access: String, _ secret: String, nonce: String) async throws -> (Int, String) {
            var request = URLRequest(url: try #require(URL(string: base + "/upbit/v1/accounts")))
            let token = AccountToken.sign(AccountTokenClaims(accessKey: access, nonce: nonce), secret: secret)
            request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
            let (body, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: body, as: UTF8.self))
        }
        let (status, body) = try await read("env-access", "env-secret", nonce: "1")
        #expect(status == 200)
        #expect(body.contains(#""currency":"BTC""#))
        let (refused, reason) = try await read("coinboard-demo-access", "coinboard-demo-secret", nonce: "2")
        #expect(refused == 401)
        #expect(reason.contains("invalid_access_key"))
        #expect(try await server.terminate() == 0)
    }
}
