import Foundation
import MarketCore
import MarketSim
import Testing

/// What `coinboard snapshot --format json` printed, read back.
struct SnapshotOutput: Decodable {
    struct Connection: Decodable {
        var state: String
        var messages: Int
        var decodeErrors: Int
        var reconnects: Int
        var lastProblem: String?
    }

    struct MarketRow: Decodable {
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
    }

    struct Level: Decodable, Equatable {
        var price: String
        var quantity: String
    }

    struct BookStats: Decodable, Equatable {
        var spread: String?
        var spreadTicks: Int?
        var spreadBasisPoints: String?
        var mid: String?
        var askTotal: String
        var bidTotal: String
        var askWithin1Percent: String
        var bidWithin1Percent: String
        var imbalance: String?
    }

    struct Book: Decodable {
        var timestamp: String
        var asks: [Level]
        var bids: [Level]
        var stats: BookStats
    }

    struct Fill: Decodable, Equatable {
        var averagePrice: String?
        var worstPrice: String?
        var quantity: String
        var filledAmount: String
        var levels: Int
        var slippagePercent: String?
        var complete: Bool
    }

    struct Impact: Decodable {
        var amount: String
        var buy: Fill
        var sell: Fill
    }

    struct TradeRow: Decodable, Equatable {
        var time: String
        var price: String
        var quantity: String
        var side: String
    }

    struct CandleRow: Decodable {
        var time: String
        var open: String
        var high: String
        var low: String
        var close: String
        var volume: String
    }

    struct Candles: Decodable {
        var interval: String
        var items: [CandleRow]
    }

    var exchange: String
    var capturedAt: String
    var connection: Connection
    var markets: [MarketRow]
    var orderbooks: [String: Book]
    var impact: [String: Impact]?
    var trades: [String: [TradeRow]]
    var candles: [String: Candles]
    var fx: Rate?
    var reference: Reference?
    var premium: [PremiumRow]?

    /// The won–dollar rate the premiums were measured with.
    struct Rate: Decodable {
        var rate: String
        var source: String
        var exchange: String?
        var at: String
        var problem: String?
    }

    /// The reference exchange's part.
    struct Reference: Decodable {
        var exchange: String
        var off: String?
        var connection: Connection?
        var markets: [MarketRow]?
    }

    /// One premium row.
    struct PremiumRow: Decodable {
        var symbol: String
        var exchange: String
        var price: String
        var referenceSymbol: String
        var referencePrice: String
        var referencePriceKRW: String
        var premiumPercent: String?
    }

    /// Runs `coinboard snapshot` with `arguments` and reads its JSON.
    static func capture(_ arguments: [String], timeout: Duration = .seconds(180)) async throws -> SnapshotOutput {
        // However slowly a loaded machine starts the feed, the collection starts once data flows.
        let wait = arguments.contains("--wait") ? [] : ["--wait", "120"]
        let outcome = try await CoinboardProcess.run(["snapshot", "--format", "json"] + wait + arguments, timeout: timeout)
        try #require(outcome.status == 0, "snapshot failed: \(outcome.standardError)")
        return try JSONDecoder().decode(SnapshotOutput.self, from: Data(outcome.standardOutput.utf8))
    }

    /// The row of `code`.
    func market(_ code: String) -> MarketRow? {
        markets.first { $0.code == code }
    }
}

/// How a dialect's figures are compared with the simulator's own.
struct ExactnessRules {
    /// The basis of the change the dialect streams.
    var changeBasis: ChangeBasis
    /// Fraction digits of the change rate on the wire (nil: exact).
    var rateDigits: Int?
    /// Whether high and low share one basis between REST and stream (the legacy REST ticker's
    /// high and low count from midnight, its 24H stream's over 24 hours).
    var comparesHighLow: Bool
    /// Trade times are compared to this many microseconds (the legacy REST history has seconds).
    var tradeTimeResolution: Int64

    static let bithumb = ExactnessRules(
        changeBasis: .sinceMidnightKST, rateDigits: nil, comparesHighLow: true,
        tradeTimeResolution: 1000)
    static let upbit = ExactnessRules(
        changeBasis: .sinceMidnightUTC, rateDigits: nil, comparesHighLow: true,
        tradeTimeResolution: 1000)
    static let legacy = ExactnessRules(
        changeBasis: .rolling24h, rateDigits: 4, comparesHighLow: false,
        tradeTimeResolution: 1_000_000)
}

