import AsyncHTTPClient
import DemoExchange
import ExchangeTestSupport
import Logging
import MarketCore
import MarketSim
import NIOCore
import NIOHTTP1
import NIOWebSocket
import WSClient

/// One HTTP GET on loopback: the status, the body and the headers.
func get(_ port: Int, _ pathAndQuery: String) async throws -> (status: Int, body: [UInt8], headers: HTTPHeaders) {
    let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(pathAndQuery)")
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 16 << 20)
    return (Int(response.status.code), Array(buffer: body), response.headers)
}

/// A frame as the client saw it.
struct ReceivedFrame: Sendable {
    var opcode: WebSocketOpcode
    var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// What a scripted WebSocket session saw: the frames, and the close frame if the server closed.
struct SocketTranscript: Sendable {
    var frames: [ReceivedFrame]
    var closeCode: WebSocketErrorCode?
}

/// Connects to `path`, sends `messages` (then `later` after `pause`), and collects frames
/// until `enough` says so, the server closes, or `duration` passes (a generous minute by
/// default: a passing session ends as soon as it has what it waits for).
func socketSession(
    _ port: Int, _ path: String, send messages: [String] = [], then later: [String] = [],
    pause: Duration = .milliseconds(300), duration: Duration = .seconds(60),
    until enough: @escaping @Sendable ([ReceivedFrame]) async -> Bool = { _ in false }
) async throws -> SocketTranscript {
    let frames = FrameLog()
    return try await withThrowingTaskGroup(of: SocketTranscript.self) { group in
        group.addTask {
            let close = try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)\(path)",
                configuration: .init(maxFrameSize: 1 << 20), logger: quietLogger
            ) {
                inbound, outbound, _ in
                for message in messages { try await outbound.write(.text(message)) }
                if !later.isEmpty {
                    try await Task.sleep(for: pause)
                    for message in later { try await outbound.write(.text(message)) }
                }
                for try await frame in inbound {
                    await frames.append(
                        ReceivedFrame(
                            opcode: frame.opcode == .binary ? .binary : .text,
                            bytes: Array(buffer: frame.data)))
                    if await enough(frames.all) { break }
                }
            }
            return SocketTranscript(frames: await frames.all, closeCode: close?.closeCode)
        }
        group.addTask {
            // The deadline counts looks, not wall time (as `eventually` does): while the tests
            // beside it keep both cores busy, the exchange and this session get no turn either,
            // so a session starved of CPU gets as many looks as on an idle machine.
            for _ in 0..<max(1, Int(duration / .milliseconds(100))) { try await Task.sleep(for: .milliseconds(100)) }
            return SocketTranscript(frames: await frames.all, closeCode: nil)
        }
        defer { group.cancelAll() }
        return try await group.next() ?? SocketTranscript(frames: [], closeCode: nil)
    }
}

actor FrameLog {
    private(set) var all: [ReceivedFrame] = []
    func append(_ frame: ReceivedFrame) { all.append(frame) }
}
