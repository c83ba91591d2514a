import NIOCore
import NIOWebSocket

/// Reports each WebSocket ping and pong a client sends. The WebSocket layer answers pings itself
/// and never hands them on, yet a ping is the client speaking: the idle cut must count it, as
/// the real exchange does; a pong answers Binance's keepalive.
final class PingObserver: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let onPing: @Sendable () -> Void
    private let onPong: @Sendable () -> Void

    init(onPing: @escaping @Sendable () -> Void, onPong: @escaping @Sendable () -> Void) {
        self.onPing = onPing
        self.onPong = onPong
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data).opcode {
        case .ping: onPing()
        case .pong: onPong()
        default: break
        }
        context.fireChannelRead(data)
    }

    /// Puts an observer right after the frame decoder of `channel`, an upgraded WebSocket.
    static func watch(
        _ channel: any Channel, onPing: @escaping @Sendable () -> Void, onPong: @escaping @Sendable () -> Void
    ) async throws {
        let observer = PingObserver(onPing: onPing, onPong: onPong)
        try await channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(observer, position: .after(decoder))
        }.get()
    }
}
