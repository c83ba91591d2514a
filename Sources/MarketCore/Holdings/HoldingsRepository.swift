/// Where the holdings are kept between runs (a file, in the app).
public protocol HoldingsRepository: Sendable {
    /// The saved holdings.
    func load() async throws -> HoldingsLoad
    /// Saves the holdings the user wants. `base` is the holdings as this instance last loaded or
    /// saved them: what another instance saved since is merged in (entries by id), not
    /// overwritten. Returns the holdings now saved.
    func save(_ holdings: Holdings, base: Holdings) async throws -> HoldingsLoad
}

/// What loading or saving the holdings found.
public struct HoldingsLoad: Sendable, Hashable {
    /// The ledger and the accounts' reads.
    public var holdings: Holdings
    /// Something the user should know (say, a corrupt file set aside), if anything.
    public var notice: String?

    /// Creates a result.
    public init(holdings: Holdings, notice: String? = nil) {
        self.holdings = holdings
        self.notice = notice
    }
}
