public import MarketCore

extension Dialect {
    /// How this dialect's feed delivers order books: legacy books arrive as deltas, kept
    /// against the REST book's levels; the others send whole books.
    public var bookUpdates: BookUpdates {
        self == .bithumbLegacy ? .deltas(snapshotDepth: BithumbLegacyCodec.bookSnapshotDepth) : .wholeBooks
    }
}
