/// Why a file could not be read or written.
public enum PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
