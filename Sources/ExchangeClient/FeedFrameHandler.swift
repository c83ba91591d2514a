import MarketRuntime
import MarketWire
import NIOCore
import NIOWebSocket

/// The end of a WebSocket feed connection's pipeline, on its event loop: decodes each text or
/// binary message (put together from its fragments, up to ``WireLimits/frameBytes``) with the
/// dialect's codec as it is read, into the connection's ``FeedInbox``; answers pings; echoes
/// the server's close and hangs up. A protocol violation closes the connection (status 1002,
/// or 1009 for a message too large) and ends the messages with an error.
final class FeedFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let inbox: FeedInbox
    private var codec: any MarketCodec
    private let recorder: (any WireRecorder)?
    /// The parts of a message still arriving.
    private var fragments: ByteBuffer?
    private var isClosing = false

    init(inbox: FeedInbox, codec: any MarketCodec, recorder: (any WireRecorder)?) {
        self.inbox = inbox
        self.codec = codec
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !isClosing else { return }
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return fail(context, .protocolError, "a frame with reserved bits set")
        }
        switch frame.opcode {
        case .text, .binary:
            guard fragments == nil else { return fail(context, .protocolError, "a new message inside a fragmented one") }
            if frame.fin { decode(frame.unmaskedData) } else { fragments = frame.unmaskedData }
        case .continuation:
            guard var message = fragments else { return fail(context, .protocolError, "a continuation with no message") }
            var part = frame.unmaskedData
            guard message.readableBytes + part.readableBytes <= WireLimits.frameBytes else {
                return fail(context, .messageTooLarge, "a message over \(WireLimits.frameBytes) bytes")
            }
            message.writeBuffer(&part)
            fragments = frame.fin ? nil : message
            if frame.fin { decode(message) }
        case .ping:
            send(.pong, frame.unmaskedData, context: context)
        case .pong:
            break
        case .connectionClose:
            isClosing = true
            var echo = frame.unmaskedData
            let status = echo.readSlice(length: min(2, echo.readableBytes)) ?? ByteBuffer()
            send(.connectionClose, status, context: context)
            context.close(promise: nil)
        default:
            fail(context, .protocolError, "a frame of reserved type \(frame.opcode)")
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        inbox.deliver()
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.finish(nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let reason =
            switch error {
            case NIOWebSocketError.invalidFrameLength: "a frame over \(WireLimits.frameBytes) bytes"
            case let error as NIOWebSocketError: "a malformed frame (\(error))"
            default: "\(error)"
            }
        inbox.finish(ExchangeClientError.webSocketProtocol(reason))
        context.close(promise: nil)
    }

    private func decode(_ message: ByteBuffer) {
        var decoded = DecodedMessages()
        message.withUnsafeReadableBytes { bytes in
            recorder?.record(frame: bytes)
            codec.decode(frame: bytes, into: &decoded)
        }
        inbox.append(decoded)
    }

    private func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer, context: ChannelHandlerContext) {
        let frame = WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    /// Closes the connection with `status` and ends the messages with `reason`.
    private func fail(_ context: ChannelHandlerContext, _ status: WebSocketErrorCode, _ reason: String) {
        isClosing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: status)
        send(.connectionClose, data, context: context)
        inbox.finish(ExchangeClientError.webSocketProtocol(reason))
        context.close(promise: nil)
    }
}
