public import MarketCore

/// Produces Dunamu's forex quote as `/v1/forex/recent?codes=FRX.KRWUSD` answers it: a JSON array
/// of one quote, prices as JSON numbers, the quote's date and time in KST and its epoch time in
/// milliseconds; the demo exchange serves it.
public struct DunamuForexEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The quote of `rate` against the day's `open` (the first quote after 00:00 KST),
    /// `recurrenceCount` being how many times it changed that day.
    public func quoteBody(_ rate: WonDollarRate, open: ExactDecimal, recurrenceCount: Int) -> [UInt8] {
        let change = rate.rate - open
        var writer = JSONWriter(capacity: 640)
        writer.array { writer in
            writer.object { writer in
                writer.field("code", DunamuForexCodec.code)
                writer.field("currencyCode", "USD")
                writer.field("currencyName", "달러")
                writer.field("country", "미국")
                writer.field("name", "미국 (KRW/USD)")
                writer.field("date", WireTime.dashedDate(rate.at, .kst))
                writer.field("time", WireTime.colonTime(rate.at, .kst))
                writer.field("recurrenceCount", recurrenceCount)
                writer.field("basePrice", rate.rate)
                writer.field("openingPrice", open)
                writer.field("highPrice", max(open, rate.rate))
                writer.field("lowPrice", min(open, rate.rate))
                writer.field("change", change > .zero ? "RISE" : change < .zero ? "FALL" : "EVEN")
                writer.field("changePrice", change.magnitude)
                writer.field("signedChangePrice", change)
                writer.field("changeRate", (change.magnitude.divided(by: open, roundedToFractionDigits: 10) ?? .zero))
                writer.field("signedChangeRate", (change.divided(by: open, roundedToFractionDigits: 10) ?? .zero))
                writer.field("currencyUnit", 1)
                writer.field("provider", "하나은행")
                writer.field("timestamp", BinanceEncoder.milliseconds(rate.at))
            }
        }
        return writer.bytes
    }
}
