/// Why a file could not be read or written.
public enum PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)
    /// The path names something other than a regular file (`kind`: "a FIFO", "a directory"…).
    case notARegularFile(path: String, kind: String)

    /// The reason first: the status bar, which may cut the end off, shows it.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason), .unwritable(let path, let reason): "\(reason) (\(path))"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        }
    }
}
