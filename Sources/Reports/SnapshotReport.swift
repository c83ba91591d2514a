public import MarketCore

/// What `coinboard snapshot --format json` prints: every market's ticker, and the books,
/// trades and candles of the markets asked for. Decimals are exact strings, times ISO-8601 UTC.
public struct SnapshotReport: Encodable, Sendable {
    struct Connection: Encodable, Sendable {
        var state: String
        var messages: Int
        var decodeErrors: Int
        var reconnects: Int
        /// Events for markets outside the listing (or beyond the market limit), dropped.
        var droppedEvents: Int
        var lastMessageAgeSeconds: Double?
        var lastProblem: String?
    }

    struct MarketRow: Encodable, Sendable {
        var code: String
        var symbol: String
        var quote: String
        var nameKo: String
        var nameEn: String
        var price: String?
        var change: String?
        var changeRate: String?
        var changePrice: String?
        var tradeValue24h: String?
        var volume24h: String?
        var high: String?
        var low: String?
        var updatedAt: String?
        /// When this client last received data for the market (its own clock).
        var receivedAt: String?
        /// The warning in force, or `null`.
        var warning: NullOr<Warning>
        /// `active`, `suspended` or `delisting`.
        var state: String
        /// The day trading ends (KST, `yyyy-MM-dd`), or `null`.
        var delistingDate: NullOr<String>
        /// When the market was seen to appear in the listing; absent unless it did.
        var listedAt: String?
        /// 체결강도 (buy ÷ sell volume × 100 over the ticker's session), when known.
        var tradeStrength: String?
        /// Whether the exchange flags a sudden rise in traded volume.
        var volumeSpike: Bool
        /// `normal` or `suspended`, where the exchange says.
        var deposit: String?
        var withdrawal: String?
    }

    struct Warning: Encodable, Sendable {
        /// `caution`, `warning`, `danger` or `designated`.
        var step: String
        var reasons: [String]
        var until: NullOr<String>
    }

    struct Level: Encodable, Sendable {
        var price: String
        var quantity: String
    }

    struct Book: Encodable, Sendable {
        /// `live`, `resyncing` (being rebuilt from a new snapshot) or `stale` (from before the
        /// last reconnect).
        var state: String
        var timestamp: String
        var asks: [Level]
        var bids: [Level]
        /// Figures over the whole held book, not only the levels printed.
        var stats: BookStats
    }

    struct TradeRow: Encodable, Sendable {
        var time: String
        var price: String
        var quantity: String
        var side: String
    }

    struct CandleRow: Encodable, Sendable {
        var time: String
        var open: String
        var high: String
        var low: String
        var close: String
        var volume: String
    }

    struct Candles: Encodable, Sendable {
        var interval: String
        var items: [CandleRow]
    }

    var exchange: String
    var capturedAt: String
    var connection: Connection
    var markets: [MarketRow]
    var orderbooks: KeyedList<Book>
    /// Market orders of `--impact` KRW on each book shown; absent without `--impact`.
    var impact: KeyedList<Impact>?
    var trades: KeyedList<[TradeRow]>
    var candles: KeyedList<Candles>
    /// The won–dollar rate, the reference's tickers and the premiums (see ``PremiumReport``):
    /// in a single exchange's document only, not in each one a comparison wraps.
    var fx: NullOr<PremiumReport.Rate>?
    var reference: PremiumReport.Reference?
    var premium: [PremiumReport.Row]?

    /// The report of `snapshot` for `focus`, with `depth` levels a side and `tradeCount` trades,
    /// the candles of `candleInterval` and, given an amount, what market orders of it would do.
    public init(
        exchange: String, snapshot: MarketSnapshot, focus: [MarketCode], depth: Int, tradeCount: Int,
        candleInterval: CandleInterval?, impactAmount: ExactDecimal? = nil
    ) {
        self.exchange = exchange
        capturedAt = snapshot.capturedAt.iso8601
        connection = Connection(snapshot)
        markets = snapshot.markets.map {
            MarketRow($0, ticker: snapshot.tickers[$0.code], receivedAt: snapshot.receivedAt[$0.code], signals: snapshot.signals(for: $0))
        }
        let shown = focus.filter(snapshot.lists)
        orderbooks = KeyedList(
            shown.compactMap { code in
                snapshot.orderBooks[code].map { (code.code, Book($0, state: snapshot.bookState(of: code) ?? .live, depth: depth)) }
            })
        impact = impactAmount.map { amount in
            KeyedList(shown.compactMap { code in snapshot.orderBooks[code].map { (code.code, Impact(amount: amount, book: $0)) } })
        }
        trades = KeyedList(
            shown.compactMap { code in
                snapshot.trades[code].map { tape in
                    (code.code, tape.newestFirst.prefix(tradeCount).map(TradeRow.init))
                }
            })
        candles = KeyedList(
            shown.compactMap { code in
                guard let candleInterval, let series = snapshot.candles[code]?[candleInterval] else { return nil }
                return (code.code, Candles(interval: candleInterval.rawValue, items: series.candles.map(CandleRow.init)))
            })
    }
}

