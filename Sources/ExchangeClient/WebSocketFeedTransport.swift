public import Logging
import MarketCore
public import MarketRuntime
import MarketWire
import NIOCore
import NIOWebSocket
import WSClient

/// The WebSocket adapter: connects with swift-websocket's `WSClient` (`ws://`, or `wss://` with
/// the system's trust store and full certificate verification), decodes text and binary
/// messages with the dialect's codec, and sends subscriptions and keepalives.
public struct WebSocketFeedTransport: FeedTransport {
    private let endpoints: ExchangeEndpoints
    private let logger: Logger
    private let recorder: (any WireRecorder)?

    /// The largest message accepted; real frames are a few KB.
    private static let maxMessageSize = 1 << 20

    /// Creates a transport for `endpoints`; `recorder`, if given, sees each raw frame.
    public init(endpoints: ExchangeEndpoints, logger: Logger, recorder: (any WireRecorder)? = nil) {
        self.endpoints = endpoints
        self.logger = logger
        self.recorder = recorder
    }

    /// Legacy books arrive as deltas, kept against the REST book's levels.
    public var bookUpdates: BookUpdates {
        endpoints.dialect.bookUpdates
    }

    public var endpointDescription: String { endpoints.webSocketURL }

    public func connect(_ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void) async throws {
        let dialect = endpoints.dialect
        let recorder = recorder
        let configuration = WebSocketClientConfiguration(maxFrameSize: Self.maxMessageSize, closeTimeout: .seconds(1),
                                                         autoPing: .disabled)
        try await WebSocketClient.connect(url: endpoints.webSocketURL, configuration: configuration, logger: logger) {
            inbound, outbound, _ in
            let messages = DecodedFeedMessages(inbound: inbound, dialect: dialect, maxSize: Self.maxMessageSize, recorder: recorder)
            try await session(messages, WebSocketFeedConnection(outbound: outbound, dialect: dialect))
        }
    }
}

/// The sending side of a WebSocket feed.
struct WebSocketFeedConnection: FeedConnection {
    let outbound: WebSocketOutboundWriter
    let dialect: Dialect

    func subscribe(to subscription: FeedSubscription) async throws {
        for frame in dialect.makeCodec().subscribeFrames(for: subscription) {
            try await outbound.write(.text(frame))
        }
    }

    /// The 2.0 dialects answer the text `PING` with `{"status":"UP"}` (and then every 10 s),
    /// which also counts as traffic for their idle timers; the legacy feed gets a protocol ping.
    func sendKeepalive() async throws {
        switch dialect {
        case .bithumb, .upbit:
            try await outbound.write(.text("PING"))
        case .bithumbLegacy:
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())))
        }
    }
}

/// A connection's messages, decoded with the dialect's codec as they arrive.
struct DecodedFeedMessages: AsyncSequence, Sendable {
    typealias Element = FeedMessage
    typealias Failure = any Error

    let inbound: WebSocketInboundStream
    let dialect: Dialect
    let maxSize: Int
    let recorder: (any WireRecorder)?

    struct AsyncIterator: AsyncIteratorProtocol {
        var messages: WebSocketInboundMessageStream.AsyncIterator
        var codec: any MarketCodec
        let recorder: (any WireRecorder)?

        mutating func next() async throws -> FeedMessage? {
            guard let message = try await messages.next() else { return nil }
            let decoded: DecodedMessages
            switch message {
            case .text(let text):
                if let recorder {
                    var text = text
                    text.withUTF8 { recorder.record(frame: UnsafeRawBufferPointer($0)) }
                }
                decoded = codec.decode(frame: text)
            case .binary(let buffer):
                decoded = buffer.withUnsafeReadableBytes { bytes in
                    recorder?.record(frame: bytes)
                    return codec.decode(frame: bytes)
                }
            }
            return FeedMessage(decoded)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(messages: inbound.messages(maxSize: maxSize).makeAsyncIterator(), codec: dialect.makeCodec(),
                      recorder: recorder)
    }
}
