import GRDB
import MarketCore

/// A candle as the store's rows hold it.
enum CandleRow {
    static let columns = "start, open, high, low, close, volume, value"

    /// The arguments that write `candle` of `key`, in the insert's order.
    static func arguments(_ candle: Candle, of key: CandleSeriesKey) -> StatementArguments {
        [
            key.source, key.market.code, key.interval.rawValue, candle.start.microseconds,
            candle.open.description, candle.high.description, candle.low.description, candle.close.description,
            candle.volume.description, candle.tradeValue?.description,
        ]
    }

    /// The candle a row holds, or `nil` when a field is not a decimal (a row written by
    /// something else): a damaged row is skipped, never shown.
    static func candle(_ row: Row) -> Candle? {
        guard let open = decimal(row["open"]), let high = decimal(row["high"]), let low = decimal(row["low"]),
            let close = decimal(row["close"]), let volume = decimal(row["volume"])
        else { return nil }
        let value: String? = row["value"]
        let tradeValue = value.flatMap { ExactDecimal($0) }
        guard value == nil || tradeValue != nil else { return nil }
        return Candle(
            start: Timestamp(microseconds: row["start"]), open: open, high: high, low: low, close: close, volume: volume,
            tradeValue: tradeValue)
    }

    private static func decimal(_ text: String?) -> ExactDecimal? { text.flatMap { ExactDecimal($0) } }
}
