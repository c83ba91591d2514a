import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization
import Testing

/// A WebSocket server on a loopback port that a test drives: it upgrades (or, refusing,
/// answers 404), sends the frames it is given and hands over every frame the client sends.
final class ScriptedWebSocketServer: Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let client = Client()
    private let listener: any Channel
    /// Frames the client sent, in order.
    let received: AsyncStream<WebSocketFrame>
    /// Signalled once a client has upgraded.
    let connected: AsyncStream<Void>

    /// The port listened on.
    var port: Int { listener.localAddress?.port ?? 0 }

    /// Starts listening; with `upgrades` false, every request is answered 404.
    init(upgrades: Bool = true) async throws {
        let (received, receive) = AsyncStream.makeStream(of: WebSocketFrame.self)
        let (connected, connect) = AsyncStream.makeStream(of: Void.self)
        self.received = received
        self.connected = connected
        let client = client
        let upgrader = NIOWebSocketServerUpgrader(
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(upgrades ? HTTPHeaders() : nil) },
            upgradePipelineHandler: { channel, _ in
                client.channel.withLock { $0 = channel }
                connect.yield()
                return channel.pipeline.addHandler(Recorder(frames: receive))
            })
        listener = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(
                    withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in })
                ).flatMap { upgrades ? channel.eventLoop.makeSucceededVoidFuture() : channel.pipeline.addHandler(NotFound()) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// Sends `frames` in one write.
    func send(_ frames: [WebSocketFrame]) async throws {
        let channel = try #require(client.channel.withLock { $0 })
        for frame in frames.dropLast() { channel.write(frame, promise: nil) }
        if let last = frames.last { try await channel.writeAndFlush(last) }
    }

    /// A text frame holding `text`.
    static func text(_ text: String, fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: .text, data: ByteBuffer(string: text))
    }

    func stop() async throws {
        try await group.shutdownGracefully()
    }

    /// The connection of the client that upgraded.
    private final class Client: Sendable {
        let channel = Mutex<(any Channel)?>(nil)
    }

    /// Hands every frame the client sends to the test.
    private final class Recorder: ChannelInboundHandler, Sendable {
        typealias InboundIn = WebSocketFrame
        let frames: AsyncStream<WebSocketFrame>.Continuation

        init(frames: AsyncStream<WebSocketFrame>.Continuation) {
            self.frames = frames
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            frames.yield(unwrapInboundIn(data))
        }
    }

    /// Answers any request that was not upgraded with 404.
    private final class NotFound: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            let head = HTTPResponseHead(version: .http1_1, status: .notFound, headers: ["Content-Length": "0"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
