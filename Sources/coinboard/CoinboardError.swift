/// Failures of the `coinboard` command, each printed as one line on stderr.
enum CoinboardError: Error, CustomStringConvertible {
    /// A file named on the command line could not be read.
    case unreadableFile(String)

    var description: String {
        switch self {
        case .unreadableFile(let path): "cannot read \(path)"
        }
    }
}
