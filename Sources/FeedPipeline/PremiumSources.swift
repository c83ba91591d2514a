public import FeedRecording
import MarketWire

/// Where the kimchi premium's two inputs come from: the reference exchange's feed (Binance's
/// USDT prices) and the won–dollar rate (Dunamu's forex quote). Either may be off, with the
/// reason the status bar shows.
public struct PremiumSources: Sendable {
    /// The reference exchange's feed.
    public enum Reference: Sendable {
        /// Followed from this source (the demo's `/binance`, or Binance's endpoints).
        case feed(FeedSource)
        /// Not followed, for this reason.
        case off(String)
    }

    /// The won–dollar rate's source.
    public enum Rate: Sendable {
        /// The embedded demo exchange's `/fx`.
        case demo
        /// The forex quote under this base URL (before `/v1/forex/recent`), each answer due
        /// within `timeout`.
        case remote(baseURL: String, timeout: Duration)
        /// A recording's answers, read from `path`.
        case replay([FrameRecording.RateAnswer], path: String)
        /// Not read, for this reason (a followed exchange's KRW-USDT price stands in).
        case off(String)
    }

    /// The reference exchange's feed.
    public var reference: Reference
    /// The rate's source.
    public var rate: Rate

    /// Sources of these parts.
    public init(reference: Reference, rate: Rate) {
        self.reference = reference
        self.rate = rate
    }

    /// Both from the embedded demo exchange.
    public static let demo = PremiumSources(reference: .feed(.demo(.binance)), rate: .demo)

    /// Both off, for `reason`.
    public static func off(_ reason: String) -> PremiumSources {
        PremiumSources(reference: .off(reason), rate: .off(reason))
    }

    /// The reference's feed source, when it is followed.
    public var referenceFeed: FeedSource? {
        if case .feed(let source) = reference { source } else { nil }
    }

    /// Whether either comes from the embedded demo exchange.
    public var usesDemo: Bool {
        if case .feed(.demo) = reference { return true }
        if case .demo = rate { return true }
        return false
    }
}