extension SnapshotOutput {
    /// Checks that listing, tickers, the books of `focus` and their newest `tradeCount` trades
    /// equal the simulator's state.
    func expectEqual(
        to state: MarketSimulator, focus: [MarketCode], depth: Int, tradeCount: Int, rules: ExactnessRules,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(markets.map(\.code) == state.markets.map(\.code.code), sourceLocation: sourceLocation)
        #expect(markets.map(\.nameKo) == state.markets.map(\.koreanName), sourceLocation: sourceLocation)
        var mismatches: [String] = []
        for market in state.markets {
            guard let own = state.ticker(for: market.code, change: rules.changeBasis, session: rules.changeBasis),
                let row = self.market(market.code.code)
            else {
                mismatches.append("\(market.code): no ticker")
                continue
            }
            let rate = rules.rateDigits.map { own.change.rate.rounded(toFractionDigits: $0) } ?? own.change.rate
            var expected = [
                own.price.description, own.change.direction.rawValue, rate.description,
                own.change.amount.description, own.tradeValue24h?.description, own.volume24h?.description,
            ]
            var actual = [
                row.price, row.change, row.changeRate.flatMap(ExactDecimal.init)?.description, row.changePrice,
                row.tradeValue24h, row.volume24h,
            ]
            if rules.comparesHighLow {
                expected += [own.session?.high.description, own.session?.low.description]
                actual += [row.high, row.low]
            }
            if expected != actual { mismatches.append("\(market.code): \(actual) ≠ \(expected)") }
        }
        #expect(mismatches.isEmpty, "tickers differ: \(mismatches.prefix(5))", sourceLocation: sourceLocation)
        for code in focus {
            let book = orderbooks[code.code]
            let own = state.orderBook(for: code)?.top(depth)
            #expect(book?.asks == own.map { $0.asks.map(Level.init) }, "\(code) asks", sourceLocation: sourceLocation)
            #expect(book?.bids == own.map { $0.bids.map(Level.init) }, "\(code) bids", sourceLocation: sourceLocation)
            let shown = (trades[code.code] ?? []).map { $0.truncated(to: rules.tradeTimeResolution) }
            let ownTrades = state.recentTrades(for: code, count: tradeCount).map {
                TradeRow($0).truncated(to: rules.tradeTimeResolution)
            }
            // The exchange may know fewer trades than asked for (a restarted demo exchange keeps
            // no tape); the client then also holds older ones from before.
            #expect(Array(shown.prefix(ownTrades.count)) == ownTrades, "\(code) trades", sourceLocation: sourceLocation)
        }
    }

    /// Whether any printed book has its best bid at or above its best ask.
    var hasCrossedBook: Bool {
        orderbooks.values.contains { book in
            guard let bid = book.bids.first.flatMap({ ExactDecimal($0.price) }),
                let ask = book.asks.first.flatMap({ ExactDecimal($0.price) })
            else { return false }
            return bid >= ask
        }
    }
}

extension SnapshotOutput.Level {
    init(_ level: BookLevel) {
        self.init(price: level.price.description, quantity: level.quantity.description)
    }
}

extension SnapshotOutput.TradeRow {
    init(_ trade: Trade) {
        self.init(
            time: trade.timestamp.iso8601, price: trade.price.description, quantity: trade.quantity.description,
            side: trade.side.rawValue)
    }

    /// The row with its time cut to `resolution` µs (the printed time has milliseconds).
    func truncated(to resolution: Int64) -> Self {
        guard resolution > 1000 else { return self }
        var copy = self
        copy.time = String(time.prefix(19)) + "Z"
        return copy
    }
}

extension BookLevel {
    init(_ level: SnapshotOutput.Level) {
        self.init(price: ExactDecimal(level.price)!, quantity: ExactDecimal(level.quantity)!)
    }
}

extension SnapshotOutput.BookStats {
    init(_ statistics: BookStatistics) {
        self.init(
            spread: statistics.spread?.description, spreadTicks: statistics.spreadTicks,
            spreadBasisPoints: statistics.spreadBasisPoints?.description, mid: statistics.mid?.description,
            askTotal: statistics.askTotal.description, bidTotal: statistics.bidTotal.description,
            askWithin1Percent: statistics.askNearMid.description, bidWithin1Percent: statistics.bidNearMid.description,
            imbalance: statistics.imbalance?.description)
    }
}

extension SnapshotOutput.Fill {
    init(_ impact: MarketImpact) {
        self.init(
            averagePrice: impact.averagePrice?.description, worstPrice: impact.worstPrice?.description,
            quantity: impact.quantity.description, filledAmount: impact.filledAmount.description, levels: impact.levels,
            slippagePercent: impact.slippagePercent?.description, complete: impact.isComplete)
    }
}
