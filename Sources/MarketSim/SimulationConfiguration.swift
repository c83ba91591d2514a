/// What to simulate: how many markets, how busy, from which seed.
public struct SimulationConfiguration: Sendable, Hashable {
    /// The seed; the same seed and the same calls give the same market.
    public var seed: UInt64
    /// Number of KRW markets listed (1…500; Bithumb lists about 480).
    public var marketCount: Int
    /// Book updates per second across all markets, one per order arrival, cancel or market
    /// order; a full-market order-book subscription sees about this many frames a second.
    public var updatesPerSecond: Double
    /// Minutes of one-minute candle history before the start (made on demand, so a week costs
    /// no more memory than an hour).
    public var historyMinutes: Int
    /// Seconds of live simulation run before the start, so books and trade tapes are warm.
    public var warmUpSeconds: Double
    /// Seconds after the start at which one more market is listed (a new listing, traded
    /// busily from its first minute), or `nil` for none.
    public var newListingAfterSeconds: Double?

    /// When the demo lists its new market unless told otherwise: three minutes after the start.
    public static let defaultNewListingAfterSeconds = 180.0

    /// The longest history, and the demo's: a week of minutes.
    public static let maximumHistoryMinutes = 10_080

    /// The most markets listed.
    public static let maximumMarketCount = 500

    /// Creates a configuration; the defaults match the real exchange's size and pace.
    public init(
        seed: UInt64 = 1, marketCount: Int = 200, updatesPerSecond: Double = 1000,
        historyMinutes: Int = SimulationConfiguration.maximumHistoryMinutes, warmUpSeconds: Double = 20,
        newListingAfterSeconds: Double? = SimulationConfiguration.defaultNewListingAfterSeconds
    ) {
        self.seed = seed
        self.marketCount = marketCount
        self.updatesPerSecond = updatesPerSecond
        self.historyMinutes = historyMinutes
        self.warmUpSeconds = warmUpSeconds
        self.newListingAfterSeconds = newListingAfterSeconds
    }

    /// Why the configuration cannot run, or `nil` when it can.
    public var problem: String? {
        if !(1...Self.maximumMarketCount).contains(marketCount) {
            return "markets must be between 1 and \(Self.maximumMarketCount), not \(marketCount)"
        }
        if !(updatesPerSecond > 0 && updatesPerSecond <= 1_000_000) {
            return "rate must be above 0 and at most 1000000 updates per second, not \(updatesPerSecond)"
        }
        if !(0...Self.maximumHistoryMinutes).contains(historyMinutes) {
            return "history must be 0…\(Self.maximumHistoryMinutes) minutes"
        }
        if !(warmUpSeconds >= 0 && warmUpSeconds <= 600) { return "warm-up must be 0…600 seconds" }
        if let delay = newListingAfterSeconds, !(delay >= 0 && delay <= 86_400) {
            return "the new listing must come 0…86400 seconds after the start"
        }
        return nil
    }
}
