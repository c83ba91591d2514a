/// An exchange's API key pair. It never prints itself: its description is redacted and its
/// mirror empty, so a key cannot reach a log, an error or the screen by interpolation or `dump`.
public struct APIKeyPair: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key's public half (it is in every token's payload).
    public let accessKey: String
    /// The key's secret half, the HMAC key.
    public let secretKey: String

    /// Creates a pair.
    public init(accessKey: String, secretKey: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
    }

    public var description: String { "an API key pair (redacted)" }
    public var debugDescription: String { description }
    /// No children: `dump` and reflection show nothing of the keys either.
    public var customMirror: Mirror { Mirror(self, children: []) }
}
