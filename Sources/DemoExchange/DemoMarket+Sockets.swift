import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

extension DemoMarket {
    /// Serves one WebSocket connection on `channel`: its queued frames go out while its
    /// messages come in, until either side ends it. Past the connection cap the connection is
    /// closed at once with 1013 (try again later).
    nonisolated func serve(
        _ dialect: StreamDialect, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        channel: any Channel
    ) async throws {
        guard let (id, outgoing) = await attach(dialect) else {
            try await outbound.close(WebSocketErrorCode(codeNumber: 1013), reason: "too many connections")
            return
        }
        do {
            try await PingObserver.watch(channel) { Task { await self.heard(from: id) } }
            try await exchangeFrames(id: id, outgoing: outgoing, inbound: inbound, outbound: outbound)
        } catch {
            await detach(id)
            throw error
        }
        await detach(id)
    }

    private nonisolated func exchangeFrames(
        id: Int, outgoing: AsyncStream<Outgoing>, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await item in outgoing {
                    switch item {
                    case .frame(let frame):
                        try await outbound.write(frame)
                    case .close(let code, let reason):
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
}
