/// Won per US dollar, where it came from and when: the rate the kimchi premium is measured with.
public struct WonDollarRate: Sendable, Hashable {
    /// Where a rate came from.
    public enum Source: Sendable, Hashable {
        /// Dunamu's forex quote (the bank reference rate Upbit shows, 매매기준율).
        case dunamu
        /// A followed exchange's KRW-USDT price standing in for it (테더 환율), when the forex
        /// quote cannot be had.
        case tether(Exchange)

        /// The name the snapshot's `fx.source` gives it.
        public var name: String {
            switch self {
            case .dunamu: "dunamu"
            case .tether: "tether"
            }
        }
    }

    /// Won for one dollar (or, for ``Source/tether(_:)``, for one USDT).
    public var rate: ExactDecimal
    /// Where it came from.
    public var source: Source
    /// The quote's own time.
    public var at: Timestamp

    /// Creates a rate.
    public init(rate: ExactDecimal, source: Source, at: Timestamp) {
        self.rate = rate
        self.source = source
        self.at = at
    }
}
