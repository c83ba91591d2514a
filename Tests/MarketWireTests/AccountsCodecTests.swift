import MarketCore
import MarketWire
import TestFixtures
import Testing

/// `GET /v1/accounts` read from the real samples, its error bodies, what it refuses, and the
/// token format's claims.
@Suite struct AccountsCodecTests {
    let readAt = Timestamp(microseconds: 1_790_000_000_000_000)

    @Test func anUpbitAccountIsReadFromARealResponse() throws {
        let read = try AccountsCodec.decode(
            try Fixture.json("upbit-rest-accounts-legacy-2019-1.json"), exchange: .upbit, readAt: readAt)
        #expect(read.exchange == .upbit)
        #expect(read.readAt == readAt)
        #expect(read.cash == ExactDecimal("0.66063486"))
        #expect(
            read.balances == [
                AccountRead.Balance(
                    market: MarketCode(code: "KRW-EOS")!, quantity: ExactDecimal("11766.46162836"),
                    averagePrice: ExactDecimal("5119.12"))
            ])
    }

    @Test func aBithumbAccountOfWonOnlyIsCash() throws {
        let read = try AccountsCodec.decode(
            try Fixture.json("bithumb-v2-rest-accounts-ccxt.jsonc"), exchange: .bithumb, readAt: readAt)
        #expect(read.cash == 51026)
        #expect(read.balances.isEmpty)
    }

    @Test func theExchangesRefusalsAreTheirNameAndMessage() throws {
        #expect(throws: WireError.exchange(code: "invalid_access_key", message: "잘못된 엑세스 키입니다.")) {
            try AccountsCodec.decode(try Fixture.json("upbit-rest-error-invalid-access-key-1.json"), exchange: .upbit, readAt: self.readAt)
        }
        #expect(throws: WireError.exchange(code: "jwt_verification", message: "Jwt 토큰 검증에 실패했습니다.")) {
            try AccountsCodec.decode(
                try Fixture.json("bithumb-v2-rest-error-jwt-verification-1.json"), exchange: .bithumb, readAt: self.readAt)
        }
    }

    @Test func anAccountInAnotherCurrencyIsRefusedNotGuessed() throws {
        #expect(throws: WireError.invalidValue("unit_currency", value: "SGD")) {
            try AccountsCodec.decode(try Fixture.json("upbit-rest-accounts-docexample-sg.jsonc"), exchange: .upbit, readAt: self.readAt)
        }
        for body in [
            #"[{"currency":"BTC","balance":"-1","locked":"0","avg_buy_price":"1","unit_currency":"KRW"}]"#,
            #"[{"currency":"B-T","balance":"1","locked":"0","avg_buy_price":"1","unit_currency":"KRW"}]"#,
            #"[{"balance":"1","locked":"0","avg_buy_price":"1","unit_currency":"KRW"}]"#,
            #"[1]"#, #"{"#, #""accounts""#,
        ] {
            #expect(throws: WireError.self, "\(body)") {
                try AccountsCodec.decode(Array(body.utf8), exchange: .upbit, readAt: self.readAt)
            }
        }
    }

    @Test func whatTheDemoServesReadsBackExactly() throws {
        let rows = [
            AccountsCodec.Row(currency: "KRW", balance: ExactDecimal("1000000.5"), locked: 250),
            AccountsCodec.Row(
                currency: "BTC", balance: ExactDecimal("0.00000001"), locked: ExactDecimal("0.5"),
                averageBuyPrice: ExactDecimal("99999999999.99999999")),
            AccountsCodec.Row(currency: "ETH", balance: .zero, averageBuyPrice: 1),
        ]
        let read = try AccountsCodec.decode(AccountsCodec.encode(rows), exchange: .bithumb, readAt: readAt)
        #expect(read.cash == ExactDecimal("1000250.5"))
        #expect(
            read.balances == [
                AccountRead.Balance(
                    market: MarketCode(code: "KRW-BTC")!, quantity: ExactDecimal("0.50000001"),
                    averagePrice: ExactDecimal("99999999999.99999999"))
            ], "ETH at zero left out")
        #expect(
            String(decoding: AccountsCodec.errorBody(name: "nonce_used", message: "이미 요청한 nonce값이 다시 사용되었습니다."), as: UTF8.self)
                == #"{"error":{"name":"nonce_used","message":"이미 요청한 nonce값이 다시 사용되었습니다."}}"#)
    }

    @Test func theTokenFormatCarriesEveryClaimAndReadsItBack() throws {
        let claims = AccountTokenClaims(
            accessKey: "L7rVaYfBIc2BDsnlQGfkR93d6DoOAJCw7mJr5Eso", nonce: "6f5570df-d8bc-4daf-85b4-976733feb624",
            timestamp: 1_712_230_310_689, queryHash: "abc")
        let input = AccountTokenFormat.signingInput(claims, algorithm: .hs512)
        let parts = try AccountTokenFormat.read(input + "." + Base64URL.encode([1, 2, 3]))
        #expect(parts.algorithm == .hs512)
        #expect(parts.claims == claims)
        #expect(parts.signingInput == input)
        #expect(parts.signature == [1, 2, 3])
        let payload = try #require(input.split(separator: ".").last.flatMap { Base64URL.decode($0) })
        #expect(
            String(decoding: payload, as: UTF8.self)
                == #"{"access_key":"L7rVaYfBIc2BDsnlQGfkR93d6DoOAJCw7mJr5Eso","nonce":"6f5570df-d8bc-4daf-85b4-976733feb624","timestamp":1712230310689,"query_hash":"abc","query_hash_alg":"SHA512"}"#
        )
    }
}
