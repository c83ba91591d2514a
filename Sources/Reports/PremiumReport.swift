public import MarketCore

/// The kimchi premium's part of a snapshot document: the won–dollar rate (`fx`), the reference
/// exchange's tickers of the coins paired with a followed exchange (`reference`), and every
/// premium row, the widest first (`premium`).
struct PremiumReport: Encodable, Sendable {
    /// The rate premiums are measured with.
    struct Rate: Encodable, Sendable {
        var rate: String
        /// `dunamu`, or `tether` when a followed exchange's KRW-USDT price stands in.
        var source: String
        /// Whose KRW-USDT price, for `tether`.
        var exchange: String?
        /// The quote's own time (for `tether`, the ticker's).
        var at: String
        /// Why the forex quote is not used, when it is not.
        var problem: String?
    }

    /// The reference exchange's part.
    struct Reference: Encodable, Sendable {
        var exchange: String
        /// Why the reference is off, when it is (its connection and markets are then absent).
        var off: String?
        var connection: SnapshotReport.Connection?
        var markets: [SnapshotReport.MarketRow]?
    }

    /// One coin's premium on one exchange; every figure exact, the percent rounded half to
    /// even once at 10⁻⁸.
    struct Row: Encodable, Sendable {
        var symbol: String
        var exchange: String
        var price: String
        var referenceSymbol: String
        var referencePrice: String
        var referencePriceKRW: String
        var premiumPercent: String?
    }

    var fx: NullOr<Rate>
    var reference: Reference
    var premium: [Row]

    /// The premium's part of `board`, rows for each of `exchanges`.
    init(board: BoardSnapshot, exchanges: [Exchange]) {
        fx = NullOr(
            board.wonDollarRate.map { rate in
                let exchange: String? = if case .tether(let exchange) = rate.source { exchange.rawValue } else { nil }
                return Rate(
                    rate: rate.rate.description, source: rate.source.name, exchange: exchange, at: rate.at.iso8601,
                    problem: board.premiumReference.forexProblem)
            })
        let paired = Set(board.exchanges.flatMap { board[$0].markets.map(\.code) }.filter(\.isKRW).map(\.base))
        reference = Reference(
            exchange: Exchange.binance.rawValue, off: board.premiumReference.offReason,
            connection: board.reference.map { SnapshotReport.Connection($0) },
            markets: board.reference.map { snapshot in
                snapshot.markets.filter { paired.contains($0.code.base) && snapshot.tickers[$0.code] != nil }.map {
                    SnapshotReport.MarketRow(
                        $0, ticker: snapshot.tickers[$0.code], receivedAt: snapshot.receivedAt[$0.code], signals: snapshot.signals(for: $0))
                }
            })
        premium = board.premiums(on: exchanges).map { premium in
            Row(
                symbol: premium.market.code, exchange: premium.exchange.rawValue, price: premium.price.description,
                referenceSymbol: premium.referenceMarket.code, referencePrice: premium.referencePrice.description,
                referencePriceKRW: premium.referencePriceKRW.description, premiumPercent: premium.premiumPercent?.description)
        }
    }
}
