import ArgumentParser
import Foundation
import MarketCore
import Persistence
import SafeText
import Settings
import SystemTime

/// `coinboard holdings add MARKET QUANTITY PRICE`.
struct HoldingsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Enter a buy: QUANTITY of MARKET at PRICE won each (KRW QUANTITY puts in won).")

    @Argument(help: "A KRW market (BTC or KRW-BTC), or KRW for won.")
    var market: String

    @Argument(help: "How many coins (or won).")
    var quantity: String

    @Argument(help: "Won paid per coin (none for KRW).")
    var price: String?

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var file: HoldingsFileOptions

    func run() async throws {
        let asset = try HoldingsAsset.parse(market)
        let amount = try HoldingsAsset.amount(quantity, "quantity")
        let paid = try HoldingsEdit.price(price, for: asset)
        try await HoldingsEdit.record(.buy, asset, amount, at: paid, exchange: exchange, file: file)
    }
}

/// `coinboard holdings sell MARKET QUANTITY [PRICE]`.
struct HoldingsSellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sell",
        abstract: "Enter a sell: QUANTITY of MARKET at PRICE won each (KRW QUANTITY takes out won).",
        discussion: "Without PRICE the coins are sold at the exchange's last price, read as snapshot reads it.")

    @Argument(help: "A KRW market (BTC or KRW-BTC), or KRW for won.")
    var market: String

    @Argument(help: "How many coins (or won); at most what is held.")
    var quantity: String

    @Argument(help: "Won received per coin (default: the exchange's last price; none for KRW).")
    var price: String?

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var file: HoldingsFileOptions

    @Option(help: "Seconds to wait for the last price when PRICE is not given.")
    var wait: Double = 15

    func validate() throws {
        guard wait > 0, wait <= 3600 else { throw ValidationError("--wait must be between 0 and 3600 seconds") }
    }

    func run() async throws {
        let asset = try HoldingsAsset.parse(market)
        let amount = try HoldingsAsset.amount(quantity, "quantity")
        var received = try HoldingsEdit.price(price, for: asset, required: false)
        if case .coin(let code) = asset, received == nil {
            try await HoldingsEdit.checkSale(of: amount, asset, exchange: exchange, file: file)
            received = try await LastPrice.of(code, exchange: exchange, file: file, waitingAtMost: wait)
        }
        try await HoldingsEdit.record(.sell, asset, amount, at: received, exchange: exchange, file: file)
    }
}

/// `coinboard holdings remove MARKET`.
struct HoldingsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove every entry of MARKET on the exchange (an account's read stays until the next sync).")

    @Argument(help: "A KRW market (BTC or KRW-BTC), or KRW for won.")
    var market: String

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var file: HoldingsFileOptions

    func run() async throws {
        let asset = try HoldingsAsset.parse(market)
        let settings = try file.settings(flags: exchange.flags)
        let on = try exchange.ledgerExchange(settings)
        let repository = HoldingsFileOptions.file(settings)
        let loaded = try await repository.load()
        HoldingsEdit.report(loaded.notice)
        var holdings = loaded.holdings
        let removed = holdings.remove(asset, on: on)
        guard removed > 0 else { throw ValidationError("nothing is entered for \(HoldingsEdit.name(asset)) on \(on.rawValue)") }
        _ = try await repository.save(holdings, base: loaded.holdings)
        print("removed \(removed) \(removed == 1 ? "entry" : "entries") of \(HoldingsEdit.name(asset)) on \(on.rawValue)")
    }
}

/// What the edit commands share: the price rule, the edit under the file's merge, the line said.
enum HoldingsEdit {
    /// The price given for `asset`: required for a coin unless `required` is false, refused for won.
    static func price(_ text: String?, for asset: LedgerEntry.Asset, required: Bool = true) throws -> ExactDecimal? {
        switch (asset, text) {
        case (.cash, nil): return nil
        case (.cash, .some): throw ValidationError("KRW takes no price: give only the amount of won")
        case (.coin, let text?): return try HoldingsAsset.amount(text, "price")
        case (.coin, nil):
            if required { throw ValidationError("give the price paid per coin, in won") }
            return nil
        }
    }

    /// Throws a usage error when the file holds less of `asset` than `quantity`, before any
    /// price is looked up on the network.
    static func checkSale(
        of quantity: ExactDecimal, _ asset: LedgerEntry.Asset, exchange options: ExchangeOptions, file: HoldingsFileOptions
    ) async throws {
        let settings = try file.settings(flags: options.flags)
        let exchange = try options.ledgerExchange(settings)
        let loaded = try await HoldingsFileOptions.file(settings).load()
        report(loaded.notice)
        do {
            try loaded.holdings.checkSale(of: quantity, asset, on: exchange)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Enters the trade in the file (merged with what another instance saved) and says what is
    /// held now; a trade that cannot be entered is a usage error and leaves the file untouched.
    static func record(
        _ side: LedgerEntry.Side, _ asset: LedgerEntry.Asset, _ quantity: ExactDecimal, at price: ExactDecimal?,
        exchange options: ExchangeOptions, file: HoldingsFileOptions
    ) async throws {
        let settings = try file.settings(flags: options.flags)
        let exchange = try options.ledgerExchange(settings)
        let repository = HoldingsFileOptions.file(settings)
        let loaded = try await repository.load()
        report(loaded.notice)
        var holdings = loaded.holdings
        let now = SystemClock.wallNow()
        let entry = LedgerEntry(
            id: LedgerEntry.newID(exchange: exchange, asset: asset, at: now, in: holdings.ledger), exchange: exchange,
            asset: asset, side: side, quantity: quantity, price: price, time: now)
        do {
            try holdings.record(entry)
        } catch {
            throw ValidationError(error.description)
        }
        let saved = try await repository.save(holdings, base: loaded.holdings).holdings
        let verb = side == .buy ? (asset == .cash ? "put in" : "bought") : (asset == .cash ? "took out" : "sold")
        let at = price.map { " at \($0)" } ?? ""
        print("\(verb) \(quantity) \(name(asset))\(at) on \(exchange.rawValue); \(held(asset, on: exchange, in: saved))")
    }

    /// What is held of `asset` on `exchange` now, as a phrase.
    private static func held(_ asset: LedgerEntry.Asset, on exchange: Exchange, in holdings: Holdings) -> String {
        guard case .coin(let market) = asset else { return "cash \(holdings.cash)" }
        guard let position = holdings.manualPosition(on: exchange, in: market) else { return "none held" }
        return "\(position.quantity) held, average \(position.averagePrice.rounded(toFractionDigits: 8))"
    }

    /// The asset's name: its market code, or `KRW`.
    static func name(_ asset: LedgerEntry.Asset) -> String {
        asset.market?.code ?? "KRW"
    }

    /// Says `notice` (a corrupt file set aside, say) on stderr.
    static func report(_ notice: String?) {
        guard let notice else { return }
        FileHandle.standardError.write(Data("coinboard: \(notice.strippingUnsafeCharacters)\n".utf8))
    }
}
