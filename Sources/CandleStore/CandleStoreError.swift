/// What can go wrong with the candle store. Every case says what to tell the user; none
/// costs the chart, which works from memory without a store.
public enum CandleStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store's folder could not be made or written (a read-only folder, a full disk).
    case unwritable(path: String, reason: String)
    /// The file is not a database, or a damaged one that could not be set aside.
    case unreadable(path: String, reason: String)
    /// SQLite refused a read or a write.
    case database(String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "the candle cache \(path) cannot be written (\(reason))"
        case .unreadable(let path, let reason): "the candle cache \(path) cannot be read (\(reason))"
        case .database(let reason): "the candle cache failed: \(reason)"
        }
    }
}
