import EventLoopExecution
public import MarketCore
public import MarketRuntime
import MarketWire
public import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization

/// The WebSocket adapter, on SwiftNIO: connects (`ws://`, or `wss://` with the system's trust
/// store and full certificate verification), decodes each text or binary message with the
/// dialect's codec on the connection's own thread as it is read, and sends subscriptions and
/// keepalives. The session runs on that thread too and gets everything a read brought at once;
/// the connection reads again only when the session asks.
///
/// Each connection has a thread of its own, unless the transport is given an event loop to
/// share: the dashboard gives its screen's, so that reading, applying and drawing a frame wake
/// one thread, and nothing crosses threads on the way to the screen.
public struct WebSocketFeedTransport: FeedTransport {
    private let endpoints: ExchangeEndpoints
    private let recorder: (any WireRecorder)?
    private let handshakeTimeout: Duration
    private let sharedLoop: (any EventLoop)?

    /// The default deadline of a connection's handshake: connect, TLS and the upgrade.
    public static let defaultHandshakeTimeout = Duration.seconds(10)

    /// Creates a transport for `endpoints`; each connection must be connected, secured and
    /// upgraded within `handshakeTimeout` (a server that accepts and never answers cannot stall
    /// start-up). `recorder`, if given, sees each raw frame. Connections run on `loop` when it
    /// is given (which outlives the transport), each on a thread of its own otherwise.
    public init(
        endpoints: ExchangeEndpoints, handshakeTimeout: Duration = Self.defaultHandshakeTimeout,
        recorder: (any WireRecorder)? = nil, loop: (any EventLoop)? = nil
    ) {
        self.endpoints = endpoints
        self.handshakeTimeout = handshakeTimeout
        self.recorder = recorder
        sharedLoop = loop
    }

    /// Legacy books arrive as deltas, kept against the REST book's levels.
    public var bookUpdates: BookUpdates {
        endpoints.dialect.bookUpdates
    }

    public var endpointDescription: String { endpoints.webSocketURL }

    public func connect(_ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void) async throws {
        let url = endpoints.webSocketURL
        guard let address = EndpointURL(url), ["ws", "wss"].contains(address.scheme) else {
            throw ExchangeClientError.invalidURL(url, expected: "ws:// or wss://")
        }
        let loop = sharedLoop.map(ConnectionLoop.init(sharing:)) ?? ConnectionLoop()
        do {
            let socket = try await open(address, on: loop)
            let connection = WebSocketFeedConnection(channel: socket.channel, inbox: socket.inbox, dialect: endpoints.dialect)
            do {
                // Each read is decoded and applied on the thread that read it.
                try await withTaskExecutorPreference(loop.executor) {
                    try await session(FeedInboxMessages(inbox: socket.inbox), connection)
                }
            } catch {
                await connection.close()
                throw error
            }
            await connection.close()
        } catch {
            await loop.shutDown()
            throw error
        }
        await loop.shutDown()
    }

