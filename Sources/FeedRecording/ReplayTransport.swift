public import MarketCore
public import MarketRuntime
import MarketWire
import Synchronization

/// One exchange's feed of a recording: its frames, decoded with the recorded dialect's codec,
/// at the pace they arrived (scaled by the source's speed; 0 is as fast as the pipeline takes
/// them). The recording plays once; connecting again after its end fails with
/// ``RecordingError/ended(path:frames:)``.
public final class ReplayTransport: FeedTransport {
    /// What is played.
    public let source: ReplaySource
    private let started = Mutex(false)
    /// Called once the last frame has been taken in.
    private let played: @Sendable () -> Void

    /// A transport playing `source`, calling `played` once its last frame has been taken in.
    public init(_ source: ReplaySource, played: @escaping @Sendable () -> Void = {}) {
        self.source = source
        self.played = played
    }

    public var bookUpdates: BookUpdates {
        source.dialect.bookUpdates
    }

    public var endpointDescription: String { source.path }

    public func connect(_ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void) async throws {
        let playedBefore = started.withLock { started in
            defer { started = true }
            return started
        }
        guard !playedBefore else { throw RecordingError.ended(path: source.path, frames: source.frames.count) }
        try await session(
            ReplayMessages(
                frames: source.frames, dialect: source.dialect, speed: source.speed, startedAt: source.startedAt, played: played),
            ReplayConnection())
    }
}

/// A replay sends nothing: what was subscribed is what was recorded.
struct ReplayConnection: FeedConnection {
    func subscribe(to subscription: FeedSubscription) async throws {}
    func sendKeepalive() async throws {}
}
