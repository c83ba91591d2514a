public import AccountAuth
import AsyncHTTPClient
public import MarketCore
import MarketWire
import NIOCore
import NIOHTTP1
import SafeText

/// Reads an exchange account, read-only: `GET /v1/accounts` on Bithumb 2.0 or Upbit, signed with
/// the user's API keys (a fresh nonce each time; Bithumb's `timestamp` too).
///
/// The keys travel only in the `Authorization` header, only to the REST host given, and never
/// over plaintext HTTP to another machine; no error, log line or recording carries them.
public struct AccountsReader: AccountReading {
    private let endpoints: ExchangeEndpoints
    private let keys: APIKeyPair
    private let timeout: Duration

    /// A reader for `endpoints`' REST host; throws for the legacy dialect (it has no such
    /// endpoint) and for an `http://` host that is not this machine.
    public init(
        endpoints: ExchangeEndpoints, keys: APIKeyPair, timeout: Duration = RESTSnapshotFetcher.defaultTimeout
    ) throws(ExchangeClientError) {
        guard endpoints.dialect != .bithumbLegacy else {
            throw .invalidURL(endpoints.restBaseURL, expected: "Bithumb API 2.0 or Upbit (the legacy API has no account read)")
        }
        guard !endpoints.restBaseURL.lowercased().hasPrefix("http://") || endpoints.isLoopback(endpoints.restBaseURL) else {
            throw .keysOverPlaintext(endpoints.restBaseURL)
        }
        self.endpoints = endpoints
        self.keys = keys
        self.timeout = timeout
    }

    /// The exchange whose account it reads.
    public var exchange: Exchange { endpoints.dialect.exchange }

    /// The account as it is now, read at `clock`'s time.
    public func read(clock: any RuntimeClock) async throws -> AccountRead {
        let now = clock.wallNow()
        let claims = AccountTokenClaims(
            accessKey: keys.accessKey, nonce: Self.nonce(),
            timestamp: exchange == .bithumb ? now.microseconds / 1000 : nil)
        var request = HTTPClientRequest(url: endpoints.restBaseURL + "/v1/accounts")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer " + AccountToken.sign(claims, secret: keys.secretKey))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        let prepared = request
        let answer: Result<(Int, ByteBuffer), any Error>
        do {
            answer = .success(
                try await withDeadline(timeout, "GET /v1/accounts") {
                    let response = try await client.execute(prepared, timeout: .hours(1))
                    return (Int(response.status.code), try await response.body.collect(upTo: WireLimits.responseBytes))
                })
        } catch {
            answer = .failure(error)
        }
        try? await client.shutdown()
        let (status, body) = try answer.get()
        do throws(WireError) {
            return try AccountsCodec.decode(Array(buffer: body), exchange: exchange, readAt: now)
        } catch .exchange(let name, let message) {
            throw ExchangeClientError.accountRefused(
                status: status, name: name.strippingUnsafeCharacters, message: message.strippingUnsafeCharacters)
        } catch {
            throw ExchangeClientError.httpStatus(status, path: "/v1/accounts", detail: "\(error)".strippingUnsafeCharacters)
        }
    }

    /// A random UUID (version 4) as text: a request's nonce.
    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        let cuts = [8, 12, 16, 20]
        var text = ""
        for (index, character) in hex.enumerated() {
            if cuts.contains(index) { text.append("-") }
            text.append(character)
        }
        return text
    }
}
