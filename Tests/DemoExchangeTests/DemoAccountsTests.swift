import AccountAuth
import MarketCore
import MarketWire
import RuntimeTestSupport
import Testing

@testable import DemoExchange

/// `/v1/accounts` checks each token as the exchanges do (`exchange-accounts.md` §4) and answers
/// with their error names; ccxt's signed `fetch_balance` against the demo is the third-party
/// check (scripts/ccxt_check.py).
@Suite struct DemoAccountsTests {
    let keys = DemoExchangeConfiguration.demoAccountKeys
    let now: Int64 = 1_790_000_000_000

    func accounts() -> DemoAccounts {
        DemoAccounts(keys: keys, clock: ManualClock())
    }

    func bearer(
        nonce: String, timestamp: Int64? = nil, secret: String? = nil, access: String? = nil, query: String? = nil,
        algorithm: AccountTokenAlgorithm = .hs256
    ) -> String {
        let claims = AccountTokenClaims(
            accessKey: access ?? keys.accessKey, nonce: nonce, timestamp: timestamp, queryHash: query.map(AccountToken.queryHash))
        return "Bearer " + AccountToken.sign(claims, secret: secret ?? keys.secretKey, algorithm: algorithm)
    }

    func refusal(_ result: Result<[AccountsCodec.Row], DemoAccounts.Refusal>) -> String? {
        if case .failure(let refusal) = result { refusal.name } else { nil }
    }

    @Test func aWellSignedTokenReadsTheSeededAccountOnce() throws {
        let accounts = accounts()
        let upbit = accounts.read(authorization: bearer(nonce: "u-1"), query: "", on: .upbit, now: now)
        #expect(try upbit.get() == DemoAccounts.rows)
        #expect(refusal(accounts.read(authorization: bearer(nonce: "u-1"), query: "", on: .upbit, now: now)) == "nonce_used")
        let bithumb = accounts.read(authorization: bearer(nonce: "b-1", timestamp: now), query: "", on: .bithumb, now: now)
        #expect(try bithumb.get() == DemoAccounts.rows)
        #expect(
            refusal(accounts.read(authorization: bearer(nonce: "b-1", timestamp: now), query: "", on: .bithumb, now: now))
                == "jwt_verification")
        #expect(
            try accounts.read(authorization: bearer(nonce: "u-2", algorithm: .hs512), query: "", on: .upbit, now: now).get()
                == DemoAccounts.rows, "Upbit takes HS512 too")
    }

    @Test func whatTheExchangesRefuseIsRefusedWithTheirNames() throws {
        let accounts = accounts()
        let cases: [(String?, Exchange, String)] = [
            (nil, .upbit, "jwt_verification"),
            ("Basic abc", .upbit, "jwt_verification"),
            ("Bearer not.a.token", .bithumb, "jwt_verification"),
            (bearer(nonce: "1", secret: "wrong"), .upbit, "jwt_verification"),
            (bearer(nonce: "2", access: "someone"), .upbit, "invalid_access_key"),
            (bearer(nonce: "3", timestamp: now, access: "someone"), .bithumb, "jwt_verification"),
            (bearer(nonce: "4"), .bithumb, "expired_jwt"),
            (bearer(nonce: "5", timestamp: now - 31_000), .bithumb, "expired_jwt"),
            (bearer(nonce: "6", timestamp: now, algorithm: .hs512), .bithumb, "jwt_verification"),
        ]
        for (authorization, exchange, name) in cases {
            #expect(
                refusal(accounts.read(authorization: authorization, query: "", on: exchange, now: now)) == name,
                "\(String(describing: authorization))")
        }
        #expect(
            refusal(accounts.read(authorization: bearer(nonce: "7"), query: "currency=BTC", on: .upbit, now: now))
                == "invalid_query_payload", "a query with no hash")
        #expect(
            try accounts.read(authorization: bearer(nonce: "8", query: "currency=BTC"), query: "currency=BTC", on: .upbit, now: now)
                .get() == DemoAccounts.rows)
        #expect(
            try accounts.read(authorization: bearer(nonce: "9", timestamp: now + 29_000), query: "", on: .bithumb, now: now).get()
                == DemoAccounts.rows, "within the tolerance")
    }

    @Test func theNoncesRememberedAreBounded() {
        let limit = 40
        let accounts = DemoAccounts(keys: keys, clock: ManualClock(), rememberedNonces: limit)
        for index in 0..<(3 * limit + 7) {
            _ = accounts.read(authorization: bearer(nonce: "n-\(index)"), query: "", on: .upbit, now: now)
        }
        #expect(
            refusal(accounts.read(authorization: bearer(nonce: "n-\(3 * limit + 6)"), query: "", on: .upbit, now: now))
                == "nonce_used")
        #expect(
            refusal(accounts.read(authorization: bearer(nonce: "n-\(2 * limit + 7)"), query: "", on: .upbit, now: now))
                == "nonce_used", "the last \(limit) are remembered")
        #expect(
            (try? accounts.read(authorization: bearer(nonce: "n-0"), query: "", on: .upbit, now: now).get()) != nil,
            "the oldest is forgotten")
    }
}
