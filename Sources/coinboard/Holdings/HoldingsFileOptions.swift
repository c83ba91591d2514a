import ArgumentParser
import Foundation
import MarketCore
import Persistence
import Settings

/// `--holdings PATH` over the configuration's `holdings` key, and `--config`.
struct HoldingsFileOptions: ParsableArguments {
    @OptionGroup var files: ConfigOptions

    @Option(help: "The holdings file (default: $XDG_CONFIG_HOME/coinboard/holdings.json).")
    var holdings: String?

    /// The settings the files and `flags` resolve to.
    func settings(flags: ConfigSettings = ConfigSettings()) throws -> ConfigSettings {
        var flags = flags
        flags.holdings = holdings ?? flags.holdings
        return try files.settings(environment: ProcessInfo.processInfo.environment, flags: flags)
    }

    /// The file `settings` name.
    static func file(_ settings: ConfigSettings) -> HoldingsFile {
        HoldingsFile(path: settings.holdings ?? HoldingsFile.defaultPath(environment: ProcessInfo.processInfo.environment))
    }
}

/// A holdings command's MARKET: a KRW market code or a bare symbol, or `KRW` for won.
enum HoldingsAsset {
    /// The asset `text` names, or a usage error.
    static func parse(_ text: String) throws -> LedgerEntry.Asset {
        if text.trimmingCharacters(in: .whitespaces).uppercased() == "KRW" { return .cash }
        guard let code = MarketList.market(text), code.isKRW else {
            throw ValidationError("\(text) is not a KRW market such as BTC or KRW-BTC (or KRW for won)")
        }
        return .coin(code)
    }

    /// The amount `text` says, above zero, or a usage error naming `what`.
    static func amount(_ text: String, _ what: String) throws -> ExactDecimal {
        guard let value = ExactDecimal(text.trimmingCharacters(in: .whitespaces)), value > .zero else {
            throw ValidationError("the \(what) must be a number above zero, not \(text)")
        }
        return value
    }
}

extension ExchangeOptions {
    /// The one exchange whose ledger a holdings edit changes: the first the settings follow
    /// (`--exchange E`, or the configuration's, Bithumb by default).
    func ledgerExchange(_ settings: ConfigSettings) throws -> Exchange {
        let chosen = settings.chosenExchanges.compactMap(\.exchange)
        guard chosen.count == 1, let exchange = chosen.first else {
            throw ValidationError("name the one exchange the entry is on: --exchange bithumb or --exchange upbit")
        }
        return exchange
    }
}
