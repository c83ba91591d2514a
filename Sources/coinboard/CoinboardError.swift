import MarketCore
import Persistence

/// Failures of the `coinboard` command, each printed as one line on stderr.
enum CoinboardError: Error, CustomStringConvertible {
    /// A file named on the command line could not be read.
    case unreadableFile(String)
    /// A file could not be created for writing.
    case unwritableFile(String)
    /// A log file could not be opened for appending.
    case unwritableLog(String)
    /// A path given for a log, a recording or a frames file names something other than a
    /// regular file (a FIFO would block, a device never end).
    case notARegularFile(String, kind: String)
    /// Nothing at all could be fetched from the feed within the time given.
    case nothingFetched(from: String, reason: String?)

    var description: String {
        switch self {
        case .unreadableFile(let path): "cannot read \(path)"
        case .unwritableFile(let path): "cannot write \(path)"
        case .unwritableLog(let path): "cannot write the log file \(path)"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .nothingFetched(let endpoint, let reason):
            "nothing could be fetched from \(endpoint)" + (reason.map { ": \($0)" } ?? "")
        }
    }
}

extension CoinboardError {
    /// Throws ``nothingFetched(from:reason:)`` when no exchange of `board` listed anything, naming
    /// the first one's endpoint (from `origins`) and its last problem; one exchange failing
    /// never hides another, whose document says what went wrong.
    static func requireFetched(_ board: BoardSnapshot, origins: [Exchange: String]) throws(CoinboardError) {
        guard let exchange = board.exchanges.first, board.exchanges.allSatisfy({ board[$0].markets.isEmpty }) else { return }
        throw .nothingFetched(from: origins[exchange] ?? exchange.rawValue, reason: board[exchange].feed.lastProblem)
    }

    /// Throws ``notARegularFile(_:kind:)`` when `path` exists and is not a regular file, before
    /// anything opens it.
    static func refuseIrregularFile(at path: String) throws(CoinboardError) {
        if let kind = RegularFile.irregularKind(at: path) { throw .notARegularFile(path, kind: kind) }
    }
}
