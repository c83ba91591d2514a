/// What the holdings file keeps: the trades the user entered (the ledger) and, per exchange, the
/// account's last read. Positions are computed from them, never stored: a position per exchange,
/// market and source, and the won held apart from the coins.
public struct Holdings: Sendable, Hashable {
    /// The trades entered by hand, in the order they were entered.
    public var ledger: [LedgerEntry]
    /// Each exchange's last account read.
    public var accounts: [Exchange: AccountRead]

    /// Creates holdings.
    public init(ledger: [LedgerEntry] = [], accounts: [Exchange: AccountRead] = [:]) {
        self.ledger = ledger
        self.accounts = accounts
    }

    /// Nothing entered and no account read.
    public static let empty = Holdings()

    /// Every position still held (quantity above zero) and every one sold out, which keeps only
    /// its realized profit: manual ones from the ledger, replayed in time order (a sell of more
    /// than is held sells what is held), then the accounts' balances at their average buy price.
    /// Ordered by exchange, market and source.
    public var positions: [Position] {
        var manual: [PositionKey: Position] = [:]
        for entry in ledger.sorted(by: { ($0.time, $0.id) < ($1.time, $1.id) }) {
            guard case .coin(let market) = entry.asset, let price = entry.price else { continue }
            let key = PositionKey(exchange: entry.exchange, market: market)
            let held =
                manual[key] ?? Position(exchange: entry.exchange, market: market, source: .manual, quantity: .zero, cost: .zero)
            manual[key] =
                entry.side == .buy ? held.buying(entry.quantity, at: price) : held.selling(entry.quantity, at: price)
        }
        let read = accounts.values.flatMap { account in
            account.balances.map { balance in
                Position(
                    exchange: account.exchange, market: balance.market, source: .account, quantity: balance.quantity,
                    cost: balance.quantity * balance.averagePrice)
            }
        }
        return (Array(manual.values) + read).sorted {
            ($0.exchange, $0.market, $0.source.order) < ($1.exchange, $1.market, $1.source.order)
        }
    }

    /// The position held now on `exchange` in `market` from the ledger, if any.
    public func manualPosition(on exchange: Exchange, in market: MarketCode) -> Position? {
        positions.first { $0.exchange == exchange && $0.market == market && $0.source == .manual && $0.quantity > .zero }
    }

    /// The won held: the cash entries put in less those taken out, plus each account's balance.
    public var cash: ExactDecimal {
        let entered = ledger.reduce(ExactDecimal.zero) { total, entry in
            guard entry.asset == .cash else { return total }
            return entry.side == .buy ? total + entry.quantity : total - entry.quantity
        }
        return accounts.values.reduce(entered) { $0 + $1.cash }
    }

    /// The entries and the account read of `exchange` alone.
    public func on(_ exchange: Exchange) -> Holdings {
        Holdings(ledger: ledger.filter { $0.exchange == exchange }, accounts: accounts.filter { $0.key == exchange })
    }

    /// Adds `entry` to the ledger, or throws when it cannot be: a quantity or price not above
    /// zero, a market that is not a KRW market, a sell of more than is held.
    public mutating func record(_ entry: LedgerEntry) throws(HoldingsError) {
        guard entry.quantity > .zero else { throw .notPositive("quantity", entry.quantity) }
        if case .coin(let market) = entry.asset {
            guard market.isKRW else { throw .notAKRWMarket(market.code) }
            guard let price = entry.price, price > .zero else { throw .notPositive("price", entry.price ?? .zero) }
        }
        if entry.side == .sell { try checkSale(of: entry.quantity, entry.asset, on: entry.exchange) }
        ledger.append(entry)
    }

    /// Throws when `quantity` of `asset` on `exchange` is more than the ledger holds (won, or the
    /// coin's manual position): a sell can be refused before its price is looked up.
    public func checkSale(of quantity: ExactDecimal, _ asset: LedgerEntry.Asset, on exchange: Exchange) throws(HoldingsError) {
        let held =
            switch asset {
            case .cash: cash
            case .coin(let market): manualPosition(on: exchange, in: market)?.quantity ?? .zero
            }
        guard quantity <= held else { throw .sellsMoreThanHeld(quantity, held: held) }
    }

    /// Removes every entry of `asset` on `exchange` (the account's read stays); returns how many.
    @discardableResult
    public mutating func remove(_ asset: LedgerEntry.Asset, on exchange: Exchange) -> Int {
        let before = ledger.count
        ledger.removeAll { $0.asset == asset && $0.exchange == exchange }
        return before - ledger.count
    }

    private struct PositionKey: Hashable {
        var exchange: Exchange
        var market: MarketCode
    }
}
