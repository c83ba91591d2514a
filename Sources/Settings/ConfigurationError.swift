/// Why a configuration file cannot be used.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not valid: at `line` (where known), `key` (if one is at fault).
    case badConfig(file: String, line: Int?, key: String?, problem: String)
    /// The path names something other than a regular file (`kind`: "a FIFO", "a directory"…).
    case notARegularFile(path: String, kind: String)
    /// A credentials file others could read or change (`problem` says how); it is not read.
    case unsafeCredentials(path: String, problem: String)

    public var description: String {
        switch self {
        case .badConfig(let file, let line, let key, let problem):
            [file + (line.map { ":\($0)" } ?? ""), key, problem].compactMap { $0 }.joined(separator: ": ")
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .unsafeCredentials(let path, let problem): "\(path) is not used: \(problem)"
        }
    }
}
