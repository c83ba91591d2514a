/// An immutable, versioned view of every market, published by the store and read by the UI.
///
/// Its fields live in one object that its copies share: the UI copies the snapshot it draws
/// many times a frame, and a copy is one reference counted, not one for each field.
public struct MarketSnapshot: Sendable, Equatable {
    /// The fields, compared as a whole.
    private struct Fields: Sendable, Equatable {
        let version: UInt64
        let capturedAt: Timestamp
        let feed: FeedStatus
        let markets: [Market]
        let tickers: SharedValueDictionary<MarketCode, Ticker>
        let orderBooks: [MarketCode: OrderBook]
        let trades: [MarketCode: TradeTape]
        let candles: [MarketCode: [CandleInterval: CandleSeries]]
        let receivedAt: ShardedDictionary<MarketCode, Timestamp>
        let staleBooks: Set<MarketCode>
        let alerts: [MarketCode: MarketWarning]
        let transfers: [String: TransferStatus]
        let listedAt: [MarketCode: Timestamp]
        let activity: ShardedDictionary<MarketCode, TradeActivity>
        let diff: SnapshotDiff
    }

    /// The fields, shared by every copy of the snapshot.
    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private let storage: Storage

    /// Increases by one with every published snapshot.
    public var version: UInt64 { storage.fields.version }
    /// When the snapshot was taken, by the publisher's clock.
    public var capturedAt: Timestamp { storage.fields.capturedAt }
    /// The connection's state and counters at that moment.
    public var feed: FeedStatus { storage.fields.feed }
    /// Listed markets in listing order.
    public var markets: [Market] { storage.fields.markets }
    /// Latest ticker per market.
    public var tickers: SharedValueDictionary<MarketCode, Ticker> { storage.fields.tickers }
    /// Current order book per market that has one.
    public var orderBooks: [MarketCode: OrderBook] { storage.fields.orderBooks }
    /// Trade tape per market that has one.
    public var trades: [MarketCode: TradeTape] { storage.fields.trades }
    /// Candle series per market and interval.
    public var candles: [MarketCode: [CandleInterval: CandleSeries]] { storage.fields.candles }
    /// When data for each market last arrived, by the publisher's clock: how fresh each row is.
    public var receivedAt: ShardedDictionary<MarketCode, Timestamp> { storage.fields.receivedAt }
    /// Books from before the present connection, not replaced since (see ``bookState(of:)``).
    public var staleBooks: Set<MarketCode> { storage.fields.staleBooks }
    /// The exchange's alerts in force, by market.
    public var alerts: [MarketCode: MarketWarning] { storage.fields.alerts }
    /// Deposit and withdrawal state by coin symbol.
    public var transfers: [String: TransferStatus] { storage.fields.transfers }
    /// When markets that appeared in the listing while watched were first seen.
    public var listedAt: [MarketCode: Timestamp] { storage.fields.listedAt }
    /// Streamed tickers that brought a trade, per market, over the last ten minutes.
    public var activity: ShardedDictionary<MarketCode, TradeActivity> { storage.fields.activity }
    /// What changed since the previous snapshot.
    public var diff: SnapshotDiff { storage.fields.diff }

    /// Creates a snapshot.
    public init(
        version: UInt64, capturedAt: Timestamp, feed: FeedStatus, markets: [Market], tickers: SharedValueDictionary<MarketCode, Ticker>,
        orderBooks: [MarketCode: OrderBook], trades: [MarketCode: TradeTape],
        candles: [MarketCode: [CandleInterval: CandleSeries]], receivedAt: ShardedDictionary<MarketCode, Timestamp>,
        staleBooks: Set<MarketCode> = [], alerts: [MarketCode: MarketWarning] = [:],
        transfers: [String: TransferStatus] = [:], listedAt: [MarketCode: Timestamp] = [:],
        activity: ShardedDictionary<MarketCode, TradeActivity> = [:], diff: SnapshotDiff
    ) {
        storage = Storage(
            Fields(
                version: version, capturedAt: capturedAt, feed: feed, markets: markets, tickers: tickers, orderBooks: orderBooks, trades: trades,
                candles: candles, receivedAt: receivedAt, staleBooks: staleBooks, alerts: alerts, transfers: transfers, listedAt: listedAt,
                activity: activity, diff: diff))
    }

    /// Equal fields; a copy of the same snapshot is equal without comparing them.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Whether the listing holds `market`.
    public func lists(_ market: MarketCode) -> Bool {
        markets.contains { $0.code == market }
    }

    /// An empty snapshot, version 0.
    public static let empty = MarketSnapshot(
        version: 0, capturedAt: Timestamp(microseconds: 0), feed: FeedStatus(),
        markets: [], tickers: [:], orderBooks: [:], trades: [:], candles: [:],
        receivedAt: [:], diff: SnapshotDiff())
}
