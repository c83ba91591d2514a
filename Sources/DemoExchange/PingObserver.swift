import NIOCore
import NIOWebSocket

/// Reports each WebSocket ping a client sends. The WebSocket layer answers pings itself and
/// never hands them on, yet a ping is the client speaking: the idle cut must count it, as the
/// real exchange does.
final class PingObserver: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let onPing: @Sendable () -> Void

    init(onPing: @escaping @Sendable () -> Void) {
        self.onPing = onPing
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if unwrapInboundIn(data).opcode == .ping { onPing() }
        context.fireChannelRead(data)
    }

    /// Puts an observer right after the frame decoder of `channel`, an upgraded WebSocket.
    static func watch(_ channel: any Channel, onPing: @escaping @Sendable () -> Void) async throws {
        let observer = PingObserver(onPing: onPing)
        try await channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(observer, position: .after(decoder))
        }.get()
    }
}
