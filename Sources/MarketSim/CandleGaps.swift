/// What a candle history holds for an interval in which nothing traded.
public enum CandleGaps: Sendable {
    /// No candle, as the Korean exchanges answer.
    case skipped
    /// A candle at the close before it, with no volume, as Binance answers.
    case filled
}
