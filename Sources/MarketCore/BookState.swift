/// How far an order book on screen can be trusted.
public enum BookState: String, Sendable, Hashable, CaseIterable {
    /// Kept current by the present connection.
    case live
    /// Being rebuilt: a new snapshot was asked for (after a gap, a crossed book or a reconnect),
    /// so the levels shown may be missing changes.
    case resyncing
    /// From before the last reconnect, and not yet replaced by this connection.
    case stale
}

extension MarketSnapshot {
    /// The state of `market`'s book, or `nil` when there is none: `resyncing` while the feed
    /// rebuilds it, `stale` when it is from before the present connection, else `live`.
    public func bookState(of market: MarketCode) -> BookState? {
        guard orderBooks[market] != nil else { return nil }
        if feed.resyncingBooks.contains(market) { return .resyncing }
        if staleBooks.contains(market) { return .stale }
        return .live
    }
}
