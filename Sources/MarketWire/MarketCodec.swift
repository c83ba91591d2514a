public import MarketCore

/// The wire dialects coinboard speaks.
public enum Dialect: String, CaseIterable, Sendable, Hashable {
    /// Bithumb API 2.0 (`/v1/...`, `/websocket/v1`), Upbit-compatible.
    case bithumb
    /// Bithumb's legacy API (`/public/...`, `/pub/ws`).
    case bithumbLegacy = "bithumb-legacy"
    /// Upbit (`/v1/...`, `/websocket/v1`).
    case upbit
    /// Binance spot (`/api/v3/...`, the combined stream endpoint), the reference for won prices.
    case binance

    /// The exchange that speaks it (both Bithumb dialects are Bithumb's).
    public var exchange: Exchange {
        switch self {
        case .bithumb, .bithumbLegacy: .bithumb
        case .upbit: .upbit
        case .binance: .binance
        }
    }

    /// How long the exchange keeps a stream connection open before closing it: Binance's 24
    /// hours; none stated by Bithumb or Upbit.
    public var connectionLifetime: Duration? {
        self == .binance ? .seconds(24 * 3600) : nil
    }

    /// A fresh codec for this dialect.
    public func makeCodec() -> any MarketCodec {
        switch self {
        case .bithumb: UpbitFamilyCodec(profile: .bithumb)
        case .upbit: UpbitFamilyCodec(profile: .upbit)
        case .bithumbLegacy: BithumbLegacyCodec()
        case .binance: BinanceCodec()
        }
    }
}

/// What one frame or body decoded to: the events it held and the errors met on the way.
/// Where a message holds a list, a bad entry adds an error and the good entries still decode.
public struct DecodedMessages: Sendable, Hashable {
    /// Decoded events, in wire order.
    public var events: [MarketEvent] = []
    /// Errors, one per rejected message or entry.
    public var errors: [WireError] = []

    /// Creates an empty result.
    public init() {}

    /// Empties the result for the next frame, keeping its storage.
    public mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
    }
}

/// An HTTP GET to make: a path and its query items, for a base URL chosen by the caller.
public struct RESTRequest: Sendable, Hashable {
    /// Path from the server root, e.g. `/v1/ticker`.
    public var path: String
    /// Query items in order.
    public var query: [QueryItem]

    /// A name–value pair of a query string.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a request.
    public init(path: String, query: [QueryItem] = []) {
        self.path = path
        self.query = query
    }

    /// Path and query as one string, e.g. `/v1/ticker?markets=KRW-BTC,KRW-ETH`. Values hold only
    /// characters the exchanges' codes and numbers use, so no escaping is needed.
    public var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}

/// One dialect's client-side codec: frames and REST bodies in, events out; subscriptions and
/// requests out. Codecs keep a reusable parse buffer, so decoding is `mutating`.
public protocol MarketCodec: Sendable {
    /// The dialect spoken.
    var dialect: Dialect { get }

    /// Decodes one WebSocket frame (text or binary: both hold UTF-8 JSON) into `result`,
    /// replacing what it held. Its storage and the codec's are used again, so once the events
    /// of the previous frame are gone a steady stream of tickers, trades and books allocates
    /// nothing.
    mutating func decode(frame: UnsafeRawBufferPointer, into result: inout DecodedMessages)

    /// Decodes a REST response body fetched for `resource`.
    mutating func decode(response: UnsafeRawBufferPointer, for resource: SnapshotResource) -> DecodedMessages

    /// The requests that fetch `resource`, within the exchange's per-request limits.
    func requests(for resource: SnapshotResource) -> [RESTRequest]

    /// The text frames to send so the connection streams `subscription`. For the 2.0 dialects
    /// a new request replaces the previous one, so this is always the whole union.
    func subscribeFrames(for subscription: FeedSubscription) -> [String]
}

extension MarketCodec {
    /// Decodes one WebSocket frame into a new result.
    public mutating func decode(frame: UnsafeRawBufferPointer) -> DecodedMessages {
        var result = DecodedMessages()
        decode(frame: frame, into: &result)
        return result
    }

    /// Decodes a frame held in an array.
    public mutating func decode(frame: [UInt8]) -> DecodedMessages {
        frame.withUnsafeBytes { decode(frame: $0) }
    }

    /// Decodes a frame held in a string.
    public mutating func decode(frame: String) -> DecodedMessages {
        var text = frame
        return text.withUTF8 { decode(frame: UnsafeRawBufferPointer($0)) }
    }

    /// Decodes a REST body held in an array.
    public mutating func decode(response: [UInt8], for resource: SnapshotResource) -> DecodedMessages {
        response.withUnsafeBytes { decode(response: $0, for: resource) }
    }
}
