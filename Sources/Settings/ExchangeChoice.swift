/// The exchanges coinboard can show.
public enum ExchangeChoice: String, Sendable, Hashable, CaseIterable {
    case bithumb
    case bithumbLegacy = "bithumb-legacy"
    case upbit
    /// The embedded demo exchange: everything shown is simulated.
    case demo
}
