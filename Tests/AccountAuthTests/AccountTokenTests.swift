import Foundation
import MarketWire
import TestFixtures
import Testing

@testable import AccountAuth

/// Token signing checked against RFC 7515's HS256 example and against tokens PyJWT signed, and
/// verification refusing what a server must refuse.
@Suite struct AccountTokenTests {
    /// RFC 7515 appendix A.1: the MAC of its signing input under its JWK's key.
    @Test func theMACMatchesRFC7515AppendixA1() throws {
        let input =
            "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
            + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        let key = try #require(
            Base64URL.decode("AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"))
        let mac = AccountToken.mac(Array(input.utf8), key: key, algorithm: .hs256)
        #expect(Base64URL.encode(mac) == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    }

    struct Signed: Decodable {
        struct Claims: Decodable {
            var accessKey: String
            var nonce: String
            var timestamp: Int64?
            var queryHash: String?

            enum CodingKeys: String, CodingKey {
                case accessKey = "access_key"
                case nonce, timestamp
                case queryHash = "query_hash"
            }
        }

        var secret: String
        var algorithm: String
        var query: String?
        var claims: Claims
        var token: String
    }

    /// The same claims and secret give PyJWT's token byte for byte, and each PyJWT token
    /// verifies; the query hash is the same SHA-512.
    @Test func tokensMatchThoseSignedByPyJWT() throws {
        let signed = try JSONDecoder().decode([Signed].self, from: Data(try Fixture.bytes("pyjwt-tokens.json")))
        #expect(signed.count == 3)
        for sample in signed {
            let claims = AccountTokenClaims(
                accessKey: sample.claims.accessKey, nonce: sample.claims.nonce, timestamp: sample.claims.timestamp,
                queryHash: sample.claims.queryHash)
            let algorithm = try #require(AccountTokenAlgorithm(rawValue: sample.algorithm))
            #expect(AccountToken.sign(claims, secret: sample.secret, algorithm: algorithm) == sample.token)
            #expect(try AccountToken.verify(sample.token) { $0 == sample.claims.accessKey ? sample.secret : nil } == claims)
            if let query = sample.query { #expect(AccountToken.queryHash(query) == sample.claims.queryHash) }
        }
    }

    @Test func aTokenIsRefusedForAWrongSecretAnUnknownKeyOrAnyTampering() throws {
        let claims = AccountTokenClaims(accessKey: "access", nonce: "n-1", timestamp: 1_790_000_000_000)
        let token = AccountToken.sign(claims, secret: "secret")
        #expect(throws: AccountAuthError.badSignature) { try AccountToken.verify(token) { _ in "Secret" } }
        #expect(throws: AccountAuthError.unknownAccessKey) { try AccountToken.verify(token) { _ in nil } }
        let pieces = token.split(separator: ".").map(String.init)
        let otherClaims = AccountTokenFormat.signingInput(
            AccountTokenClaims(accessKey: "access", nonce: "n-2", timestamp: 1_790_000_000_000), algorithm: .hs256)
        let swapped = otherClaims + "." + pieces[2]
        #expect(throws: AccountAuthError.badSignature) { try AccountToken.verify(swapped) { _ in "secret" } }
        let none = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + pieces[1] + "."
        #expect(throws: AccountAuthError.self) { try AccountToken.verify(none) { _ in "secret" } }
        for broken in ["", "a.b", pieces[0] + "." + pieces[1], token + ".x", "!!." + pieces[1] + "." + pieces[2]] {
            #expect(throws: AccountAuthError.self, "\(broken)") { try AccountToken.verify(broken) { _ in "secret" } }
        }
        #expect(try AccountToken.verify(token) { $0 == "access" ? "secret" : nil } == claims)
    }

    @Test func base64URLRoundTripsAndRefusesWhatIsNotIt() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == bytes)
        }
        #expect(Base64URL.encode(Array("f".utf8)) == "Zg")
        #expect(Base64URL.encode(Array("foob".utf8)) == "Zm9vYg")
        #expect(Base64URL.decode("Zg==") == nil, "padding")
        #expect(Base64URL.decode("Z") == nil, "a length no encoding has")
        #expect(Base64URL.decode("Zh") == nil, "stray bits")
        #expect(Base64URL.decode("a+b/") == nil, "the standard alphabet")
    }
}
