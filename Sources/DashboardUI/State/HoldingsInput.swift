public import MarketCore

/// What the holdings line (`h`) accepts, commas and spaces ignored:
///
/// - `+0.5@95000000`: bought 0.5 at 95,000,000 won each; `+0.5` alone at the last price;
/// - `-0.25@120000000`: sold 0.25 at 120,000,000; `-0.25` alone at the last price;
/// - `=0`: every entry of the market removed.
enum HoldingsInput {
    /// An edit the line asks for.
    enum Edit: Sendable, Hashable {
        /// A buy or a sell of `quantity`, at `price` or (`nil`) the last price.
        case trade(LedgerEntry.Side, quantity: ExactDecimal, price: ExactDecimal?)
        /// Remove the market's entries.
        case remove
    }

    /// The longest input kept.
    static let maximumLength = 40

    /// The edit `text` asks for, or `nil` when it is not one.
    static func parse(_ text: String) -> Edit? {
        let plain = text.filter { $0 != "," && $0 != " " }
        if plain == "=0" { return .remove }
        guard let sign = plain.first, sign == "+" || sign == "-" else { return nil }
        let body = plain.dropFirst()
        let parts = body.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let quantity = ExactDecimal(parts[0]), quantity > .zero else { return nil }
        var price: ExactDecimal?
        if parts.count == 2 {
            guard let given = ExactDecimal(parts[1]), given > .zero else { return nil }
            price = given
        }
        return .trade(sign == "+" ? .buy : .sell, quantity: quantity, price: price)
    }
}

/// The holdings line being typed: for which market on which exchange, the text so far, and
/// why the last `Enter` was refused.
public struct HoldingsPrompt: Sendable, Hashable {
    /// The market the entry is for.
    public var market: MarketCode
    /// The exchange it is on (the one shown).
    public var exchange: Exchange
    /// What was typed.
    public var text = ""
    /// Why the last `Enter` was refused, if it was.
    public var problem: String?
}
