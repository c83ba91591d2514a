import SafeText

/// Why a trade cannot be entered in the holdings.
public enum HoldingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A quantity or a price that is zero or below (`what` names which).
    case notPositive(String, ExactDecimal)
    /// A market code that is not a KRW market.
    case notAKRWMarket(String)
    /// A sell of more than is held.
    case sellsMoreThanHeld(ExactDecimal, held: ExactDecimal)

    public var description: String {
        switch self {
        case .notPositive(let what, let value): "the \(what) must be above zero, not \(value)"
        case .notAKRWMarket(let code): "\(code.strippingUnsafeCharacters) is not a KRW market"
        case .sellsMoreThanHeld(let quantity, let held): "cannot sell \(quantity): \(held) is held"
        }
    }
}
