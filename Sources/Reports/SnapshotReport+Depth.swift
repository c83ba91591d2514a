import MarketCore

extension SnapshotReport {
    /// A book's ``BookStatistics`` as exact decimal strings.
    struct BookStats: Encodable, Sendable {
        var spread: String?
        var spreadTicks: Int?
        var spreadBasisPoints: String?
        var mid: String?
        var askTotal: String
        var bidTotal: String
        /// Ask size at prices no more than 1 % above the mid.
        var askWithin1Percent: String
        /// Bid size at prices no more than 1 % below the mid.
        var bidWithin1Percent: String
        var imbalance: String?

        init(_ statistics: BookStatistics) {
            spread = statistics.spread?.description
            spreadTicks = statistics.spreadTicks
            spreadBasisPoints = statistics.spreadBasisPoints?.description
            mid = statistics.mid?.description
            askTotal = statistics.askTotal.description
            bidTotal = statistics.bidTotal.description
            askWithin1Percent = statistics.askNearMid.description
            bidWithin1Percent = statistics.bidNearMid.description
            imbalance = statistics.imbalance?.description
        }
    }

    /// A market buy spending and a market sell receiving the same KRW amount.
    struct Impact: Encodable, Sendable {
        /// One side's ``MarketImpact``.
        struct Fill: Encodable, Sendable {
            var averagePrice: String?
            var worstPrice: String?
            var quantity: String
            /// The KRW the held book could fill (the amount when `complete`).
            var filledAmount: String
            var levels: Int
            var slippagePercent: String?
            var complete: Bool

            init(_ impact: MarketImpact) {
                averagePrice = impact.averagePrice?.description
                worstPrice = impact.worstPrice?.description
                quantity = impact.quantity.description
                filledAmount = impact.filledAmount.description
                levels = impact.levels
                slippagePercent = impact.slippagePercent?.description
                complete = impact.isComplete
            }
        }

        var amount: String
        var buy: Fill
        var sell: Fill

        init(amount: ExactDecimal, book: OrderBook) {
            self.amount = amount.description
            buy = Fill(MarketImpact(.buy, amount: amount, in: book))
            sell = Fill(MarketImpact(.sell, amount: amount, in: book))
        }
    }
}
