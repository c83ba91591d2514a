import ExchangeClient
import MarketCore
import MarketRuntime
import MarketWire
import Synchronization

/// One exchange's feed of a recording: its frames, decoded with the recorded dialect's codec,
/// at the pace they arrived (scaled by `speed`; 0 is as fast as the pipeline takes them). The
/// recording plays once; connecting again after its end fails with a message saying so.
final class ReplayTransport: FeedTransport {
    let source: ReplaySource
    private let started = Mutex(false)
    /// Called once the last frame has been taken in.
    private let played: @Sendable () -> Void

    init(_ source: ReplaySource, played: @escaping @Sendable () -> Void = {}) {
        self.source = source
        self.played = played
    }

    var bookUpdates: BookUpdates {
        source.dialect.bookUpdates
    }

    var endpointDescription: String { source.path }

    func connect(_ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void) async throws {
        guard
            !started.withLock({ started in
                defer { started = true }
                return started
            })
        else {
            throw CoinboardError.recordingEnded(source.path, frames: source.frames.count)
        }
        try await session(
            ReplayMessages(
                frames: source.frames, dialect: source.dialect, speed: source.speed, startedAt: source.startedAt, played: played),
            ReplayConnection())
    }
}

/// A replay's messages: each frame waits for its moment, then is decoded; `played` is called
/// when the last one has been taken in (the iterator is asked for the next after it).
struct ReplayMessages: AsyncSequence, Sendable {
    typealias Element = FeedMessage
    typealias Failure = any Error

    let frames: [FrameRecording.Frame]
    let dialect: Dialect
    let speed: Double
    /// The moment the pace counts from (the recording's first frame, of any feed).
    let startedAt: Timestamp?
    let played: @Sendable () -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let frames: [FrameRecording.Frame]
        let speed: Double
        var codec: any MarketCodec
        var index = 0
        let clock = ContinuousClock()
        let start: ContinuousClock.Instant
        let firstAt: Timestamp?
        let played: @Sendable () -> Void

        mutating func next() async throws -> FeedMessage? {
            guard index < frames.count else {
                if index == frames.count {
                    index += 1
                    played()
                }
                return nil
            }
            let frame = frames[index]
            index += 1
            if speed > 0, let firstAt, let at = frame.receivedAt {
                let offset = (Double(at.microseconds) - Double(firstAt.microseconds)) / speed
                try await clock.sleep(until: start + .microseconds(Int64(clampingRounded: offset)))
            }
            return FeedMessage(codec.decode(frame: frame.bytes))
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            frames: frames, speed: speed, codec: dialect.makeCodec(), start: ContinuousClock().now,
            firstAt: startedAt ?? frames.first?.receivedAt, played: played)
    }
}

/// A replay sends nothing: what was subscribed is what was recorded.
struct ReplayConnection: FeedConnection {
    func subscribe(to subscription: FeedSubscription) async throws {}
    func sendKeepalive() async throws {}
}

/// Answers REST fetches with the responses the recording holds. A listing is required; a
/// resource never fetched while recording (a market not in view then) answers with nothing.
struct ReplayFetcher: SnapshotFetcher {
    let responses: [String: [UInt8]]
    let dialect: Dialect
    let path: String

    func fetch(_ resource: SnapshotResource) async throws -> FeedMessage {
        var codec = dialect.makeCodec()
        var result = FeedMessage(events: [])
        for request in codec.requests(for: resource) {
            guard let body = responses[request.pathAndQuery] else {
                if case .markets = resource { throw CoinboardError.recordingWithoutListing(path) }
                continue
            }
            result.append(codec.decode(response: body, for: resource))
        }
        return result
    }
}
