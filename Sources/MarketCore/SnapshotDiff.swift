/// Which way a market's price moved between two snapshots.
public enum PriceMove: Sendable, Hashable {
    case up, down
}

/// What changed between one published snapshot and the next.
public struct SnapshotDiff: Sendable, Hashable {
    /// Whether the market listing (or a name) changed.
    public var listingChanged = false
    /// Markets whose ticker row changed.
    public var tickers: Set<MarketCode> = []
    /// Markets whose order book changed.
    public var orderBooks: Set<MarketCode> = []
    /// Markets whose trade tape changed.
    public var trades: Set<MarketCode> = []
    /// Markets whose candles changed.
    public var candles: Set<MarketCode> = []
    /// Markets whose last price differs from the previous snapshot, and which way.
    public var priceMoves: [MarketCode: PriceMove] = [:]
    /// Markets that appeared in the listing since the previous snapshot.
    public var newListings: [MarketCode] = []
    /// Whether the alert list or the deposit/withdrawal list changed.
    public var signalsChanged = false

    /// Creates an empty diff.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool {
        !listingChanged && !signalsChanged && tickers.isEmpty && orderBooks.isEmpty && trades.isEmpty && candles.isEmpty
    }
}
