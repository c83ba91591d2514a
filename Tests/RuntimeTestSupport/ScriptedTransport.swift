public import MarketCore
public import MarketRuntime
import Synchronization

/// An in-memory feed: connection n yields `scripts[n]` and then stays open, or ends when the
/// script says so; what the supervisor sends is recorded.
public final class ScriptedTransport: FeedTransport {
    /// What one connection does.
    public struct Script: Sendable {
        /// Messages yielded at once.
        public var messages: [FeedMessage]
        /// Whether the connection ends after them.
        public var closesAfterwards: Bool
        /// Messages sent only after the fetcher has served a book.
        public var afterBook: [FeedMessage] = []

        public init(messages: [FeedMessage], closesAfterwards: Bool, afterBook: [FeedMessage] = []) {
            self.messages = messages
            self.closesAfterwards = closesAfterwards
            self.afterBook = afterBook
        }
    }

    public let bookUpdates: BookUpdates
    public var endpointDescription: String { "memory" }
    let scripts: [Script]
    let fetcher: ScriptedFetcher
    private let record = Mutex<(connections: Int, subscriptions: [FeedSubscription], keepalives: Int)>((0, [], 0))

    public init(bookUpdates: BookUpdates, scripts: [Script], fetcher: ScriptedFetcher) {
        self.bookUpdates = bookUpdates
        self.scripts = scripts
        self.fetcher = fetcher
    }

    public var connections: Int { record.withLock { $0.connections } }
    public var subscriptions: [FeedSubscription] { record.withLock { $0.subscriptions } }
    public var keepalives: Int { record.withLock { $0.keepalives } }

    public func connect(_ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void) async throws {
        let index = record.withLock { state in
            state.connections += 1
            return state.connections - 1
        }
        let script = scripts[min(index, scripts.count - 1)]
        let (messages, continuation) = AsyncThrowingStream.makeStream(of: FeedMessage.self)
        for message in script.messages { continuation.yield(message) }
        let feeder = Task {
            if !script.afterBook.isEmpty {
                await fetcher.bookServed()
                for message in script.afterBook { continuation.yield(message) }
            }
            if script.closesAfterwards { continuation.finish() }
        }
        defer { feeder.cancel() }
        try await session(messages, Connection(transport: self))
    }

    struct Connection: FeedConnection {
        let transport: ScriptedTransport

        func subscribe(to subscription: FeedSubscription) async throws {
            transport.record.withLock { $0.subscriptions.append(subscription) }
        }

        func sendKeepalive() async throws {
            transport.record.withLock { $0.keepalives += 1 }
        }
    }
}

/// REST answers from a table; book fetches wait for `beforeBook`, and are counted and announced.
public final class ScriptedFetcher: SnapshotFetcher {
    let answers: [SnapshotResource: FeedMessage]
    let beforeBook: @Sendable () async -> Void
    private let books = Mutex(0)
    private let served = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    public init(answers: [SnapshotResource: FeedMessage], beforeBook: @escaping @Sendable () async -> Void = {}) {
        self.answers = answers
        self.beforeBook = beforeBook
    }

    public var bookFetches: Int { books.withLock { $0 } }

    public func fetch(_ resource: SnapshotResource) async throws -> FeedMessage {
        guard case .orderBook = resource else { return answers[resource] ?? FeedMessage(events: []) }
        await beforeBook()
        books.withLock { $0 += 1 }
        let answer = answers[resource] ?? FeedMessage(events: [])
        served.continuation.yield()
        return answer
    }

    func bookServed() async {
        var iterator = served.stream.makeAsyncIterator()
        await iterator.next()
    }
}
