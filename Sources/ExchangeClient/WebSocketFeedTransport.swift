public import Logging
public import MarketCore
public import MarketRuntime
import MarketWire
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization
import WSClient

/// The WebSocket adapter: connects with swift-websocket's `WSClient` (`ws://`, or `wss://` with
/// the system's trust store and full certificate verification), decodes text and binary
/// messages with the dialect's codec, and sends subscriptions and keepalives.
public struct WebSocketFeedTransport: FeedTransport {
    private let endpoints: ExchangeEndpoints
    private let logger: Logger
    private let recorder: (any WireRecorder)?
    private let handshakeTimeout: Duration

    /// The default deadline of a connection's handshake: connect, TLS and the upgrade.
    public static let defaultHandshakeTimeout = Duration.seconds(10)

    /// The largest message accepted; real frames are a few KB.

    /// Creates a transport for `endpoints`; each connection must be connected, secured and
    /// upgraded within `handshakeTimeout` (a server that accepts and never answers cannot stall
    /// start-up). `recorder`, if given, sees each raw frame.
    public init(
        endpoints: ExchangeEndpoints, logger: Logger, handshakeTimeout: Duration = Self.defaultHandshakeTimeout,
        recorder: (any WireRecorder)? = nil
    ) {
        self.endpoints = endpoints
        self.logger = logger
        self.handshakeTimeout = handshakeTimeout
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
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: WireLimits.frameBytes, closeTimeout: .seconds(1),
            autoPing: .disabled)
        let (url, logger, handshakeTimeout) = (endpoints.webSocketURL, logger, handshakeTimeout)
        let (upgraded, upgrade) = AsyncStream.makeStream(of: Never.self)
        // A connection's own event loop: shutting it down is the one way to abandon a handshake
        // the server never answers (the client library's wait for the upgrade cannot be cancelled).
        let loop = ConnectionLoop()
        let handshake = HandshakeState()
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { upgrade.finish() }
                    try await WebSocketClient.connect(
                        url: url, configuration: configuration, eventLoopGroup: loop.group,
                        logger: logger
                    ) { inbound, outbound, _ in
                        handshake.upgraded()
                        upgrade.finish()
                        let messages = DecodedFeedMessages(
                            inbound: inbound, dialect: dialect, maxSize: WireLimits.frameBytes,
                            recorder: recorder)
                        // Each read is decoded and applied on the thread that read it.
                        try await withTaskExecutorPreference(loop.executor) {
                            try await session(messages, WebSocketFeedConnection(outbound: outbound, dialect: dialect))
                        }
                    }
                }
                group.addTask {
                    // Ends once the connection is upgraded; past the deadline (or when cancelled
                    // before it), closes the connection with its loop and fails.
                    do {
                        try await withDeadline(handshakeTimeout, "the WebSocket handshake with \(url)") {
                            for await _ in upgraded {}
                        }
                        guard handshake.isUpgraded else { throw CancellationError() }
                    } catch {
                        if error is ExchangeClientError { handshake.abandon(because: error) }
                        await loop.shutDown()
                        throw error
                    }
                }
                for try await _ in group {}
            }
        } catch {
            if let failure = handshake.failure { throw failure }
            await loop.shutDown()
            throw error
        }
        await loop.shutDown()
    }
}

/// A connection's event loop, and the executor its session runs on there.
private struct ConnectionLoop: Sendable {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let executor: EventLoopTaskExecutor

    init() {
        executor = EventLoopTaskExecutor(loop: group.next())
    }

    /// Moves the session's remaining jobs off the loop, then shuts the loop down.
    func shutDown() async {
        executor.close()
        try? await group.shutdownGracefully()
    }
}

/// Whether a connection's handshake completed, or why it was given up.
private final class HandshakeState: Sendable {
    private let state = Mutex<(upgraded: Bool, failure: (any Error)?)>((false, nil))

    var isUpgraded: Bool { state.withLock { $0.upgraded } }
    var failure: (any Error)? { state.withLock { $0.failure } }

    func upgraded() {
        state.withLock { $0.upgraded = true }
    }

    /// Records the deadline that ended the handshake (its error is the one to report).
    func abandon(because error: any Error) {
        state.withLock { $0.failure = $0.failure ?? error }
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
        AsyncIterator(
            messages: inbound.messages(maxSize: maxSize).makeAsyncIterator(), codec: dialect.makeCodec(),
            recorder: recorder)
    }
}
