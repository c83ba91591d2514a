import MarketCore

/// What the demo exchange says about its markets besides prices, fixed by rank so that some of
/// it shows on the first screen of the default sort (by traded value, where rank 0 leads):
/// designations, alerts with reasons and end dates, a halt, a delisting, and deposit and
/// withdrawal suspensions.
struct DemoNotices: Sendable, Hashable {
    /// Alerts in force, by rank.
    let alerts: [Int: MarketWarning]
    /// Ranks designated for investment warning (투자유의), besides the wildest coins.
    static let designatedRanks: Set<Int> = [4, 23]
    /// The rank whose trading is halted: it places no orders and its ticker says so.
    static let suspendedRank = 9
    /// The rank with a delisting date, two weeks after the start.
    static let delistingRank = 14
    /// Deposit and withdrawal state by rank, where not normal.
    static let transferRanks: [Int: TransferStatus] = [
        3: TransferStatus(deposit: .suspended, withdrawal: .normal),
        9: TransferStatus(deposit: .suspended, withdrawal: .suspended),
        12: TransferStatus(deposit: .normal, withdrawal: .suspended),
    ]

    /// The notices of a simulation starting at `start`: alerts end a few days after it.
    init(start: Timestamp) {
        let day: Int64 = 86_400_000_000
        let midnight = start.floored(toMultipleOf: day, phase: -WallClock.kst.offsetMicroseconds)
        func ending(afterDays days: Int64) -> Timestamp { midnight.advanced(byMicroseconds: days * day - 1_000_000) }
        alerts = [
            2: MarketWarning(step: .caution, reasons: ["PRICE_SUDDEN_FLUCTUATION"], until: ending(afterDays: 1)),
            6: MarketWarning(step: .warning, reasons: ["TRADING_VOLUME_SUDDEN_FLUCTUATION"], until: ending(afterDays: 2)),
            11: MarketWarning(
                step: .danger, reasons: ["PRICE_DIFFERENCE_HIGH", "CONCENTRATION_OF_SMALL_ACCOUNTS"],
                until: ending(afterDays: 3)),
            17: MarketWarning(step: .caution, reasons: ["DEPOSIT_AMOUNT_SUDDEN_FLUCTUATION"], until: ending(afterDays: 1)),
        ]
    }

    /// The ticker's status of the market at `rank`, for a simulation started at `start`.
    static func status(rank: Int, designated: Bool, start: Timestamp) -> TradingStatus {
        if rank == suspendedRank { return TradingStatus(state: .suspended, isDesignated: designated) }
        if rank == delistingRank {
            let date = start.advanced(byMicroseconds: 14 * 86_400_000_000).civilTime(in: .kst)
            let day = CivilTime(year: date.year, month: date.month, day: date.day)
            return TradingStatus(state: .delisting, delistingDate: day, isDesignated: designated)
        }
        return TradingStatus(state: .active, isDesignated: designated)
    }
}
