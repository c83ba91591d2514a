public import MarketCore
public import MarketRuntime
import MarketWire
import Synchronization

/// Answers the won–dollar rate with a recording's forex answers, one a read in the order they
/// came (the poller reads as often as the recorder did), the last again once all are given.
public final class ReplayRateFetcher: RateFetcher {
    private let answers: [FrameRecording.RateAnswer]
    private let path: String
    private let next = Mutex(0)

    /// A fetcher answering with `answers`, read from the recording at `path`.
    public init(_ answers: [FrameRecording.RateAnswer], path: String) {
        self.answers = answers
        self.path = path
    }

    public var endpointDescription: String { path }

    public func fetchRate() async throws -> WonDollarRate {
        let index = next.withLock { next in
            defer { next = min(next + 1, answers.count - 1) }
            return next
        }
        guard answers.indices.contains(index) else { throw RecordingError.withoutRate(path: path) }
        var codec = DunamuForexCodec()
        return try codec.decode(answers[index].body)
    }
}
