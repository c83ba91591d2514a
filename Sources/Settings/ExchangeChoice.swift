public import MarketCore

/// The exchanges coinboard can show.
public enum ExchangeChoice: String, Sendable, Hashable, CaseIterable {
    case bithumb
    case bithumbLegacy = "bithumb-legacy"
    case upbit
    /// The embedded demo exchange: everything shown is simulated.
    case demo
}

extension ExchangeChoice {
    /// The exchange this feed is of (both Bithumb dialects are Bithumb); `nil` for the demo.
    public var exchange: Exchange? {
        switch self {
        case .bithumb, .bithumbLegacy: .bithumb
        case .upbit: .upbit
        case .demo: nil
        }
    }

    /// Why `choices` cannot be followed together (the demo among them, or two feeds of one
    /// exchange), or `nil` when they can.
    public static func problem(with choices: [ExchangeChoice]) -> String? {
        if choices.isEmpty { return "name at least one exchange" }
        if choices.contains(.demo) { return "\"demo\" is not an exchange to list with others; use --demo (or exchange = \"demo\")" }
        let exchanges = choices.compactMap(\.exchange)
        if let twice = exchanges.first(where: { exchange in exchanges.filter { $0 == exchange }.count > 1 }) {
            return "\(twice.rawValue) is named twice: follow one of its feeds"
        }
        return nil
    }
}
