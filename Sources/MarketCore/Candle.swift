/// One candlestick: prices and volume of the trades within an interval.
public struct Candle: Sendable, Hashable {
    // The 16-byte decimals come first and the 8-byte start last, in the optional's padding:
    // 112 bytes a candle instead of 128 (a simulated day of 200 markets holds 300,000).
    /// First trade price.
    public var open: ExactDecimal
    /// Highest trade price.
    public var high: ExactDecimal
    /// Lowest trade price.
    public var low: ExactDecimal
    /// Last trade price.
    public var close: ExactDecimal
    /// Traded base-currency volume.
    public var volume: ExactDecimal
    /// Traded quote-currency value, when known.
    public var tradeValue: ExactDecimal?
    /// Start of the interval.
    public var start: Timestamp

    /// Creates a candle.
    public init(
        start: Timestamp, open: ExactDecimal, high: ExactDecimal, low: ExactDecimal, close: ExactDecimal,
        volume: ExactDecimal, tradeValue: ExactDecimal? = nil
    ) {
        self.start = start
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.tradeValue = tradeValue
    }

    /// A candle opened by a single trade.
    init(start: Timestamp, trade: Trade) {
        self.init(
            start: start, open: trade.price, high: trade.price, low: trade.price, close: trade.price,
            volume: trade.quantity, tradeValue: trade.price * trade.quantity)
    }

    /// Folds a trade in. `isLatest` says whether it is the newest trade of the candle,
    /// which is the only case that moves the close.
    mutating func include(_ trade: Trade, isLatest: Bool) {
        high = Swift.max(high, trade.price)
        low = Swift.min(low, trade.price)
        if isLatest { close = trade.price }
        volume += trade.quantity
        tradeValue = tradeValue.map { $0 + trade.price * trade.quantity }
    }

    /// Folds a later candle of the same bucket in (used when aggregating intervals).
    mutating func merge(later candle: Candle) {
        high = Swift.max(high, candle.high)
        low = Swift.min(low, candle.low)
        close = candle.close
        volume += candle.volume
        if let value = tradeValue, let other = candle.tradeValue {
            tradeValue = value + other
        } else {
            tradeValue = nil
        }
    }
}
