public import AsyncHTTPClient
public import MarketCore
public import MarketRuntime
import MarketWire
import NIOCore
import NIOHTTP1
import SafeText

/// The REST adapter: fetches resources over HTTP(S) with async-http-client, paced within the
/// exchange's limit, and decodes them with the dialect's codec. Sends no `Origin` header
/// (Upbit throttles requests that carry one); certificates are verified.
public struct RESTSnapshotFetcher: SnapshotFetcher {
    private let endpoints: ExchangeEndpoints
    private let client: HTTPClient
    private let pacer: RequestPacer
    private let timeout: Duration
    private let recorder: (any WireRecorder)?

    /// The default deadline of a whole response, body included.
    public static let defaultTimeout = Duration.seconds(15)

    /// Runs `body` with a fetcher for `endpoints` (see ``init(endpoints:limit:client:timeout:recorder:)``)
    /// on a client of its own, shut down when `body` ends (``withHTTPClient(_:)``: no redirect
    /// followed).
    public static func withFetcher<Result: Sendable>(
        endpoints: ExchangeEndpoints, limit: RequestLimit, timeout: Duration = RESTSnapshotFetcher.defaultTimeout,
        recorder: (any WireRecorder)? = nil, _ body: (RESTSnapshotFetcher) async throws -> Result
    ) async throws -> Result {
        try await withHTTPClient { client in
            try await body(RESTSnapshotFetcher(endpoints: endpoints, limit: limit, client: client, timeout: timeout, recorder: recorder))
        }
    }

    /// Creates a fetcher for `endpoints`, pacing requests within `limit`; each response, body
    /// included, must arrive within `timeout` (a server trickling its body cannot stall
    /// start-up). `recorder`, if given, sees each successful response.
    public init(
        endpoints: ExchangeEndpoints, limit: RequestLimit, client: HTTPClient,
        timeout: Duration = RESTSnapshotFetcher.defaultTimeout, recorder: (any WireRecorder)? = nil
    ) {
        self.endpoints = endpoints
        self.recorder = recorder
        self.client = client
        pacer = RequestPacer(limit: limit)
        self.timeout = timeout
    }

    public func fetch(_ resource: SnapshotResource) async throws -> FeedMessage {
        var codec = endpoints.dialect.makeCodec()
        var result = FeedMessage(events: [])
        for request in codec.requests(for: resource) {
            try await pacer.waitForTurn(path: request.path)
            var http = HTTPClientRequest(url: endpoints.restBaseURL + request.pathAndQuery)
            http.headers.add(name: "Accept", value: "application/json")
            let (client, prepared) = (client, http)
            let (response, body) = try await withDeadline(timeout, "GET \(request.path)") {
                let response = try await client.execute(prepared, timeout: .hours(1))
                return (response, try await response.body.collect(upTo: WireLimits.responseBytes))
            }
            await pacer.note(
                usedWeight: response.headers.first(name: RequestLimit.usedWeightHeader).flatMap { Int($0) },
                retryAfterSeconds: response.headers.first(name: "Retry-After").flatMap { Int($0) })
            let decoded = body.withUnsafeReadableBytes { codec.decode(response: $0, for: resource) }
            guard response.status == .ok else {
                let detail = decoded.errors.first.map { String(describing: $0) } ?? ""
                throw ExchangeClientError.httpStatus(
                    Int(response.status.code), path: request.path,
                    detail: detail.strippingUnsafeCharacters)
            }
            if let recorder {
                body.withUnsafeReadableBytes { recorder.record(response: $0, request: request.pathAndQuery) }
            }
            result.append(decoded)
        }
        return result
    }
}
