public import MarketCore

/// How Bithumb API 2.0 and Upbit differ on a shared wire format.
public struct UpbitFamilyProfile: Sendable, Hashable {
    /// The dialect.
    public let dialect: Dialect
    /// When the exchange's trading day resets (the basis of `change_*` and `acc_*`).
    public let sessionBasis: ChangeBasis
    /// The clock of WebSocket `trade_date`/`trade_time` text.
    public let tradeClock: WallClock
    /// Levels in a WebSocket or single-market REST order book.
    public let bookDepth: Int
    /// Query item asking `/v1/market/all` for warning details.
    let marketDetailsQuery: RESTRequest.QueryItem
    /// Whether REST ticker times are unreliable (Bithumb encodes KST wall-clock as epoch ms),
    /// so the UTC `trade_date`/`trade_time` text is used instead.
    let restTickerTimeFromText: Bool

    /// Bithumb API 2.0.
    public static let bithumb = UpbitFamilyProfile(
        dialect: .bithumb, sessionBasis: .sinceMidnightKST, tradeClock: .kst, bookDepth: 15,
        marketDetailsQuery: .init("isDetails", "true"), restTickerTimeFromText: true)

    /// Upbit.
    public static let upbit = UpbitFamilyProfile(
        dialect: .upbit, sessionBasis: .sinceMidnightUTC, tradeClock: .utc, bookDepth: 30,
        marketDetailsQuery: .init("is_details", "true"), restTickerTimeFromText: false)

    /// Minute units the `/v1/candles/minutes/{unit}` endpoint serves.
    static let minuteUnits: Set<Int> = [1, 3, 5, 10, 15, 30, 60, 240]
    /// The most markets in one `/v1/ticker` call.
    static let tickersPerRequest = 200
    /// The most candles in one call.
    static let candlesPerRequest = 200
    /// The most trades in one call.
    static let tradesPerRequest = 500

    /// A candle request's `to` (exclusive) for `time`, `yyyy-MM-ddTHH:mm:ss` on the clock the
    /// exchange reads it in without an offset: KST on Bithumb, UTC on Upbit — the clocks of
    /// their trade text too.
    func candleTime(_ time: Timestamp) -> String {
        let civil = time.civilTime(in: tradeClock)
        return civil.dateText() + "T" + civil.timeText()
    }
}

/// The field names of one message format: `DEFAULT` (long names) or `SIMPLE` (short names).
struct UpbitKeys: Sendable {
    let type: StaticString
    let code: StaticString
    let openingPrice: StaticString
    let highPrice: StaticString
    let lowPrice: StaticString
    let tradePrice: StaticString
    let prevClosingPrice: StaticString
    let change: StaticString
    let changePrice: StaticString
    let signedChangePrice: StaticString
    let changeRate: StaticString
    let signedChangeRate: StaticString
    let tradeVolume: StaticString
    let accTradeVolume: StaticString
    let accTradeVolume24h: StaticString
    let accTradePrice: StaticString
    let accTradePrice24h: StaticString
    let tradeDate: StaticString
    let tradeTime: StaticString
    let tradeTimestamp: StaticString
    let askBid: StaticString
    let accAskVolume: StaticString
    let accBidVolume: StaticString
    let highest52WeekPrice: StaticString
    let highest52WeekDate: StaticString
    let lowest52WeekPrice: StaticString
    let lowest52WeekDate: StaticString
    let marketState: StaticString
    let isTradingSuspended: StaticString
    let delistingDate: StaticString
    let marketWarning: StaticString
    let timestamp: StaticString
    let streamType: StaticString
    let totalAskSize: StaticString
    let totalBidSize: StaticString
    let orderbookUnits: StaticString
    let askPrice: StaticString
    let bidPrice: StaticString
    let askSize: StaticString
    let bidSize: StaticString
    let level: StaticString
    let sequentialID: StaticString
    /// The trade message's date key (`trade_date` in both, but `td` in SIMPLE where the ticker uses `tdt`).
    let tradeMessageDate: StaticString

    static let `default` = UpbitKeys(
        type: "type", code: "code", openingPrice: "opening_price", highPrice: "high_price", lowPrice: "low_price",
        tradePrice: "trade_price", prevClosingPrice: "prev_closing_price", change: "change", changePrice: "change_price",
        signedChangePrice: "signed_change_price", changeRate: "change_rate", signedChangeRate: "signed_change_rate",
        tradeVolume: "trade_volume", accTradeVolume: "acc_trade_volume", accTradeVolume24h: "acc_trade_volume_24h",
        accTradePrice: "acc_trade_price", accTradePrice24h: "acc_trade_price_24h", tradeDate: "trade_date",
        tradeTime: "trade_time", tradeTimestamp: "trade_timestamp", askBid: "ask_bid", accAskVolume: "acc_ask_volume",
        accBidVolume: "acc_bid_volume", highest52WeekPrice: "highest_52_week_price",
        highest52WeekDate: "highest_52_week_date", lowest52WeekPrice: "lowest_52_week_price",
        lowest52WeekDate: "lowest_52_week_date", marketState: "market_state", isTradingSuspended: "is_trading_suspended",
        delistingDate: "delisting_date", marketWarning: "market_warning", timestamp: "timestamp",
        streamType: "stream_type", totalAskSize: "total_ask_size", totalBidSize: "total_bid_size",
        orderbookUnits: "orderbook_units", askPrice: "ask_price", bidPrice: "bid_price", askSize: "ask_size",
        bidSize: "bid_size", level: "level", sequentialID: "sequential_id", tradeMessageDate: "trade_date")

    static let simple = UpbitKeys(
        type: "ty", code: "cd", openingPrice: "op", highPrice: "hp", lowPrice: "lp", tradePrice: "tp",
        prevClosingPrice: "pcp", change: "c", changePrice: "cp", signedChangePrice: "scp", changeRate: "cr",
        signedChangeRate: "scr", tradeVolume: "tv", accTradeVolume: "atv", accTradeVolume24h: "atv24h",
        accTradePrice: "atp", accTradePrice24h: "atp24h", tradeDate: "tdt", tradeTime: "ttm", tradeTimestamp: "ttms",
        askBid: "ab", accAskVolume: "aav", accBidVolume: "abv", highest52WeekPrice: "h52wp", highest52WeekDate: "h52wdt",
        lowest52WeekPrice: "l52wp", lowest52WeekDate: "l52wdt", marketState: "ms", isTradingSuspended: "its",
        delistingDate: "dd", marketWarning: "mw", timestamp: "tms", streamType: "st", totalAskSize: "tas",
        totalBidSize: "tbs", orderbookUnits: "obu", askPrice: "ap", bidPrice: "bp", askSize: "as", bidSize: "bs",
        level: "lv", sequentialID: "sid", tradeMessageDate: "td")
}
