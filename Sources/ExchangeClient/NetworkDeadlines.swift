/// How long the adapters wait for a step before giving it up as failed.
public struct NetworkDeadlines: Sendable, Hashable {
    /// A WebSocket connection's handshake: TCP connect, TLS and the HTTP upgrade.
    public var handshake: Duration
    /// A whole REST response, body included.
    public var response: Duration

    /// Creates deadlines (10 s for a handshake and 15 s for a response unless told otherwise).
    public init(
        handshake: Duration = WebSocketFeedTransport.defaultHandshakeTimeout,
        response: Duration = RESTSnapshotFetcher.defaultTimeout
    ) {
        self.handshake = handshake
        self.response = response
    }
}
