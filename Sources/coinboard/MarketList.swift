import ArgumentParser
import Foundation
import MarketCore

/// A `--markets` list: `BTC,ETH` or `KRW-BTC,KRW-ETH`.
enum MarketList {
    /// The list as market codes (a bare symbol is a KRW market).
    static func parse(_ text: String) throws -> [MarketCode] {
        try text.split(separator: ",").map { item in
            guard let code = market(item) else {
                throw ValidationError("--markets: \(item.trimmingCharacters(in: .whitespaces).uppercased()) is not a market such as BTC or KRW-BTC")
            }
            return code
        }
    }

    /// One market: `KRW-BTC`, or a bare symbol for its KRW market; `nil` when it is neither.
    static func market(_ text: some StringProtocol) -> MarketCode? {
        let text = text.trimmingCharacters(in: .whitespaces).uppercased()
        return text.contains("-") ? MarketCode(code: text) : MarketCode(quote: "KRW", base: text)
    }
}
