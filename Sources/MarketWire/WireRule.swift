public import MarketCore

/// The rules every number and time from an exchange meets before it becomes a ``MarketEvent``,
/// the same in every dialect; `docs/WIRE-RULES.md` lists them with their reasons. Code past the
/// codecs trusts them: a price is positive, a candle lies within its high and low, a time is
/// within ``timeWindow``.
public enum WireRule: String, Sendable, Hashable, CaseIterable {
    /// Prices of tickers, trades, book levels and candles are above zero.
    case positivePrice = "price > 0"
    /// Book sizes, volumes and traded values are zero or more (a zero book size deletes a level).
    case nonNegativeAmount = "amount >= 0"
    /// A trade moved something.
    case positiveTradeSize = "trade size > 0"
    /// A candle's open and close lie within its low and high.
    case candleWithinRange = "low <= open, close <= high"
    /// A time lies within ``WireRule/timeWindow``.
    case timeInWindow = "time within 2010-01-01 ..< 2100-01-01 UTC"

    /// The times accepted from an exchange: from 2010 (before any Korean exchange) to 2100.
    public static let timeWindow = Timestamp(microseconds: 1_262_304_000_000_000)..<Timestamp(microseconds: 4_102_444_800_000_000)

    /// `value` when it is above zero.
    static func price(_ value: ExactDecimal, field: StaticString) throws(WireError) -> ExactDecimal {
        guard value > .zero else { throw .brokenRule(.positivePrice, field: "\(field)", value: value.description) }
        return value
    }

    /// `value` when it is zero or more.
    static func amount(_ value: ExactDecimal, field: StaticString) throws(WireError) -> ExactDecimal {
        guard !value.isNegative else { throw .brokenRule(.nonNegativeAmount, field: "\(field)", value: value.description) }
        return value
    }

    /// `value` when it is above zero.
    static func tradeSize(_ value: ExactDecimal, field: StaticString) throws(WireError) -> ExactDecimal {
        guard value > .zero else { throw .brokenRule(.positiveTradeSize, field: "\(field)", value: value.description) }
        return value
    }

    /// A level of a whole book, or `nil` for an empty one (books are padded with zero levels):
    /// the size is an amount, and a level with size needs a positive price.
    static func wholeBookLevel(price: ExactDecimal, size: ExactDecimal, field: StaticString) throws(WireError) -> BookLevel? {
        guard try amount(size, field: field) > .zero else { return nil }
        return BookLevel(price: try Self.price(price, field: field), quantity: size)
    }

    /// `time` when it lies within ``timeWindow``.
    static func time(_ time: Timestamp, field: StaticString) throws(WireError) -> Timestamp {
        guard timeWindow.contains(time) else {
            throw .brokenRule(.timeInWindow, field: "\(field)", value: String(time.microseconds))
        }
        return time
    }

    /// A candle whose prices are positive, whose open and close lie within its low and high,
    /// and whose volume and value are zero or more.
    static func candle(
        start: Timestamp, open: ExactDecimal, high: ExactDecimal, low: ExactDecimal,
        close: ExactDecimal, volume: ExactDecimal, tradeValue: ExactDecimal?
    ) throws(WireError) -> Candle {
        for (price, field) in [(open, "open"), (high, "high"), (low, "low"), (close, "close")] where price <= .zero {
            throw .brokenRule(.positivePrice, field: field, value: price.description)
        }
        guard low <= Swift.min(open, close), Swift.max(open, close) <= high else {
            throw .brokenRule(
                .candleWithinRange, field: "candle",
                value: "open \(open) high \(high) low \(low) close \(close)")
        }
        let candle = Candle(
            start: try time(start, field: "candle time"), open: open, high: high, low: low,
            close: close, volume: try amount(volume, field: "volume"),
            tradeValue: try tradeValue.map { (value) throws(WireError) in try amount(value, field: "value") })
        return candle
    }
}
