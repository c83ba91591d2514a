public import MarketCore

/// Binance's names for what coinboard calls a market and an interval. Binance is a reference
/// for the won prices, read in USDT: its `BTCUSDT` is coinboard's `USDT-BTC`.
public enum BinanceSymbol {
    /// The quote every reference market is priced in.
    public static let quote = "USDT"

    /// Binance's symbol for `market` (`BTCUSDT` for `USDT-BTC`).
    public static func symbol(of market: MarketCode) -> String {
        market.base + market.quote
    }

    /// The lower-case symbol stream names use (`btcusdt`).
    public static func streamSymbol(of market: MarketCode) -> String {
        symbol(of: market).lowercased()
    }

    /// The market a symbol quoted in USDT names (`USDT-BTC` for `BTCUSDT`, in either case);
    /// `nil` for any other quote or a malformed symbol.
    public static func market(_ symbol: some StringProtocol) -> MarketCode? {
        let upper = symbol.uppercased()
        guard upper.hasSuffix(quote), upper.count > quote.count else { return nil }
        return MarketCode(quote: quote, base: upper.dropLast(quote.count))
    }

    /// The interval Binance serves for `interval` (`1d` for a day; it has no 10-minute
    /// candles, which are made from 5-minute ones) and its name there.
    static func source(for interval: CandleInterval) -> (interval: CandleInterval, name: String) {
        switch interval {
        case .tenMinutes: (.fiveMinutes, "5m")
        case .oneDay: (.oneDay, "1d")
        default: (interval, interval.rawValue)
        }
    }
}
