import ExchangeTestSupport
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// A scripted exchange for fault tests: REST answers fixed bodies, and each WebSocket client,
/// once it has sent its subscription, gets the script's frames and then silence (the socket
/// stays open, answering nothing) or a close.
struct ReplayExchange: Sendable {
    /// What happens after the frames.
    enum Ending: Sendable {
        case silence
        case close
        /// Answers every message (the client's `PING`s) with `{"status":"UP"}` and sends nothing else.
        case answerPings
    }

    /// REST bodies by path (the query is ignored); other paths answer `[]`.
    var bodies: [String: [UInt8]]
    /// WebSocket frames, sent as binary frames in order.
    var frames: [[UInt8]]
    /// What follows the frames.
    var ending: Ending
    /// Paths whose bodies are sent one byte a second, as a server that stalls mid-body would.
    var trickled: Set<String> = []
    /// Paths answered with `302 Found` to another location.
    var redirects: [String: String] = [:]

    /// WebSocket connections accepted so far.
    var connections: Int { counter.value.load(ordering: .relaxed) }
    private let counter = Counter()

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    init(bodies: [String: [UInt8]], frames: [[UInt8]], ending: Ending) {
        self.bodies = bodies
        self.frames = frames
        self.ending = ending
    }

    /// Serves on a free loopback port for the duration of `body`.
    func serve<Result: Sendable>(_ body: (Int) async throws -> Result) async throws -> Result {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let bodies = bodies
        let trickled = trickled
        let redirects = redirects
        router.get("**") { request, _ -> Response in
            if let location = redirects[request.uri.path] { return Response(status: .found, headers: [.location: location]) }
            let bytes = bodies[request.uri.path] ?? Array("[]".utf8)
            guard trickled.contains(request.uri.path) else {
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(contentLength: bytes.count) { writer in
                    for byte in bytes {
                        try await writer.write(ByteBuffer(bytes: [byte]))
                        try await Task.sleep(for: .seconds(1))
                    }
                    try await writer.finish(nil)
                })
        }
        let frames = frames
        let ending = ending
        let counter = counter
        router.ws("/websocket/v1") { inbound, outbound, _ in
            counter.value.add(1, ordering: .relaxed)
            var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            guard try await messages.next() != nil else { return }
            for frame in frames { try await outbound.write(.binary(ByteBuffer(bytes: frame))) }
            switch ending {
            case .close:
                return
            case .silence:
                while try await messages.next() != nil {}
            case .answerPings:
                while try await messages.next() != nil {
                    try await outbound.write(.text(#"{"status":"UP"}"#))
                }
            }
        }
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: .init(autoPing: .disabled))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) },
            logger: quietLogger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw HarnessError.notListening }
            defer { group.cancelAll() }
            return try await body(port)
        }
    }
}
