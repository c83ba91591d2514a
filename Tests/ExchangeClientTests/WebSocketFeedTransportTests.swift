import ExchangeClient
import MarketCore
import MarketRuntime
import MarketWire
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization
import TestFixtures
import Testing

/// The WebSocket transport against a scripted server: a read's frames arrive as one message, a
/// held read waits and then takes in everything, pings are answered, a close is echoed, and a
/// server that breaks the protocol or refuses the upgrade gets a clear error.
@Suite(.timeLimit(.minutes(1))) struct WebSocketFeedTransportTests {
    /// A real Bithumb 2.0 ticker frame, and the events it decodes to on its own.
    static let ticker = String(decoding: (try? Fixture.json("bithumb-v2-ws-ticker-ccxt-1.json")) ?? [], as: UTF8.self)
    static let tickerEvents = {
        var codec = Dialect.bithumb.makeCodec()
        return codec.decode(frame: ticker).events.count
    }()

    /// Connects to `server` and runs `session` as the connection's session.
    static func connect(
        to server: ScriptedWebSocketServer,
        _ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void
    ) async throws {
        let endpoints = try ExchangeEndpoints(
            dialect: .bithumb, webSocketURL: "ws://127.0.0.1:\(server.port)/websocket/v1",
            restBaseURL: "http://127.0.0.1:\(server.port)")
        try await WebSocketFeedTransport(endpoints: endpoints).connect(session)
    }

    /// Connects to `server` and returns what `session` returned.
    static func run<Result: Sendable>(
        on server: ScriptedWebSocketServer,
        _ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Result
    ) async throws -> Result {
        let outcome = Mutex<Result?>(nil)
        try await connect(to: server) { messages, connection in
            let result = try await session(messages, connection)
            outcome.withLock { $0 = result }
        }
        return try #require(outcome.withLock { $0 })
    }

    /// Waits for the client's upgrade.
    static func upgraded(_ server: ScriptedWebSocketServer) async {
        for await _ in server.connected { return }
    }

    @Test func framesSentTogetherArriveAsOneMessageCountingEachFrame() async throws {
        let server = try await ScriptedWebSocketServer()
        let messages = try await withThrowingTaskGroup(of: [FeedMessage].self) { group in
            group.addTask {
                try await Self.run(on: server) { messages, _ in
                    var seen: [FeedMessage] = []
                    for try await message in messages {
                        seen.append(message)
                        if seen.map(\.frames).reduce(0, +) == 3 { break }
                    }
                    return seen
                }
            }
            await Self.upgraded(server)
            try await server.send(Array(repeating: ScriptedWebSocketServer.text(Self.ticker), count: 3))
            return try await group.next() ?? []
        }
        #expect(Self.tickerEvents > 0)
        #expect(messages.map(\.frames).reduce(0, +) == 3)
        #expect(messages.flatMap(\.events).count == 3 * Self.tickerEvents)
        #expect(messages.allSatisfy { $0.decodeErrors.isEmpty })
        try await server.stop()
    }

    @Test func aHeldReadWaitsItsTimeThenTakesInWhatArrivedMeanwhile() async throws {
        let server = try await ScriptedWebSocketServer()
        let (firstTaken, tookFirst) = AsyncStream.makeStream(of: Void.self)
        let (moreSent, sentMore) = AsyncStream.makeStream(of: Void.self)
        let (message, waited) = try await withThrowingTaskGroup(of: (FeedMessage?, Duration).self) { group in
            group.addTask {
                try await Self.run(on: server) { messages, connection in
                    var iterator = messages.makeAsyncIterator()
                    _ = try await iterator.next()
                    tookFirst.yield()
                    for await _ in moreSent { break }
                    let start = ContinuousClock.now
                    connection.holdNextRead(for: .milliseconds(300))
                    return (try await iterator.next(), ContinuousClock.now - start)
                }
            }
            await Self.upgraded(server)
            try await server.send([ScriptedWebSocketServer.text(Self.ticker)])
            for await _ in firstTaken { break }
            // Both are in the client's socket before it reads again.
            try await server.send([ScriptedWebSocketServer.text(Self.ticker), ScriptedWebSocketServer.text(Self.ticker)])
            sentMore.yield()
            return try await group.next() ?? (nil, .zero)
        }
        #expect(message?.frames == 2)
        #expect(waited >= .milliseconds(300))
        try await server.stop()
    }

    /// A connection reads once a frame, so one read must take in what a busy feed sent over a
    /// frame: here 600 KB, several times what SwiftNIO's default of four receive buffers holds.
    @Test func aHeldReadTakesInAFramesWorthOfABusyFeed() async throws {
        let server = try await ScriptedWebSocketServer()
        let count = 1_000
        let (firstTaken, tookFirst) = AsyncStream.makeStream(of: Void.self)
        let (allSent, sentAll) = AsyncStream.makeStream(of: Void.self)
        let message = try await withThrowingTaskGroup(of: FeedMessage?.self) { group in
            group.addTask {
                try await Self.run(on: server) { messages, connection in
                    var iterator = messages.makeAsyncIterator()
                    _ = try await iterator.next()
                    tookFirst.yield()
                    for await _ in allSent { break }
                    connection.holdNextRead(for: .milliseconds(200))
                    return try await iterator.next()
                }
            }
            await Self.upgraded(server)
            try await server.send([ScriptedWebSocketServer.text(Self.ticker)])
            for await _ in firstTaken { break }
            try await server.send(Array(repeating: ScriptedWebSocketServer.text(Self.ticker), count: count))
            sentAll.yield()
            return try await group.next() ?? nil
        }
        #expect(Self.ticker.utf8.count * count > 4 * 65_536 * 2)
        #expect(message?.frames == count)
        try await server.stop()
    }

    /// The dashboard's connections share its screen's loop: the session runs there, and the
    /// loop outlives the connection.
    @Test func aConnectionOnASharedLoopRunsItsSessionThereAndLeavesTheLoopRunning() async throws {
        let server = try await ScriptedWebSocketServer()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let endpoints = try ExchangeEndpoints(
            dialect: .bithumb, webSocketURL: "ws://127.0.0.1:\(server.port)/websocket/v1",
            restBaseURL: "http://127.0.0.1:\(server.port)")
        let onLoop = try await withThrowingTaskGroup(of: [Bool].self) { tasks in
            tasks.addTask {
                let onLoop = Mutex<[Bool]>([])
                try await WebSocketFeedTransport(endpoints: endpoints, loop: loop).connect { messages, _ in
                    onLoop.withLock { $0.append(loop.inEventLoop) }
                    var iterator = messages.makeAsyncIterator()
                    _ = try await iterator.next()
                    onLoop.withLock { $0.append(loop.inEventLoop) }
                }
                return onLoop.withLock { $0 }
            }
            await Self.upgraded(server)
            try await server.send([ScriptedWebSocketServer.text(Self.ticker)])
            return try await tasks.next() ?? []
        }
        #expect(onLoop == [true, true])
        #expect(try await loop.submit { 7 }.get() == 7)
        try await group.shutdownGracefully()
        try await server.stop()
    }

    @Test func aMessageInFragmentsIsDecodedWhole() async throws {
        let server = try await ScriptedWebSocketServer()
        let half = Self.ticker.count / 2
        let message = try await withThrowingTaskGroup(of: FeedMessage?.self) { group in
            group.addTask {
                try await Self.run(on: server) { messages, _ in
                    var iterator = messages.makeAsyncIterator()
                    return try await iterator.next()
                }
            }
            await Self.upgraded(server)
            try await server.send([
                ScriptedWebSocketServer.text(String(Self.ticker.prefix(half)), fin: false),
                WebSocketFrame(fin: true, opcode: .continuation, data: ByteBuffer(string: String(Self.ticker.dropFirst(half)))),
            ])
            return try await group.next() ?? nil
        }
        #expect(message?.frames == 1)
        #expect(Self.tickerEvents > 0 && message?.events.count == Self.tickerEvents)
        #expect(message?.decodeErrors == [])
        try await server.stop()
    }

    @Test func aPingIsAnsweredAndTheServersCloseIsEchoedAndEndsTheMessages() async throws {
        let server = try await ScriptedWebSocketServer()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await Self.connect(to: server) { messages, _ in
                    for try await _ in messages {}
                }
            }
            await Self.upgraded(server)
            var closeStatus = ByteBuffer()
            closeStatus.write(webSocketErrorCode: .goingAway)
            try await server.send([
                WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "are you there")),
                WebSocketFrame(fin: true, opcode: .connectionClose, data: closeStatus),
            ])
            var replies = server.received.makeAsyncIterator()
            let pong = try #require(await replies.next())
            #expect(pong.opcode == .pong && pong.maskKey != nil)
            #expect(String(buffer: pong.unmaskedData) == "are you there")
            let close = try #require(await replies.next())
            #expect(close.opcode == .connectionClose)
            var echoed = close.unmaskedData
            #expect(echoed.readWebSocketErrorCode() == .goingAway)
            try await group.next()
        }
        try await server.stop()
    }

    @Test func aFrameWithReservedBitsClosesTheConnectionWithAProtocolError() async throws {
        let server = try await ScriptedWebSocketServer()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await #expect(throws: ExchangeClientError.webSocketProtocol("a frame with reserved bits set")) {
                    try await Self.connect(to: server) { messages, _ in
                        for try await _ in messages {}
                    }
                }
            }
            await Self.upgraded(server)
            try await server.send([WebSocketFrame(fin: true, rsv1: true, opcode: .text, data: ByteBuffer(string: Self.ticker))])
            var replies = server.received.makeAsyncIterator()
            let close = try #require(await replies.next())
            var status = close.unmaskedData
            #expect(close.opcode == .connectionClose && status.readWebSocketErrorCode() == .protocolError)
            try await group.next()
        }
        try await server.stop()
    }

    @Test func aServerThatDoesNotUpgradeIsNamed() async throws {
        let server = try await ScriptedWebSocketServer(upgrades: false)
        await #expect(throws: ExchangeClientError.upgradeRefused(url: "ws://127.0.0.1:\(server.port)/websocket/v1")) {
            try await Self.connect(to: server) { _, _ in }
        }
        try await server.stop()
    }

    @Test func aSessionWaitingForAReadEndsWhenCancelled() async throws {
        let server = try await ScriptedWebSocketServer()
        let (sessionStarted, startSession) = AsyncStream.makeStream(of: Void.self)
        let client = Task {
            try await Self.connect(to: server) { messages, _ in
                startSession.yield()
                for try await _ in messages {}
            }
        }
        for await _ in sessionStarted { break }
        client.cancel()
        await #expect(throws: CancellationError.self) { try await client.value }
        try await server.stop()
    }
}
