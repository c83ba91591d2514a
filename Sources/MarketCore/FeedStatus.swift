/// The state of the connection to an exchange, as the user should see it.
public enum ConnectionState: String, Sendable, Hashable, CaseIterable {
    /// Connecting for the first time.
    case connecting
    /// Connected, subscribed, and market data (tickers, trades, books — streamed, or answered
    /// over REST in this session) arriving.
    case live
    /// Connected, but no market data has arrived for longer than the keepalive window
    /// (heartbeats, acknowledgements and errors keep a socket open; they don't make its data
    /// fresh): the figures on screen may be old.
    case stale
    /// The connection was lost; a new one is being made (after a backoff delay).
    case reconnecting
    /// Several attempts in a row have failed; retries go on at the longest backoff.
    case failed
}

/// The connection's state and counters, published with every snapshot.
public struct FeedStatus: Sendable, Hashable {
    /// Where the connection stands.
    public var state: ConnectionState
    /// WebSocket messages received since start, heartbeats included.
    public var messages: Int
    /// Messages, or entries within them, that could not be decoded.
    public var decodeErrors: Int
    /// Connections re-established after a loss.
    public var reconnects: Int
    /// Events the store dropped because they named a market outside the listing or beyond its
    /// market limit; filled in by ``MarketState`` when it publishes.
    public var droppedEvents: Int
    /// When the last message carrying market data arrived (the client's clock), if any has.
    public var lastMarketDataAt: Timestamp?
    /// The most recent problem, in words, for the status bar (already free of control characters).
    public var lastProblem: String?
    /// Markets whose books are being rebuilt from a new snapshot.
    public var resyncingBooks: Set<MarketCode>
    /// Why the candles kept between runs were given up for the rest of this run, once they
    /// were (free of control characters); the charts then work from memory.
    public var candleCacheProblem: String?

    /// Creates a status.
    public init(
        state: ConnectionState = .connecting, messages: Int = 0, decodeErrors: Int = 0, reconnects: Int = 0, droppedEvents: Int = 0,
        lastMarketDataAt: Timestamp? = nil, lastProblem: String? = nil,
        resyncingBooks: Set<MarketCode> = []
    ) {
        self.state = state
        self.messages = messages
        self.decodeErrors = decodeErrors
        self.reconnects = reconnects
        self.droppedEvents = droppedEvents
        self.lastMarketDataAt = lastMarketDataAt
        self.lastProblem = lastProblem
        self.resyncingBooks = resyncingBooks
    }

    /// Seconds since market data last arrived by the wall clock (for showing only), never
    /// below 0 (a wall clock stepped back), or `nil` when none has arrived.
    public func secondsSinceMarketData(at now: Timestamp) -> Double? {
        lastMarketDataAt.map { max(0, Double(now.microseconds(since: $0)) / 1_000_000) }
    }
}
