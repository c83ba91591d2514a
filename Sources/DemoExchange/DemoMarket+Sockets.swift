import HummingbirdWebSocket
import NIOCore

extension DemoMarket {
    /// Serves one WebSocket connection: its queued frames go out while its messages come in,
    /// until either side ends it.
    nonisolated func serve(_ dialect: StreamDialect, inbound: WebSocketInboundStream,
                           outbound: WebSocketOutboundWriter) async throws {
        let (id, outgoing) = await attach(dialect)
        do {
            try await exchangeFrames(id: id, outgoing: outgoing, inbound: inbound, outbound: outbound)
        } catch {
            await detach(id)
            throw error
        }
        await detach(id)
    }

    private nonisolated func exchangeFrames(id: Int, outgoing: AsyncStream<Outgoing>, inbound: WebSocketInboundStream,
                                            outbound: WebSocketOutboundWriter) async throws {
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
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 16) {
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
