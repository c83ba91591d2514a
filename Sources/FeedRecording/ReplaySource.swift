public import MarketCore
public import MarketWire

/// One exchange's part of a recording, to play back at `speed` times the pace it was recorded
/// at (0: as fast as it is taken in), its time counted from `startedAt`.
public struct ReplaySource: Sendable {
    /// The recording's path, for messages.
    public let path: String
    /// The exchange's frames, in arrival order.
    public let frames: [FrameRecording.Frame]
    /// The exchange's REST bodies, by path and query.
    public let responses: [String: [UInt8]]
    /// The dialect the feed was recorded in.
    public let dialect: Dialect
    /// Times the recorded pace; 0 plays as fast as the pipeline takes the frames.
    public let speed: Double
    /// The recording's first moment: every feed of it is paced from the same one.
    public let startedAt: Timestamp?

    /// `exchange`'s part of `recording` (read from `path`, the feed recorded in `dialect`),
    /// played at `speed`.
    public init(_ recording: FrameRecording, exchange: Exchange, dialect: Dialect, path: String, speed: Double) {
        self.path = path
        frames = recording.frames(of: exchange)
        responses = recording.responses[exchange] ?? [:]
        self.dialect = dialect
        self.speed = speed
        startedAt = recording.startedAt
    }
}
