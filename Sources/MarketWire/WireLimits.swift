/// The largest inputs coinboard takes, in one place: the transports read no more than the
/// codecs decode, and the demo exchange takes no larger request than a client may send.
public enum WireLimits {
    /// One WebSocket frame from an exchange, read by the transport and decoded by the codecs
    /// (real frames, whole books of 30 levels included, are a few kilobytes).
    public static let frameBytes = 256 * 1024
    /// One REST body, read by the fetcher and decoded by the codecs (a full KRW ticker list is
    /// about 230 KB).
    public static let responseBytes = 8 * 1024 * 1024
    /// One request a client sends the demo exchange: a WebSocket subscription or an HTTP
    /// request target (a subscription to every KRW market's three streams is about 20 KB).
    public static let requestBytes = 64 * 1024
}
