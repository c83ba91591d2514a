public import MarketCore
import SafeText

/// One line of text describing a market event, for `coinboard decode`.
public struct EventLine: Sendable {
    /// The line (several, one per trade, for a batch of trades).
    public let text: String

    /// The line describing `event`.
    public init(_ event: MarketEvent) {
        switch event {
        case .markets(let markets):
            text =
                "markets \(markets.count): "
                + markets.prefix(5).map { "\($0.code) \($0.koreanName)/\($0.englishName)" }
                .joined(separator: ", ") + (markets.count > 5 ? ", …" : "")
        case .ticker(let ticker):
            let change = ticker.change
            text =
                "ticker \(ticker.market) price=\(ticker.price) change=\(change.direction.rawValue) "
                + "\(change.signedAmount) (\(change.signedRate), \(Self.describe(change.basis))) "
                + "value24h=\(ticker.tradeValue24h.map(\.description) ?? "-") at \(ticker.timestamp.iso8601)"
        case .orderBook(let book):
            text =
                "orderbook \(book.market) bids=\(book.bids.count) asks=\(book.asks.count) "
                + "best=\(book.bestBid.map { $0.price.description } ?? "-")/\(book.bestAsk.map { $0.price.description } ?? "-") "
                + "at \(book.timestamp.iso8601)"
        case .orderBookDelta(let delta):
            text =
                "orderbook-delta \(delta.market) "
                + delta.changes.map { "\($0.side.rawValue) \($0.price)=\($0.quantity)" }
                .joined(separator: ", ") + " at \(delta.timestamp.iso8601)"
        case .trades(let trades):
            text = trades.map {
                "trade \($0.market) \($0.side.rawValue) \($0.quantity) @ \($0.price) at \($0.timestamp.iso8601)"
                    + ($0.id.map { " id=\($0)" } ?? "")
            }.joined(separator: "\n")
        case .candles(let history):
            text = "candles \(history.market) \(history.interval.rawValue) count=\(history.candles.count)"
        case .warnings(let warnings):
            text = warnings.sorted { $0.key < $1.key }.map { market, warning in
                "warning \(market) \(warning.step.rawValue) \(warning.reasons.joined(separator: ","))"
                    + (warning.until.map { " until \($0.iso8601)" } ?? "")
            }.joined(separator: "\n")
        case .transfers(let transfers):
            text = transfers.sorted { $0.key < $1.key }.map { symbol, status in
                "transfer \(symbol) deposit=\(status.deposit.rawValue) withdrawal=\(status.withdrawal.rawValue)"
            }.joined(separator: "\n")
        case .notice(let notice):
            switch notice {
            case .connected(let message): text = "notice connected \(message.strippingUnsafeCharacters)"
            case .subscribed(let message): text = "notice subscribed \(message.strippingUnsafeCharacters)"
            case .heartbeat: text = "notice heartbeat"
            case .rejected(let code, let message): text = "notice rejected \(code) \(message.strippingUnsafeCharacters)"
            case .closing(let message): text = "notice closing \(message.strippingUnsafeCharacters)"
            }
        }
    }

    private static func describe(_ basis: ChangeBasis) -> String {
        switch basis {
        case .rolling(let minutes): "rolling \(minutes)m"
        case .sinceMidnightKST: "since 00:00 KST"
        case .sinceMidnightUTC: "since 00:00 UTC"
        }
    }
}
