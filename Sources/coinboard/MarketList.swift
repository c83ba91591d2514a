import ArgumentParser
import Foundation
import MarketCore

/// A `--markets` list: `BTC,ETH` or `KRW-BTC,KRW-ETH`.
enum MarketList {
    /// The list as market codes (a bare symbol is a KRW market).
    static func parse(_ text: String) throws -> [MarketCode] {
        try text.split(separator: ",").map { item in
            let text = item.trimmingCharacters(in: .whitespaces).uppercased()
            let code = text.contains("-") ? MarketCode(code: text) : MarketCode(quote: "KRW", base: text)
            guard let code else { throw ValidationError("--markets: \(text) is not a market such as BTC or KRW-BTC") }
            return code
        }
    }
}
