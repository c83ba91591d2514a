public import MarketCore

/// What `coinboard snapshot --format json` prints when several exchanges are followed: each
/// exchange's own document (the single-exchange one), the price gap of every coin listed on
/// both, widest first, and the premium's part (``PremiumReport``) with rows for each exchange.
public struct ComparisonReport: Encodable, Sendable {
    /// One coin on both exchanges.
    struct Row: Encodable, Sendable {
        var code: String
        /// Each exchange's last price, by exchange name.
        var prices: KeyedList<String>
        /// Upbit's price less Bithumb's, exact.
        var gap: String
        /// The gap as a percentage of Bithumb's price, rounded half to even at 10⁻⁸.
        var gapPercent: String?
    }

    var capturedAt: String
    var exchanges: KeyedList<SnapshotReport>
    var comparison: [Row]
    var fx: NullOr<PremiumReport.Rate>
    var reference: PremiumReport.Reference
    var premium: [PremiumReport.Row]

    /// The comparison of `board`, each exchange's document made by `report`.
    public init(board: BoardSnapshot, report: (Exchange, MarketSnapshot) -> SnapshotReport) {
        capturedAt = board.exchanges.map { board[$0].capturedAt }.max()?.iso8601 ?? board.primary.capturedAt.iso8601
        exchanges = KeyedList(board.exchanges.map { ($0.rawValue, report($0, board[$0])) })
        comparison = board.gaps.map { gap in
            Row(
                code: gap.code.code,
                prices: KeyedList([(Exchange.bithumb.rawValue, gap.bithumb.description), (Exchange.upbit.rawValue, gap.upbit.description)]),
                gap: gap.gap.description, gapPercent: gap.gapPercent?.description)
        }
        let part = PremiumReport(board: board, exchanges: board.exchanges)
        fx = part.fx
        reference = part.reference
        premium = part.premium
    }
}
