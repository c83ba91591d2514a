import MarketCore

/// What a private request's token claims (`GET /v1/accounts` on Upbit and Bithumb 2.0).
public struct AccountTokenClaims: Sendable, Hashable {
    /// The API key's public half.
    public var accessKey: String
    /// New on every request (a UUID).
    public var nonce: String
    /// Milliseconds since 1970 (Bithumb requires it; Upbit sends none).
    public var timestamp: Int64?
    /// SHA-512 of the query string, hex, when the request has one.
    public var queryHash: String?

    /// Creates claims.
    public init(accessKey: String, nonce: String, timestamp: Int64? = nil, queryHash: String? = nil) {
        self.accessKey = accessKey
        self.nonce = nonce
        self.timestamp = timestamp
        self.queryHash = queryHash
    }
}

/// The HMAC a token is signed with.
public enum AccountTokenAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// HMAC with SHA-256: what Bithumb documents and pyupbit and ccxt sign with.
    case hs256 = "HS256"
    /// HMAC with SHA-512: Upbit's current documentation example.
    case hs512 = "HS512"
}

/// The JSON Web Token around the claims, without the signature's arithmetic (``AccountToken``
/// in `AccountAuth` signs and verifies): `base64url(header).base64url(payload).base64url(mac)`.
public enum AccountTokenFormat {
    /// The part a token's MAC is computed over: the header and the claims, each base64url.
    public static func signingInput(_ claims: AccountTokenClaims, algorithm: AccountTokenAlgorithm) -> String {
        var header = JSONWriter()
        header.object { object in
            object.field("alg", algorithm.rawValue)
            object.field("typ", "JWT")
        }
        var payload = JSONWriter()
        payload.object { object in
            object.field("access_key", claims.accessKey)
            object.field("nonce", claims.nonce)
            if let timestamp = claims.timestamp { object.field("timestamp", timestamp) }
            if let queryHash = claims.queryHash {
                object.field("query_hash", queryHash)
                object.field("query_hash_alg", "SHA512")
            }
        }
        return Base64URL.encode(header.bytes) + "." + Base64URL.encode(payload.bytes)
    }

    /// A token taken apart: its algorithm and claims, the part its MAC covers and the MAC.
    public struct Parts: Sendable, Hashable {
        public var algorithm: AccountTokenAlgorithm
        public var claims: AccountTokenClaims
        public var signingInput: String
        public var signature: [UInt8]
    }

    /// Reads a compact token, or throws what is wrong with it: not three base64url parts, a
    /// header or payload that is not a JSON object, an algorithm other than HS256 or HS512
    /// (`none` included), no `access_key` or `nonce`.
    public static func read(_ token: String) throws(WireError) -> Parts {
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3, let header = Base64URL.decode(pieces[0]), let payload = Base64URL.decode(pieces[1]),
            let signature = Base64URL.decode(pieces[2])
        else { throw .invalidField("token", reason: "not a compact JWS of three base64url parts") }
        var tokenizer = JSONTokenizer()
        let algorithm = try tokenizer.parse(array: header) { (root) throws(WireError) -> AccountTokenAlgorithm in
            guard root.kind == .object else { throw .invalidField("header", reason: "expected an object") }
            let name = try root.string("alg")
            guard let algorithm = AccountTokenAlgorithm(rawValue: name) else { throw .invalidValue("alg", value: name) }
            return algorithm
        }
        let claims = try tokenizer.parse(array: payload) { (root) throws(WireError) -> AccountTokenClaims in
            guard root.kind == .object else { throw .invalidField("payload", reason: "expected an object") }
            return AccountTokenClaims(
                accessKey: try root.string("access_key"), nonce: try root.string("nonce"),
                timestamp: root["timestamp"] == nil ? nil : try root.int64("timestamp"),
                queryHash: root.optionalString("query_hash"))
        }
        return Parts(
            algorithm: algorithm, claims: claims, signingInput: pieces[0] + "." + pieces[1], signature: signature)
    }
}
