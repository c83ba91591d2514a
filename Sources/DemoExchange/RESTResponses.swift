import Hummingbird
import NIOCore

extension Response {
    /// A JSON body with the given status (the exchanges send most errors with 200).
    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension Response {
    /// The gateway's answer to a path no route matches.
    static var noRoute: Response {
        .json(Array(#"{"name":"not_found","message":"No Route matched with those values"}"#.utf8), status: .notFound)
    }
}

/// Answers paths no route matches as the exchange's gateway does: HTTP 404 with
/// `{"name":"not_found","message":"No Route matched with those values"}`.
struct NoRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return .noRoute
        }
    }
}

/// Answers a request whose target (path and query) is longer than `limit` bytes with 414, so
/// no route parses a query of unbounded length.
struct RequestSizeMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.description.utf8.count <= limit else { return Response(status: .uriTooLong) }
        return try await next(request, context)
    }
}

/// A request the exchange refuses, with the response it refuses it with.
struct RejectedRequest: Error {
    let response: Response

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> RejectedRequest {
        RejectedRequest(response: .json(bytes, status: status))
    }

    /// A path of an exchange this demo exchange was not started to serve.
    static let notServed = RejectedRequest(response: Response(status: .notFound))
}

/// Reads a `count` query parameter: the default when absent, at most `maximum`, and `nil` when
/// it is not a positive integer.
func countParameter(_ text: String?, default value: Int, maximum: Int) -> Int? {
    guard let text else { return value }
    guard let count = Int(text), count > 0 else { return nil }
    return min(count, maximum)
}

private let remainingRequestsHeader = HTTPFields.Element.Name("Remaining-Req")!

/// Upbit's `Remaining-Req` header on every answer (`group=ticker; min=600; sec=9`), which
/// clients such as pyupbit read and require. The demo limits nothing, so it reports each
/// group's whole allowance: Upbit's 10 requests a second, less the one being answered.
struct RemainingRequestsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[remainingRequestsHeader] = "group=\(Self.group(of: request.uri.path)); min=600; sec=9"
        return response
    }

    /// The rate-limit group Upbit files a path under.
    static func group(of path: String) -> String {
        if path.contains("/accounts") { return "default" }
        if path.contains("/candles/") { return "candles" }
        if path.contains("/orderbook") { return "orderbook" }
        if path.contains("/trades/") { return "trades" }
        if path.contains("/ticker") { return "ticker" }
        return "market"
    }
}