    /// Connects, secures (`wss://`) and upgrades a connection to `address` within the handshake
    /// deadline; a server that accepts and never answers has its connection closed at the deadline.
    private func open(_ address: EndpointURL, on loop: ConnectionLoop) async throws -> (channel: any Channel, inbox: FeedInbox) {
        let url = endpoints.webSocketURL
        let (dialect, recorder, handshakeTimeout) = (endpoints.dialect, recorder, handshakeTimeout)
        let tls = try address.scheme == "wss" ? NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        let opened = OpenedChannel()
        do {
            return try await withDeadline(handshakeTimeout, "the WebSocket handshake with \(url)") {
                let (channel, upgrade) = try await ClientBootstrap(group: loop.loop)
                    .connectTimeout(TimeAmount(saturating: handshakeTimeout))
                    .channelOption(.socketOption(.so_rcvbuf), value: Self.receiveBufferBytes)
                    .connect(host: address.host, port: address.port ?? (tls == nil ? 80 : 443)) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            opened.hold(channel)
                            let upgrade = try Self.configure(
                                channel, for: address, tls: tls,
                                handler: { FeedFrameHandler(inbox: $0, codec: dialect.makeCodec(), recorder: recorder) })
                            return (channel, upgrade)
                        }
                    }
                let result = try await withTaskCancellationHandler {
                    try await upgrade.get()
                } onCancel: {
                    channel.close(promise: nil)
                }
                guard case .upgraded(let inbox) = result else { throw ExchangeClientError.upgradeRefused(url: url) }
                return (channel, inbox)
            }
        } catch {
            opened.close()
            throw error
        }
    }

    /// Held while a pipeline is configured, so that pipelines are configured one at a time in the
    /// process. Once, with three feeds connecting at the same moment on a loaded machine, the Swift
    /// runtime crashed (SIGSEGV in its protocol-conformance lookup) instantiating this pipeline's
    /// generic types on two event-loop threads at once; a connection is configured rarely, so
    /// taking turns costs nothing.
    private static let configuring = Mutex(())

    /// Sets up `channel` to secure itself (given `tls`) and ask for the WebSocket upgrade; once
    /// upgraded, `handler` ends its pipeline and it reads only when its inbox asks.
    private static func configure(
        _ channel: any Channel, for address: EndpointURL, tls: NIOSSLContext?,
        handler: @escaping @Sendable (FeedInbox) -> FeedFrameHandler
    ) throws -> EventLoopFuture<Upgrade> {
        try configuring.withLock { _ in try pipeline(channel, for: address, tls: tls, handler: handler) }
    }

    private static func pipeline(
        _ channel: any Channel, for address: EndpointURL, tls: NIOSSLContext?,
        handler: @escaping @Sendable (FeedInbox) -> FeedFrameHandler
    ) throws -> EventLoopFuture<Upgrade> {
        if let tls {
            try channel.pipeline.syncOperations.addHandler(
                NIOSSLClientHandler(context: tls, serverHostname: address.hostIsAddress ? nil : address.host))
        }
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: WireLimits.frameBytes) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                let inbox = FeedInbox(channel: channel)
                try channel.pipeline.syncOperations.addHandler(handler(inbox))
                try channel.syncOptions?.setOption(.autoRead, value: false)
                try channel.syncOptions?.setOption(.maxMessagesPerRead, value: Self.buffersPerRead)
                return .upgraded(inbox)
            }
        }
        var headers = HTTPHeaders()
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        headers.add(name: "Host", value: address.port.map { "\(host):\($0)" } ?? host)
        var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: address.target, headers: headers),
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { $0.eventLoop.makeSucceededFuture(.refused) }))
        configuration.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
    }

    /// The most receive buffers (each at most 64 KiB) one read fills before it ends, where
    /// SwiftNIO's default is 4: a connection reads once a frame, and a read must take in what a
    /// busy feed sent over a frame (a book-heavy feed at 20,000 messages a second sends
    /// 250 KB) or the backlog, and the latency with it, grows. A read ends sooner when the
    /// socket has nothing more.
    static let buffersPerRead: UInt = 64

    /// The socket's receive buffer: what a busy feed sends between two reads waits there
    /// without closing the window on the exchange (whose sends would then wait for the read).
    static let receiveBufferBytes = 4 << 20

    /// How an upgrade request ended.
    private enum Upgrade: Sendable {
        case upgraded(FeedInbox)
        case refused
    }
}

/// A connection's event loop, and the executor its session runs on there.
private struct ConnectionLoop: Sendable {
    let loop: any EventLoop
    /// The loop's own group, when the connection has a thread of its own.
    private let ownGroup: MultiThreadedEventLoopGroup?
    let executor: EventLoopTaskExecutor

    /// A thread of the connection's own.
    init() {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        loop = group.next()
        ownGroup = group
        executor = EventLoopTaskExecutor(loop: loop)
    }

    /// A loop shared with others, which outlives the connection.
    init(sharing loop: any EventLoop) {
        self.loop = loop
        ownGroup = nil
        executor = EventLoopTaskExecutor(loop: loop)
    }

    /// Moves the session's remaining jobs off the loop, then shuts the loop down if it is the
    /// connection's own.
    func shutDown() async {
        executor.close()
        try? await ownGroup?.shutdownGracefully()
    }
}

/// The channel of a handshake under way, closed when the handshake is given up.
private final class OpenedChannel: Sendable {
    private let channel = Mutex<(any Channel)?>(nil)

    func hold(_ opened: any Channel) {
        channel.withLock { $0 = opened }
    }

    func close() {
        channel.withLock { $0 }?.close(promise: nil)
    }
}

/// The sending side of a WebSocket feed.
struct WebSocketFeedConnection: FeedConnection {
    let channel: any Channel
    let inbox: FeedInbox
    let dialect: Dialect

    func subscribe(to subscription: FeedSubscription) async throws {
        for frame in dialect.makeCodec().subscribeFrames(for: subscription) {
            try await send(.text, ByteBuffer(string: frame))
        }
    }

    /// The 2.0 dialects answer the text `PING` with `{"status":"UP"}` (and then every 10 s),
    /// which also counts as traffic for their idle timers; the legacy feed gets a protocol ping.
    func sendKeepalive() async throws {
        switch dialect {
        case .bithumb, .upbit:
            try await send(.text, ByteBuffer(string: "PING"))
        case .bithumbLegacy, .binance:
            try await send(.ping, ByteBuffer())
        }
    }

    func holdNextRead(for delay: Duration) {
        inbox.holdNextRead(for: delay)
    }

    /// Says goodbye (status 1000) and closes the connection; a connection already closed stays so.
    func close() async {
        try? await send(.connectionClose, ByteBuffer(bytes: [0x03, 0xE8]))
        try? await channel.close()
    }

    private func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer) async throws {
        try await channel.writeAndFlush(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
    }
}
