import Crypto
public import MarketWire

/// Signs and checks the tokens of the exchanges' private REST API (`Authorization: Bearer
/// <token>`): a JWT over ``AccountTokenClaims``, its MAC an HMAC keyed with the secret key's
/// bytes (swift-crypto), compared in constant time.
public enum AccountToken {
    /// The token for `claims`, signed with `secret`.
    public static func sign(
        _ claims: AccountTokenClaims, secret: String, algorithm: AccountTokenAlgorithm = .hs256
    ) -> String {
        let input = AccountTokenFormat.signingInput(claims, algorithm: algorithm)
        return input + "." + Base64URL.encode(mac(Array(input.utf8), key: Array(secret.utf8), algorithm: algorithm))
    }

    /// The claims of `token` when it is well formed, its access key is known (`secret` gives
    /// the key's secret) and its MAC is that secret's; throws which of those it is not.
    public static func verify(_ token: String, secret: (String) -> String?) throws(AccountAuthError) -> AccountTokenClaims {
        let parts: AccountTokenFormat.Parts
        do {
            parts = try AccountTokenFormat.read(token)
        } catch {
            throw .malformed("\(error)")
        }
        guard let key = secret(parts.claims.accessKey) else { throw .unknownAccessKey }
        let expected = mac(Array(parts.signingInput.utf8), key: Array(key.utf8), algorithm: parts.algorithm)
        guard constantTimeEqual(expected, parts.signature) else { throw .badSignature }
        return parts.claims
    }

    /// SHA-512 of a request's query string, in lowercase hex: the `query_hash` claim.
    public static func queryHash(_ query: String) -> String {
        SHA512.hash(data: Array(query.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The HMAC of `message` under `key`.
    static func mac(_ message: [UInt8], key: [UInt8], algorithm: AccountTokenAlgorithm) -> [UInt8] {
        let symmetric = SymmetricKey(data: key)
        switch algorithm {
        case .hs256: return Array(HMAC<SHA256>.authenticationCode(for: message, using: symmetric))
        case .hs512: return Array(HMAC<SHA512>.authenticationCode(for: message, using: symmetric))
        }
    }

    /// Whether two MACs are equal, looking at every byte whatever differs first.
    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Why a token was refused.
public enum AccountAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a token of the form the exchanges take (the reason says what is wrong).
    case malformed(String)
    /// No such access key.
    case unknownAccessKey
    /// The MAC is not the secret key's.
    case badSignature

    public var description: String {
        switch self {
        case .malformed(let reason): "the token is malformed: \(reason)"
        case .unknownAccessKey: "unknown access key"
        case .badSignature: "the token's signature does not match"
        }
    }
}
