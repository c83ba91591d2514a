public import MarketCore

/// What one or more messages from a feed decoded to, in arrival order: their events and a
/// description of each part that could not be decoded.
public struct FeedMessage: Sendable {
    /// Decoded events, in wire order.
    public var events: [MarketEvent]
    /// What could not be decoded, one line each.
    public var decodeErrors: [String]
    /// How many wire messages this holds: a transport hands on everything one read brought.
    public var frames: Int

    /// Creates a message standing for `frames` wire messages.
    public init(events: [MarketEvent], decodeErrors: [String] = [], frames: Int = 1) {
        self.events = events
        self.decodeErrors = decodeErrors
        self.frames = frames
    }
}

/// The messages of one open connection, in arrival order; the sequence ends or throws when
/// the connection closes.
public typealias FeedMessages = any AsyncSequence<FeedMessage, any Error> & Sendable

/// The sending side of one open connection.
public protocol FeedConnection: Sendable {
    /// Asks the exchange to stream `subscription`, replacing what was asked before.
    func subscribe(to subscription: FeedSubscription) async throws
    /// Sends a keepalive the exchange answers or counts as traffic.
    func sendKeepalive() async throws
    /// Reads the network again no sooner than `delay` from now, so that what arrives meanwhile
    /// is taken in with one read just before the screen's next snapshot instead of one read (and
    /// one wake of the connection's thread) at a time.
    func holdNextRead(for delay: Duration)
}

extension FeedConnection {
    /// A connection that hands messages on as they come has no reads to hold.
    public func holdNextRead(for delay: Duration) {}
}

/// A streaming connection to an exchange (the WebSocket port).
public protocol FeedTransport: Sendable {
    /// How this feed delivers order books.
    var bookUpdates: BookUpdates { get }
    /// Where the feed connects, for messages to the user.
    var endpointDescription: String { get }

    /// Connects, runs `session` while the connection is open, and closes the connection when
    /// `session` returns or throws. Throws when the connection cannot be made.
    func connect(_ session: @escaping @Sendable (FeedMessages, any FeedConnection) async throws -> Void) async throws
}

/// Fetches whole resources (the REST port): listings, tickers, books, trades and candles.
public protocol SnapshotFetcher: Sendable {
    /// Fetches `resource`, within the exchange's request limits, and decodes it.
    func fetch(_ resource: SnapshotResource) async throws -> FeedMessage
}
