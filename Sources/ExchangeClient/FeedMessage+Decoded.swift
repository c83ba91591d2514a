public import MarketRuntime
public import MarketWire

extension Dialect {
    /// How this dialect's feed delivers order books: legacy books arrive as deltas, kept
    /// against the REST book's levels; the others send whole books.
    public var bookUpdates: BookUpdates {
        self == .bithumbLegacy ? .deltas(snapshotDepth: BithumbLegacyCodec.bookSnapshotDepth) : .wholeBooks
    }
}

extension FeedMessage {
    /// What a codec decoded, each error as one line.
    public init(_ decoded: DecodedMessages) {
        self.init(events: decoded.events, decodeErrors: decoded.errors.map { String(describing: $0) })
    }

    /// Adds what a codec decoded from one more body.
    public mutating func append(_ decoded: DecodedMessages) {
        events += decoded.events
        decodeErrors += decoded.errors.map { String(describing: $0) }
    }
}
