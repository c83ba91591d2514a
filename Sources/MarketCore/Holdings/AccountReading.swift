/// Reads one exchange account's balances on request: the port the dashboard's `U` (on the 보유
/// tab) reads through, implemented over the exchange's REST API with the user's keys.
public protocol AccountReading: Sendable {
    /// The exchange whose account it reads.
    var exchange: Exchange { get }

    /// The account as it is now, read at `clock`'s time. An error's description is one line for
    /// the user, and never carries a key.
    func read(clock: any RuntimeClock) async throws -> AccountRead
}
