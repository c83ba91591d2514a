/// The figures a trader reads off a book: spread, mid, how much rests on each side in all and
/// near the mid, and which side outweighs the other. Every figure is exact; quotients are
/// rounded half to even at 10⁻¹⁸.
public struct BookStatistics: Sendable, Hashable {
    /// Best ask minus best bid, when both sides have a level.
    public let spread: ExactDecimal?
    /// The spread in ticks of the best bid's band (``KRWTickTable``), rounded down.
    public let spreadTicks: Int?
    /// The spread as a share of the mid, in basis points (1 bp = 0.01 %).
    public let spreadBasisPoints: ExactDecimal?
    /// Halfway between the best bid and the best ask.
    public let mid: ExactDecimal?
    /// Total bid size over the held book.
    public let bidTotal: ExactDecimal
    /// Total ask size over the held book.
    public let askTotal: ExactDecimal
    /// Bid size at prices no more than 1 % below the mid.
    public let bidNearMid: ExactDecimal
    /// Ask size at prices no more than 1 % above the mid.
    public let askNearMid: ExactDecimal
    /// (bid − ask) ÷ (bid + ask) of the held totals: +1 all bids, −1 all asks; `nil` for an
    /// empty book.
    public let imbalance: ExactDecimal?

    /// How far from the mid a level still counts as near it: 1 %.
    public static let nearMidShare = ExactDecimal(count: 1, fractionDigits: 2)

    /// The statistics of `book`.
    public init(_ book: OrderBook) {
        bidTotal = book.bids.reduce(.zero) { $0 + $1.quantity }
        askTotal = book.asks.reduce(.zero) { $0 + $1.quantity }
        let sum = bidTotal + askTotal
        imbalance = sum.isZero ? nil : (bidTotal - askTotal).divided(by: sum)
        guard let bid = book.bestBid?.price, let ask = book.bestAsk?.price, let mid = (bid + ask).divided(by: 2) else {
            (spread, spreadTicks, spreadBasisPoints, self.mid, bidNearMid, askNearMid) = (nil, nil, nil, nil, .zero, .zero)
            return
        }
        let spread = ask - bid
        self.spread = spread
        self.mid = mid
        spreadTicks = spread.count(of: KRWTickTable.tick(at: bid))
        spreadBasisPoints = (spread * ExactDecimal(10_000)).divided(by: mid)
        let reach = mid * Self.nearMidShare
        bidNearMid = book.bids.prefix { $0.price >= mid - reach }.reduce(.zero) { $0 + $1.quantity }
        askNearMid = book.asks.prefix { $0.price <= mid + reach }.reduce(.zero) { $0 + $1.quantity }
    }
}
