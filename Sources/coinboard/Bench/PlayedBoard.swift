import FeedRecording
import MarketCore
import MarketRuntime
import MarketWire

/// What `bench screen` plays a recording into: the followed exchange's market state and, when the
/// recording names the premium's reference, the reference's state and the first won–dollar rate
/// it recorded — snapshotted together as the store takes them.
struct PlayedBoard {
    private var followed: PlayedFeed
    private var reference: PlayedFeed?
    private let forex: WonDollarRate?

    /// One feed's state and codec.
    private struct PlayedFeed {
        let exchange: Exchange
        var state: MarketState
        var codec: any MarketCodec
        var decoded = DecodedMessages()

        mutating func apply(_ frame: FrameRecording.Frame, at moment: Timestamp) {
            frame.bytes.withUnsafeBytes { codec.decode(frame: $0, into: &decoded) }
            for event in decoded.events { state.apply(event, receivedAt: moment) }
        }
    }

    /// The states `recording`'s REST answers give before its first frame: `exchange`'s listing,
    /// every KRW ticker and, for a market in view (`focus`), its book, trades and one-minute
    /// candles; the reference's listing, its tickers coming from its stream.
    init?(_ recording: FrameRecording, exchange: Exchange, path: String, focus: MarketCode?) throws {
        guard let followed = try Self.feed(recording, exchange: exchange, path: path, focus: focus, tickers: true) else { return nil }
        self.followed = followed
        reference = try recording.reference.flatMap { try Self.feed(recording, exchange: $0, path: path, focus: nil, tickers: false) }
        var forexCodec = DunamuForexCodec()
        forex = try recording.rateAnswers.first.map { try forexCodec.decode($0.body) }
    }

    /// The frames played, in arrival order: the followed exchange's and the reference's.
    func frames(of recording: FrameRecording) -> [FrameRecording.Frame] {
        recording.frames.filter { $0.exchange == followed.exchange || $0.exchange == reference?.exchange }
    }

    /// Decodes `frame` and applies it to its exchange's state.
    mutating func apply(_ frame: FrameRecording.Frame, at moment: Timestamp) {
        if frame.exchange == reference?.exchange {
            reference?.apply(frame, at: moment)
        } else {
            followed.apply(frame, at: moment)
        }
    }

    /// The board as the store would publish it at `now`, when anything changed since the last.
    mutating func snapshot(at now: Timestamp) -> BoardSnapshot? {
        guard followed.state.hasChanges || reference?.state.hasChanges == true else { return nil }
        let live = FeedStatus(state: .live)
        let snapshot = followed.state.snapshot(at: now, feed: live)
        let referenceSnapshot = reference?.state.snapshot(at: now, feed: live)
        guard reference != nil || forex != nil else { return BoardSnapshot(snapshot, of: followed.exchange) }
        return BoardSnapshot([followed.exchange: snapshot], premiumReference: PremiumReference(snapshot: referenceSnapshot, forex: forex))
    }

    private static func feed(
        _ recording: FrameRecording, exchange: Exchange, path: String, focus: MarketCode?, tickers: Bool
    ) throws -> PlayedFeed? {
        guard let dialect = recording.dialects[exchange] else { return nil }
        let fetcher = ReplayFetcher(ReplaySource(recording, exchange: exchange, dialect: dialect, path: path, speed: 0))
        var state = MarketState()
        let listing = try fetcher.answer(.markets)
        var resources: [SnapshotResource] = []
        if tickers {
            for case .markets(let markets) in listing.events {
                resources.append(.tickers(markets.map(\.code).filter { $0.isKRW }))
            }
        }
        if let focus {
            let configuration = FeedConfiguration()
            resources += [
                .orderBook(focus), .trades(focus, count: configuration.tradeHistory),
                .candles(focus, .oneMinute, count: configuration.candleHistory),
            ]
        }
        var events = listing.events
        for resource in resources { events += try fetcher.answer(resource).events }
        for event in events { state.apply(event) }
        return PlayedFeed(exchange: exchange, state: state, codec: dialect.makeCodec())
    }
}
