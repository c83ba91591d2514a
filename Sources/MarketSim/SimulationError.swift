/// Why a simulation cannot start.
public enum SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration is out of range; the text says which value and why.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): reason
        }
    }
}
