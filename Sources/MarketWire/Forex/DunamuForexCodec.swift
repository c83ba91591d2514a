public import MarketCore

/// Dunamu's forex quote (`/v1/forex/recent?codes=FRX.KRWUSD`, the rate Upbit shows): a JSON
/// array whose first entry's `basePrice` (매매기준율) is won per `currencyUnit` dollars, stamped
/// with its own `timestamp` in milliseconds. Unofficial and undocumented, so read strictly.
public struct DunamuForexCodec: Sendable {
    var tokenizer = JSONTokenizer()

    /// The code of the won–dollar quote.
    public static let code = "FRX.KRWUSD"

    /// Creates a codec.
    public init() {}

    /// The request for the won–dollar quote, under the forex base URL.
    public static var request: RESTRequest {
        RESTRequest(path: "/v1/forex/recent", query: [RESTRequest.QueryItem("codes", code)])
    }

    /// The rate a response body holds.
    public mutating func decode(_ body: [UInt8]) throws(WireError) -> WonDollarRate {
        guard body.count <= WireLimits.responseBytes else { throw .frameTooLarge(bytes: body.count, limit: WireLimits.responseBytes) }
        return try tokenizer.parse(array: body) { (root) throws(WireError) -> WonDollarRate in
            var quotes = root.elements.makeIterator()
            guard root.kind == .array, let quote = quotes.next() else {
                throw .invalidField("body", reason: "expected an array of quotes")
            }
            let code = try quote.string("code")
            guard code == Self.code else { throw .invalidValue("code", value: code) }
            let unit = try quote.optionalDecimal("currencyUnit") ?? 1
            guard unit > .zero, let rate = try quote.price("basePrice").divided(by: unit) else {
                throw .invalidValue("currencyUnit", value: unit.description)
            }
            return WonDollarRate(rate: rate, source: .dunamu, at: try quote.epochTime("timestamp"))
        }
    }
}
