import MarketCore

/// What each market's row shows from the market data — its figures, name and badge — kept from
/// frame to frame while the snapshots say it has not changed, so a frame works out only the
/// rows of the markets whose ticker moved.
///
/// A kept model is used only when every snapshot since it was made is accounted for: each
/// exchange's snapshot is the same one (by version) or the one after it, whose diff names the
/// tickers that changed (their models are dropped), and no exchange changed its listing or
/// signals. Anything else — a snapshot skipped, another exchange or language, a listing or alert
/// change, a "new" badge running out — drops them all. It holds at most the markets of the
/// rows drawn since it was last emptied.
struct MarketRowModels: Sendable {
    /// The snapshot-derived part of a row.
    struct Model: Sendable, Equatable {
        var figures: MarketTable.Figures?
        var name: String
        var badge: String
        var isWarned: Bool
    }

    /// What the kept models were made from.
    private struct Basis: Equatable {
        var versions: [UInt64]
        var exchanges: [Exchange]
        var exchange: Exchange
        var language: NameLanguage
    }

    private var models: [MarketCode: Model] = [:]
    private var basis: Basis?
    /// The earliest moment a kept model's "new" badge runs out.
    private var expiry: Timestamp?

    /// Models kept, for tests.
    var count: Int { models.count }

    /// Drops what `state`'s snapshots changed since the models were made (everything, when that
    /// cannot be told).
    mutating func update(for state: UIState) {
        let board = state.board
        let next = Basis(
            versions: board.exchanges.map { board[$0].version }, exchanges: board.exchanges, exchange: state.exchange,
            language: state.nameLanguage)
        defer { basis = next }
        guard let basis, Self.followsOn(from: basis, to: next, board: board), !isExpired(at: state.snapshot.capturedAt) else {
            removeAll()
            return
        }
        guard let shown = next.exchanges.firstIndex(of: next.exchange), next.versions[shown] != basis.versions[shown] else { return }
        let changed = state.snapshot.diff.tickers
        if changed.count >= models.count {
            removeAll()
        } else {
            for code in changed { models[code] = nil }
        }
    }

    /// The model of `code`'s row: the kept one, or `make`'s, kept from now on.
    mutating func model(of code: MarketCode, at time: Timestamp, make: () -> (model: Model, newUntil: Timestamp?)) -> Model {
        if let model = models[code] { return model }
        let made = make()
        if let until = made.newUntil, until > time { expiry = min(expiry ?? until, until) }
        models[code] = made.model
        return made.model
    }

    /// Whether each exchange's snapshot in `next` is `basis`'s or the one right after it with no
    /// listing or signal changed, for the same exchange shown in the same language. Version 0
    /// (no snapshot published yet) follows on from nothing.
    private static func followsOn(from basis: Basis, to next: Basis, board: BoardSnapshot) -> Bool {
        guard basis.exchanges == next.exchanges, basis.exchange == next.exchange, basis.language == next.language else { return false }
        for (index, exchange) in next.exchanges.enumerated() {
            let (before, now) = (basis.versions[index], next.versions[index])
            guard before > 0, now == before || now == before &+ 1 else { return false }
            let diff = board[exchange].diff
            if now != before && (diff.listingChanged || diff.signalsChanged) { return false }
        }
        return true
    }

    private func isExpired(at time: Timestamp) -> Bool {
        expiry.map { time >= $0 } ?? false
    }

    private mutating func removeAll() {
        models.removeAll(keepingCapacity: true)
        expiry = nil
    }
}
