import ExchangeClient
import MarketCore
import MarketRuntime
import MarketWire

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
