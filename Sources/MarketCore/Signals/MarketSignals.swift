/// What a trader watches besides the price, for one market: put together from the listing,
/// the ticker, the exchange's alert list and its deposit/withdrawal list.
public struct MarketSignals: Sendable, Hashable {
    /// The warning in force: the listing's designation, the ticker's, and the alerts, merged.
    public var warning: MarketWarning?
    /// Whether the market trades.
    public var state: TradingState
    /// The day trading ends (KST), when set.
    public var delistingDate: CivilTime?
    /// The coin's deposit and withdrawal state, when the exchange publishes it.
    public var transfer: TransferStatus?
    /// 체결강도 over the ticker's session (see ``TradeFlow/strength``).
    public var tradeStrength: ExactDecimal?
    /// Whether the exchange flags a sudden rise in traded volume (a reason in
    /// ``MarketWarning/volumeSpikeReasons``).
    public var volumeSpike: Bool
    /// When the market was seen to appear in the listing, if it did while watched.
    public var listedAt: Timestamp?

    /// Creates signals.
    public init(
        warning: MarketWarning? = nil, state: TradingState = .active, delistingDate: CivilTime? = nil,
        transfer: TransferStatus? = nil, tradeStrength: ExactDecimal? = nil, volumeSpike: Bool = false,
        listedAt: Timestamp? = nil
    ) {
        self.warning = warning
        self.state = state
        self.delistingDate = delistingDate
        self.transfer = transfer
        self.tradeStrength = tradeStrength
        self.volumeSpike = volumeSpike
        self.listedAt = listedAt
    }

    /// How long a market that appeared counts as new.
    public static let newListingSpan: Int64 = 86_400_000_000

    /// Whether the market appeared less than 24 hours before `time`.
    public func isNew(at time: Timestamp) -> Bool {
        guard let listedAt else { return false }
        return time.microseconds - listedAt.microseconds < Self.newListingSpan
    }
}

extension MarketSnapshot {
    /// The signals of `market` in this snapshot.
    public func signals(for market: Market) -> MarketSignals {
        let ticker = tickers[market.code]
        let status = ticker?.status
        let designation = status?.isDesignated == true ? MarketWarning(step: .designated) : nil
        let warning = MarketWarning.merging(MarketWarning.merging(market.warning, designation), alerts[market.code])
        return MarketSignals(
            warning: warning, state: status?.state ?? .active, delistingDate: status?.delistingDate,
            transfer: transfers[market.code.base], tradeStrength: ticker?.flow?.strength,
            volumeSpike: warning?.flagsVolumeSpike ?? false, listedAt: listedAt[market.code])
    }
}
