/// What the kimchi premium is measured against at one moment: the reference exchange's
/// snapshot (Binance's USDT markets) and Dunamu's forex quote, or why either cannot be had.
public struct PremiumReference: Sendable, Equatable {
    /// The reference exchange's snapshot, `nil` when the reference is off.
    public var snapshot: MarketSnapshot?
    /// Why the reference is off (`reference = "none"`, or endpoints given for the exchanges and
    /// none for it), when it is.
    public var offReason: String?
    /// The forex quote last read, if any.
    public var forex: WonDollarRate?
    /// Why the forex quote is not used (its last read failed, or it is off), when it is not:
    /// a followed exchange's KRW-USDT price stands in.
    public var forexProblem: String?

    /// A reference of these parts.
    public init(snapshot: MarketSnapshot? = nil, offReason: String? = nil, forex: WonDollarRate? = nil, forexProblem: String? = nil) {
        self.snapshot = snapshot
        self.offReason = offReason
        self.forex = forex
        self.forexProblem = forexProblem
    }

    /// No reference and no rate: a board with nothing to measure a premium against.
    public static let none = PremiumReference()

    /// The forex quote while its reads succeed; otherwise the KRW-USDT price of the first of
    /// `exchanges` that has one, labelled ``WonDollarRate/Source/tether(_:)`` and stamped with
    /// its ticker's time; `nil` when neither can be had — never a constant.
    public func rate(exchanges: [Exchange], snapshots: (Exchange) -> MarketSnapshot) -> WonDollarRate? {
        if forexProblem == nil, let forex { return forex }
        for exchange in exchanges {
            if let ticker = snapshots(exchange).tickers[.wonTether], ticker.price > .zero {
                return WonDollarRate(rate: ticker.price, source: .tether(exchange), at: ticker.timestamp)
            }
        }
        return nil
    }
}
