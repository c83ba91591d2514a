public import MarketCore

/// Why the configuration — a file, or the API keys — cannot be used.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not valid: at `line` (where known), `key` (if one is at fault).
    case badConfig(file: String, line: Int?, key: String?, problem: String)
    /// The path names something other than a regular file (`kind`: "a FIFO", "a directory"…).
    case notARegularFile(path: String, kind: String)
    /// A credentials file others could read or change (`problem` says how); it is not read.
    case unsafeCredentials(path: String, problem: String)
    /// Neither the environment nor the credentials file at `path` has a key pair for `exchange`.
    case missingKeys(exchange: Exchange, path: String)

    public var description: String {
        switch self {
        case .badConfig(let file, let line, let key, let problem):
            [file + (line.map { ":\($0)" } ?? ""), key, problem].compactMap { $0 }.joined(separator: ": ")
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .unsafeCredentials(let path, let problem): "\(path) is not used: \(problem)"
        case .missingKeys(let exchange, let path):
            "no API keys for \(exchange.rawValue): set \(Credentials.variablePrefix(for: exchange))ACCESS_KEY and "
                + "\(Credentials.variablePrefix(for: exchange))SECRET_KEY, or [\(exchange.rawValue)] in \(path)"
        }
    }
}
