public import AccountAuth
import Hummingbird
import MarketCore
import MarketWire
import Synchronization

/// `GET /v1/accounts` for one seeded account, on Bithumb 2.0 (root) and Upbit (`/upbit`),
/// checking each token as the exchanges do (`exchange-accounts.md` §4): a `Bearer` JWT signed
/// with the demo key pair's secret (HS256, or HS512 on Upbit), a known access key, a nonce
/// never seen before, Bithumb's `timestamp` within ``timestampTolerance`` of now, the query's
/// hash when the request has a query. Refusals are the exchanges' own error bodies and 401s.
final class DemoAccounts: Sendable {
    /// How far Bithumb's `timestamp` claim may be from the demo's clock.
    static let timestampTolerance: Int64 = 30_000
    /// The most nonces remembered by default; older ones are forgotten first.
    static let rememberedNonces = 100_000

    /// The account every read answers with.
    static let rows = [
        AccountsCodec.Row(currency: "KRW", balance: 4_750_000, locked: 250_000),
        AccountsCodec.Row(
            currency: "BTC", balance: ExactDecimal(count: 12_345_678, fractionDigits: 8), averageBuyPrice: 120_000_000),
        AccountsCodec.Row(
            currency: "ETH", balance: ExactDecimal(count: 15, fractionDigits: 1), locked: ExactDecimal(count: 5, fractionDigits: 1),
            averageBuyPrice: 4_800_000),
        AccountsCodec.Row(currency: "XRP", balance: 1500, averageBuyPrice: 3400),
    ]

    /// A refusal: the HTTP status and the error's name and message.
    struct Refusal: Error, Equatable {
        let status: HTTPResponse.Status
        let name: String
        let message: String
    }

    private let keys: APIKeyPair
    private let clock: any RuntimeClock
    private let nonceLimit: Int
    private let seen = Mutex(NonceLog())

    init(keys: APIKeyPair, clock: any RuntimeClock, rememberedNonces: Int = rememberedNonces) {
        self.keys = keys
        self.clock = clock
        nonceLimit = max(1, rememberedNonces)
    }

    /// The rows for a request with `authorization` and `query` (the text after `?`, empty for
    /// none) on `exchange` at `now` (ms since 1970), or why it is refused.
    func read(authorization: String?, query: String, on exchange: Exchange, now: Int64) -> Result<[AccountsCodec.Row], Refusal> {
        let isUpbit = exchange == .upbit
        let verification = Refusal(
            status: .unauthorized, name: "jwt_verification",
            message: isUpbit ? "JWT 헤더 검증에 실패했습니다." : "Jwt 토큰 검증에 실패했습니다.")
        guard let authorization, authorization.hasPrefix("Bearer ") else { return .failure(verification) }
        let token = String(authorization.dropFirst("Bearer ".count))
        guard let parts = try? AccountTokenFormat.read(token), isUpbit || parts.algorithm == .hs256 else {
            return .failure(verification)
        }
        let claims: AccountTokenClaims
        do {
            claims = try AccountToken.verify(token) { $0 == keys.accessKey ? keys.secretKey : nil }
        } catch .unknownAccessKey where isUpbit {
            return .failure(Refusal(status: .unauthorized, name: "invalid_access_key", message: "잘못된 엑세스 키입니다."))
        } catch {
            return .failure(verification)
        }
        if !isUpbit {
            guard let timestamp = claims.timestamp, abs(timestamp - now) <= Self.timestampTolerance else {
                return .failure(Refusal(status: .unauthorized, name: "expired_jwt", message: "Jwt가 만료되었습니다."))
            }
        }
        if !query.isEmpty, claims.queryHash != AccountToken.queryHash(query) {
            return .failure(
                Refusal(status: .unauthorized, name: "invalid_query_payload", message: "JWT 헤더의 페이로드가 올바르지 않습니다."))
        }
        guard seen.withLock({ $0.insert(claims.nonce, limit: nonceLimit) }) else {
            return .failure(
                Refusal(
                    status: .unauthorized, name: isUpbit ? "nonce_used" : "jwt_verification",
                    message: isUpbit ? "이미 요청한 nonce값이 다시 사용되었습니다." : verification.message))
        }
        return .success(Self.rows)
    }

    /// Serves `/v1/accounts` under `prefix` for `exchange`.
    func register(on router: RouterGroup<some RequestContext>, exchange: Exchange) {
        router.get("/v1/accounts") { request, _ -> Response in
            let now = self.clock.wallNow().microseconds / 1000
            switch self.read(
                authorization: request.headers[.authorization], query: request.uri.query ?? "", on: exchange, now: now)
            {
            case .success(let rows): return .json(AccountsCodec.encode(rows))
            case .failure(let refusal):
                return .json(AccountsCodec.errorBody(name: refusal.name, message: refusal.message), status: refusal.status)
            }
        }
    }

    /// The nonces seen, oldest first, bounded.
    private struct NonceLog {
        var members: Set<String> = []
        var order: [String] = []
        var start = 0

        /// Records `nonce`; `false` when it was seen before.
        mutating func insert(_ nonce: String, limit: Int) -> Bool {
            guard members.insert(nonce).inserted else { return false }
            order.append(nonce)
            if order.count - start > limit {
                members.remove(order[start])
                start += 1
                if start > limit {
                    order.removeFirst(start)
                    start = 0
                }
            }
            return true
        }
    }
}
