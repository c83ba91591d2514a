/// Why the demo exchange could not start or serve.
public enum DemoExchangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A configuration value is out of range.
    case invalidConfiguration(String)
    /// The server could not bind its listening socket.
    case couldNotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): "invalid demo exchange configuration: \(reason)"
        case .couldNotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
