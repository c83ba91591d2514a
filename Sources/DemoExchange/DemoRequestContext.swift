import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the demo exchange: Hummingbird's, plus the connection's channel, so
/// a WebSocket handler can watch its protocol pings (see ``PingObserver``).
struct DemoRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    /// The connection the request came on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
