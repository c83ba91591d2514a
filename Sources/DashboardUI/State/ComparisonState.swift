public import MarketCore

/// The comparison of the exchanges followed: the gap cells lit because the gap changed sign,
/// and whether coins listed on one exchange only are shown too.
public struct ComparisonState: Sendable, Equatable {
    /// How long a gap that changed sign stays lit: long enough to catch the eye on a board of
    /// hundreds of rows.
    public static let flipDuration: Int64 = 2_000_000

    /// Gap cells lit now: `up` when Upbit went above Bithumb.
    public internal(set) var flips: [MarketCode: UIState.Flash] = [:]
    /// Whether coins listed on one exchange only are listed as well.
    public internal(set) var showsUnpaired = false
    /// The sign of each coin's gap in the last snapshot, to notice it flip.
    var signs: [MarketCode: PriceMove] = [:]

    /// Lights the gaps of `board` whose sign changed since the last snapshot (a gap of zero
    /// between two signs counts as no change yet), until `flipDuration` after `now`.
    mutating func noteFlips(in board: BoardSnapshot, at now: Timestamp) {
        let changed = Set(board[.bithumb].diff.tickers).union(board[.upbit].diff.tickers)
        for code in changed {
            guard let gap = board.gap(of: code)?.gap, !gap.isZero else { continue }
            let sign: PriceMove = gap.isNegative ? .down : .up
            if let previous = signs[code], previous != sign {
                flips[code] = UIState.Flash(move: sign, until: now.advanced(byMicroseconds: Self.flipDuration))
            }
            signs[code] = sign
        }
    }

    /// Puts out the flips that have ended by `time`.
    mutating func expire(at time: Timestamp) {
        flips = flips.filter { $0.value.until > time }
    }
}
