import HummingbirdCore
import Logging
import NIOCore

/// A server's connections, each closed at the latest `grace` after the server is told to stop.
///
/// Hummingbird waits for every connection to end before its `run` returns, and a connection that
/// was accepted but never sent a request waits on its HTTP upgrade negotiation, which no
/// cancellation reaches: one idle client (an HTTP pool's spare connection, a bare `nc`) would
/// hold the demo exchange, and the dashboard running it, until the client gives up. Closing
/// each connection once its task is cancelled bounds the stop; `grace` lets a WebSocket
/// finish its close handshake first.
struct ConnectionsClosedOnStop<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let grace: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        let (channel, grace) = (value.channel, grace)
        await withTaskCancellationHandler {
            await base.handle(value: value, logger: logger)
        } onCancel: {
            channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
        }
    }
}
