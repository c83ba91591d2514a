public import AsyncHTTPClient
public import MarketCore
public import MarketRuntime
import MarketWire
import NIOCore
import NIOHTTP1

/// Reads Dunamu's forex quote (`GET {base}/v1/forex/recent?codes=FRX.KRWUSD`) with
/// `MarketWire`'s codec: the won–dollar rate, stamped with its own time.
public struct ForexRateFetcher: RateFetcher {
    /// The base URL before `/v1/forex/recent`, without a trailing slash.
    public let baseURL: String
    private let client: HTTPClient
    private let timeout: Duration
    private let recorder: (any WireRecorder)?

    /// Dunamu's own base URL.
    public static let official = "https://quotation-api-cdn.dunamu.com"

    /// A fetcher of the quote under `baseURL` (`http://` or `https://`) through `client`, each
    /// whole answer due within `timeout`; `recorder`, if given, sees each answer that reads.
    public init(
        baseURL: String, client: HTTPClient, timeout: Duration = RESTSnapshotFetcher.defaultTimeout, recorder: (any WireRecorder)? = nil
    ) throws(ExchangeClientError) {
        self.baseURL = try Self.checked(baseURL)
        self.client = client
        self.timeout = timeout
        self.recorder = recorder
    }

    /// `baseURL` without a trailing slash, checked to be an `http://` or `https://` URL with a host.
    public static func checked(_ baseURL: String) throws(ExchangeClientError) -> String {
        let lowered = baseURL.lowercased()
        guard (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && EndpointURL(lowered)?.host.isEmpty == false else {
            throw .invalidURL(baseURL, expected: "http:// or https://")
        }
        return baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// Runs `body` with a fetcher of the quote under `baseURL` on a client of its own, shut
    /// down when `body` ends (``withHTTPClient(_:)``: no redirect followed).
    public static func withFetcher<Result: Sendable>(
        baseURL: String, timeout: Duration = RESTSnapshotFetcher.defaultTimeout, recorder: (any WireRecorder)? = nil,
        _ body: (ForexRateFetcher) async throws -> Result
    ) async throws -> Result {
        try await withHTTPClient { client in
            try await body(try ForexRateFetcher(baseURL: baseURL, client: client, timeout: timeout, recorder: recorder))
        }
    }

    public var endpointDescription: String { baseURL }

    public func fetchRate() async throws -> WonDollarRate {
        let request = DunamuForexCodec.request
        var http = HTTPClientRequest(url: baseURL + request.pathAndQuery)
        http.headers.add(name: "Accept", value: "application/json")
        let (client, prepared) = (client, http)
        let (status, body) = try await withDeadline(timeout, "GET \(request.path)") {
            let response = try await client.execute(prepared, timeout: .hours(1))
            return (response.status, try await response.body.collect(upTo: WireLimits.responseBytes))
        }
        guard status == .ok else { throw ExchangeClientError.httpStatus(Int(status.code), path: request.path, detail: "") }
        var codec = DunamuForexCodec()
        let bytes = Array(body.readableBytesView)
        let rate = try codec.decode(bytes)
        recorder.map { recorder in bytes.withUnsafeBytes { recorder.record(response: $0, request: DunamuForexCodec.request.pathAndQuery) } }
        return rate
    }
}
