import Foundation
import MarketCore

/// The holdings file's JSON, version 1: the entered trades and each exchange's last account read,
/// every amount an exact decimal in a string.
///
/// ```json
/// {"version": 1,
///  "entries": [{"id": "…", "exchange": "bithumb", "market": "KRW-BTC", "side": "buy",
///               "quantity": "0.5", "price": "95000000", "time": "2026-11-27T09:00:00.000000Z"},
///              {"id": "…", "exchange": "bithumb", "market": "KRW", "side": "buy",
///               "quantity": "1000000", "time": "2026-11-27T09:00:00.000000Z"}],
///  "accounts": [{"exchange": "upbit", "readAt": "2026-11-27T09:05:00.000000Z", "cash": "250000",
///                "balances": [{"market": "KRW-ETH", "quantity": "2.5", "averagePrice": "4000000"}]}]}
/// ```
///
/// `market` `"KRW"` is won put in (`buy`) or taken out (`sell`), with no price.
struct HoldingsContents: Codable {
    struct Entry: Codable {
        var id: String
        var exchange: String
        var market: String
        var side: String
        var quantity: String
        var price: String?
        var time: String
    }

    struct Account: Codable {
        struct Balance: Codable {
            var market: String
            var quantity: String
            var averagePrice: String
        }

        var exchange: String
        var readAt: String
        var cash: String
        var balances: [Balance]
    }

    var version: Int
    var entries: [Entry]
    var accounts: [Account]

    /// The version written.
    static let currentVersion = 1

    init(_ holdings: Holdings) {
        version = Self.currentVersion
        entries = holdings.ledger.map(Entry.init)
        accounts = holdings.accounts.values.sorted { $0.exchange < $1.exchange }.map(Account.init)
    }

    /// The holdings, or `nil` when the file says something this version cannot read (an unknown
    /// version, a bad code or amount, an id twice, an exchange read twice).
    var holdings: Holdings? {
        guard version == Self.currentVersion else { return nil }
        let ledger = entries.compactMap(\.entry)
        guard ledger.count == entries.count, Set(ledger.map(\.id)).count == ledger.count else { return nil }
        let reads = accounts.compactMap(\.read)
        guard reads.count == accounts.count, Set(reads.map(\.exchange)).count == reads.count else { return nil }
        return Holdings(ledger: ledger, accounts: Dictionary(uniqueKeysWithValues: reads.map { ($0.exchange, $0) }))
    }
}

extension HoldingsContents.Entry {
    init(_ entry: LedgerEntry) {
        id = entry.id
        exchange = entry.exchange.rawValue
        market = entry.asset.market?.code ?? "KRW"
        side = entry.side.rawValue
        quantity = entry.quantity.description
        price = entry.price?.description
        time = entry.time.exactISO8601
    }

    /// The entry, or `nil` when a field is missing or out of range.
    var entry: LedgerEntry? {
        guard !id.isEmpty, id.count <= 64, let exchange = Exchange(rawValue: exchange), exchange.isFollowed,
            let side = LedgerEntry.Side(rawValue: side),
            let quantity = ExactDecimal(quantity), quantity > .zero, let time = Timestamp(iso8601: time)
        else { return nil }
        let asset: LedgerEntry.Asset
        let paid = price.flatMap { ExactDecimal($0) }
        if market == "KRW" {
            guard price == nil else { return nil }
            asset = .cash
        } else {
            guard let code = MarketCode(code: market), code.isKRW, let paid, paid > .zero else { return nil }
            asset = .coin(code)
        }
        return LedgerEntry(id: id, exchange: exchange, asset: asset, side: side, quantity: quantity, price: paid, time: time)
    }
}

extension HoldingsContents.Account {
    init(_ read: AccountRead) {
        exchange = read.exchange.rawValue
        readAt = read.readAt.exactISO8601
        cash = read.cash.description
        balances = read.balances.map {
            Balance(market: $0.market.code, quantity: $0.quantity.description, averagePrice: $0.averagePrice.description)
        }
    }

    /// The read, or `nil` when a field is missing or out of range.
    var read: AccountRead? {
        guard let exchange = Exchange(rawValue: exchange), exchange.isFollowed, let readAt = Timestamp(iso8601: readAt),
            let cash = ExactDecimal(cash), !cash.isNegative
        else { return nil }
        let read = balances.compactMap { balance -> AccountRead.Balance? in
            guard let market = MarketCode(code: balance.market), market.isKRW, let quantity = ExactDecimal(balance.quantity),
                quantity > .zero, let average = ExactDecimal(balance.averagePrice), !average.isNegative
            else { return nil }
            return AccountRead.Balance(market: market, quantity: quantity, averagePrice: average)
        }
        guard read.count == balances.count else { return nil }
        return AccountRead(exchange: exchange, readAt: readAt, cash: cash, balances: read)
    }
}

extension HoldingsContents: SharedDocumentFormat {
    static let noun = "holdings file"

    static func read(_ data: Data) -> (document: Holdings, isCurrent: Bool)? {
        guard let contents = try? JSONDecoder().decode(HoldingsContents.self, from: data), let holdings = contents.holdings
        else { return nil }
        return (holdings, true)
    }

    static func encode(_ document: Holdings) -> Data? {
        try? JSONEncoder.forFiles.encode(HoldingsContents(document))
    }

    /// Entries matched by id as alerts are; an exchange's account read that we changed (synced)
    /// takes ours, otherwise theirs.
    static func merge(base: Holdings, ours: Holdings, theirs: Holdings) -> Holdings {
        var accounts = theirs.accounts
        for (exchange, read) in ours.accounts where read != base.accounts[exchange] {
            accounts[exchange] = read
        }
        return Holdings(
            ledger: WatchlistMerge.mergeByID(base: base.ledger, ours: ours.ledger, theirs: theirs.ledger), accounts: accounts)
    }
}
