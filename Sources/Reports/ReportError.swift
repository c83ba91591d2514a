/// Why a report could not be made.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document could not be encoded as JSON (a number out of JSON's range, say).
    case unencodable(String)

    public var description: String {
        switch self {
        case .unencodable(let reason): "the report could not be written as JSON: \(reason)"
        }
    }
}
