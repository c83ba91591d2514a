import MarketCore

/// What each market's row shows from the market data — its figures, name, badge and kimchi
/// premium — kept from frame to frame while the snapshots say it has not changed, so a frame
/// works out only the rows of the markets whose ticker, or whose reference ticker, moved.
///
/// A kept model is used only when every snapshot since it was made is accounted for: each
/// exchange's snapshot, and the premium's reference's, is the same one (by version) or the one
/// after it, whose diff names the tickers that changed (the models of their coins are dropped),
/// and none changed its listing or signals. Anything else — a snapshot skipped, another exchange,
/// language or won–dollar rate, a listing or alert change, a "new" badge running out — drops
/// them all. A model made again equal to the one dropped is kept as that one (``Kept``), so
/// its row is copied, not drawn. It holds at most two models a market, of the markets whose rows
/// were drawn since it dropped them all the time before last.
struct MarketRowModels: Sendable {
    /// The snapshot-derived part of a row.
    struct Model: Sendable, Equatable {
        var figures: MarketTable.Figures?
        var name: String
        var badge: String
        var isWarned: Bool
        /// The premium in percent as the row shows it (to a hundredth), `nil` without a
        /// reference price or a rate to measure it at.
        var premium: ExactDecimal?
    }

    /// A model as kept, shared by the rows drawn from it: two kept models are equal when they
    /// are the same one, compared at the cost of a pointer, and a row's inputs copy a pointer.
    final class Kept: Sendable, Equatable {
        let model: Model

        init(_ model: Model) {
            self.model = model
        }

        static func == (lhs: Kept, rhs: Kept) -> Bool {
            lhs === rhs
        }
    }

    /// What the kept models were made from.
    private struct Basis: Equatable {
        var versions: [UInt64]
        var exchanges: [Exchange]
        var exchange: Exchange
        var language: NameLanguage
        /// The reference's snapshot version, `nil` without a reference.
        var referenceVersion: UInt64?
        /// The won–dollar rate the premiums were measured at, `nil` when none is shown.
        var rate: ExactDecimal?
    }

    private var models: [MarketCode: Kept] = [:]
    /// Models dropped since the last were emptied, by market: one made again equal to its
    /// dropped model is kept as the dropped one, so its row is not drawn again.
    private var dropped: [MarketCode: Kept] = [:]
    private var basis: Basis?
    /// The earliest moment a kept model's "new" badge runs out.
    private var expiry: Timestamp?

    /// Models held, kept and dropped, for tests.
    var count: Int { models.count + dropped.count }

    /// Drops what `state`'s snapshots changed since the models were made (everything, when that
    /// cannot be told); premiums are measured at `rate`.
    mutating func update(for state: UIState, rate: ExactDecimal?) {
        let board = state.board
        let next = Basis(
            versions: board.exchanges.map { board[$0].version }, exchanges: board.exchanges, exchange: state.exchange,
            language: state.nameLanguage, referenceVersion: board.reference?.version, rate: rate)
        defer { basis = next }
        guard let basis, Self.followsOn(from: basis, to: next, board: board), !isExpired(at: state.snapshot.capturedAt) else {
            removeAll()
            return
        }
        if let shown = next.exchanges.firstIndex(of: next.exchange), next.versions[shown] != basis.versions[shown] {
            drop(state.snapshot.diff.tickers)
        }
        if let reference = board.reference, next.referenceVersion != basis.referenceVersion {
            drop(reference.diff.tickers.map(\.inWon))
        }
    }

    /// The model kept for `code`'s row, if any.
    func kept(_ code: MarketCode) -> Kept? {
        models[code]
    }

    /// Keeps `made` as the model of `code`'s row (made at `time`, after ``kept(_:)`` had none),
    /// as the one dropped last when it is equal to it.
    mutating func keep(_ made: (model: Model, newUntil: Timestamp?), of code: MarketCode, at time: Timestamp) -> Kept {
        if let until = made.newUntil, until > time { expiry = min(expiry ?? until, until) }
        let kept = dropped.removeValue(forKey: code).flatMap { $0.model == made.model ? $0 : nil } ?? Kept(made.model)
        models[code] = kept
        return kept
    }

    /// Whether each exchange's snapshot in `next`, and the reference's, is `basis`'s or the one
    /// right after it with no listing or signal changed, for the same exchange shown in the same
    /// language at the same rate. Version 0 (no snapshot published yet) follows on from nothing.
    private static func followsOn(from basis: Basis, to next: Basis, board: BoardSnapshot) -> Bool {
        guard basis.exchanges == next.exchanges, basis.exchange == next.exchange, basis.language == next.language,
            basis.rate == next.rate
        else { return false }
        for (index, exchange) in next.exchanges.enumerated() {
            guard follows(board[exchange], on: basis.versions[index], now: next.versions[index]) else { return false }
        }
        switch (basis.referenceVersion, next.referenceVersion, board.reference) {
        case (nil, nil, _): return true
        case (let before?, let now?, let reference?): return follows(reference, on: before, now: now)
        default: return false
        }
    }

    /// Whether `snapshot` (at version `now`) is the one at `before` or the one after it with no
    /// listing or signal changed.
    private static func follows(_ snapshot: MarketSnapshot, on before: UInt64, now: UInt64) -> Bool {
        guard before > 0, now == before || now == before &+ 1 else { return false }
        return now == before || !(snapshot.diff.listingChanged || snapshot.diff.signalsChanged)
    }

    /// Drops the models of `changed`, or all of them when that is as many.
    private mutating func drop(_ changed: some Collection<MarketCode>) {
        if changed.count >= models.count {
            removeAll()
        } else {
            for code in changed {
                if let kept = models.removeValue(forKey: code) { dropped[code] = kept }
            }
        }
    }

    private func isExpired(at time: Timestamp) -> Bool {
        expiry.map { time >= $0 } ?? false
    }

    /// Drops every model: the last dropped before are let go.
    private mutating func removeAll() {
        swap(&models, &dropped)
        models.removeAll(keepingCapacity: true)
        expiry = nil
    }
}
