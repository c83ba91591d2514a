import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

extension DemoMarket {
    /// Serves one WebSocket connection on `channel`: its queued frames go out while its
    /// messages come in, until either side ends it. Past the connection cap the connection is
    /// closed at once with 1013 (try again later).
    nonisolated func serve(
        _ dialect: StreamDialect, streams: [String] = [], inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        channel: any Channel
    ) async throws {
        guard let (id, outgoing) = await attach(dialect, streams: streams) else {
            try await outbound.close(WebSocketErrorCode(codeNumber: 1013), reason: "too many connections")
            return
        }
        do {
            try await PingObserver.watch(
                channel, onPing: { Task { await self.heard(from: id) } }, onPong: { Task { await self.heardPong(from: id) } })
            try await exchangeFrames(id: id, outgoing: outgoing, inbound: inbound, outbound: outbound, channel: channel)
        } catch {
            await detach(id)
            throw error
        }
        await detach(id)
    }

    private nonisolated func exchangeFrames(
        id: Int, outgoing: AsyncStream<Outgoing>, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter, channel: any Channel
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var held: [WebSocketFrame] = []
                for await item in outgoing {
                    switch item {
                    case .frame(let frame):
                        held.append(frame)
                    case .flush:
                        try await Self.write(held, on: channel)
                        held.removeAll(keepingCapacity: true)
                    case .close(let code, let reason):
                        try await Self.write(held, on: channel)
                        try await outbound.close(code, reason: reason)
                        return
                    }
                }
            }
            group.addTask { [requestSizeLimit = configuration.requestSizeLimit] in
                for try await message in inbound.messages(maxSize: requestSizeLimit) {
                    switch message {
                    case .text(let text): await self.receive(ByteBuffer(string: text), from: id)
                    case .binary(let bytes): await self.receive(bytes, from: id)
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Writes `frames` and flushes once, returning when they are written: a client that reads
    /// too slowly holds the writes back, and its queue fills. (No extension is negotiated, so
    /// the frames need nothing from the WebSocket writer but the pipeline's encoder.)
    private static func write(_ frames: [WebSocketFrame], on channel: any Channel) async throws {
        guard let last = frames.last else { return }
        for frame in frames.dropLast() { channel.write(frame, promise: nil) }
        try await channel.writeAndFlush(last)
    }
}