extension SnapshotReport {
    /// This document with the premium's part of `board` at its top level.
    func including(premiumOf board: BoardSnapshot) -> SnapshotReport {
        let part = PremiumReport(board: board, exchanges: board.exchanges)
        var document = self
        document.fx = part.fx
        document.reference = part.reference
        document.premium = part.premium
        return document
    }
}

extension SnapshotReport.Connection {
    init(_ snapshot: MarketSnapshot) {
        let feed = snapshot.feed
        self.init(
            state: feed.state.rawValue, messages: feed.messages, decodeErrors: feed.decodeErrors,
            reconnects: feed.reconnects, droppedEvents: feed.droppedEvents,
            lastMessageAgeSeconds: feed.secondsSinceMarketData(at: snapshot.capturedAt),
            lastProblem: feed.lastProblem)
    }
}

extension SnapshotReport.MarketRow {
    init(_ market: Market, ticker: Ticker?, receivedAt: Timestamp?, signals: MarketSignals) {
        code = market.code.code
        self.receivedAt = receivedAt?.iso8601
        warning = NullOr(
            signals.warning.map {
                SnapshotReport.Warning(step: $0.step.rawValue, reasons: $0.reasons, until: NullOr($0.until?.iso8601))
            })
        state = signals.state.rawValue
        delistingDate = NullOr(signals.delistingDate?.dateText())
        listedAt = signals.listedAt?.iso8601
        tradeStrength = signals.tradeStrength?.description
        volumeSpike = signals.volumeSpike
        deposit = signals.transfer?.deposit.rawValue
        withdrawal = signals.transfer?.withdrawal.rawValue
        symbol = market.code.base
        quote = market.code.quote
        nameKo = market.koreanName
        nameEn = market.englishName
        guard let ticker else { return }
        price = ticker.price.description
        change = ticker.change.direction.rawValue
        changeRate = ticker.change.rate.description
        changePrice = ticker.change.amount.description
        tradeValue24h = ticker.tradeValue24h?.description
        volume24h = ticker.volume24h?.description
        high = ticker.session?.high.description
        low = ticker.session?.low.description
        updatedAt = ticker.timestamp.iso8601
    }
}

extension SnapshotReport.Book {
    init(_ book: OrderBook, state: BookState, depth: Int) {
        let top = book.top(depth)
        self.state = state.rawValue
        timestamp = book.timestamp.iso8601
        asks = top.asks.map { SnapshotReport.Level(price: $0.price.description, quantity: $0.quantity.description) }
        bids = top.bids.map { SnapshotReport.Level(price: $0.price.description, quantity: $0.quantity.description) }
        stats = SnapshotReport.BookStats(BookStatistics(book))
    }
}

extension SnapshotReport.TradeRow {
    init(_ trade: Trade) {
        time = trade.timestamp.iso8601
        price = trade.price.description
        quantity = trade.quantity.description
        side = trade.side.rawValue
    }
}

extension SnapshotReport.CandleRow {
    init(_ candle: Candle) {
        time = candle.start.iso8601
        open = candle.open.description
        high = candle.high.description
        low = candle.low.description
        close = candle.close.description
        volume = candle.volume.description
    }
}

/// A JSON object whose keys keep the order they were given in.
/// A value encoded as `null` when absent (a plain optional's key would be left out).
struct NullOr<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value?

    init(_ value: Value?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

struct KeyedList<Value: Encodable & Sendable>: Encodable, Sendable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let entries: [(key: String, value: Value)]

    init(_ entries: [(String, Value)]) {
        self.entries = entries.map { (key: $0.0, value: $0.1) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for entry in entries {
            try container.encode(entry.value, forKey: Key(stringValue: entry.key))
        }
    }
}
