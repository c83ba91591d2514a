public import MarketCore

/// Holdings kept in memory, which count their saves and merge entries by id as the file does.
public actor MemoryHoldings: HoldingsRepository {
    /// What is saved.
    public private(set) var stored: Holdings
    /// Saves that landed.
    public private(set) var saves = 0

    public init(stored: Holdings = .empty) {
        self.stored = stored
    }

    public func load() -> HoldingsLoad {
        HoldingsLoad(holdings: stored)
    }

    public func save(_ holdings: Holdings, base: Holdings) -> HoldingsLoad {
        let ours = Set(holdings.ledger.map(\.id))
        let removed = Set(base.ledger.map(\.id)).subtracting(ours)
        let theirs = stored.ledger.filter { !ours.contains($0.id) && !removed.contains($0.id) }
        stored = Holdings(ledger: theirs + holdings.ledger, accounts: stored.accounts.merging(holdings.accounts) { $1 })
        saves += 1
        return HoldingsLoad(holdings: stored)
    }
}
