public import MarketRuntime
public import MarketWire

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
