import Logging
import MarketCore

/// The fetch queue and the books kept from deltas.
extension FeedSession {
    /// Queues a fetch unless it waits already, and hands it out at once when none is running.
    /// One running now answers the request too, unless `evenIfInFlight` says its answer is not
    /// good enough (a resync asked for while or because that answer came in): then it is
    /// fetched once more after it.
    mutating func enqueue(_ request: FetchRequest, evenIfInFlight: Bool = false) -> [Action] {
        guard phase != .disconnected, evenIfInFlight || request != fetchInFlight, !waitingFetches.contains(request) else { return [] }
        waitingFetches.append(request)
        return startNextFetch()
    }

    /// Hands out the first waiting fetch when none is running.
    private mutating func startNextFetch() -> [Action] {
        guard fetchInFlight == nil, !waitingFetches.isEmpty else { return [] }
        let next = waitingFetches.removeFirst()
        fetchInFlight = next
        return [.fetch(next)]
    }

    /// Takes the answer to the fetch running, then hands out the next. A refusal ends the
    /// session.
    mutating func fetched(
        _ request: FetchRequest, _ message: FeedMessage, requestedAt: MarketState.ArrivalMark?, at now: Moment
    ) -> [Action] {
        guard request == fetchInFlight else { return [] }
        if let refusal = Self.refusal(in: message) { return [.end(refusal)] }
        var actions: [Action] = []
        switch request {
        case .book(let market):
            var books: [MarketEvent] = []
            for case .orderBook(let book) in message.events {
                let (kept, bookActions) = keep(snapshot: book)
                actions += bookActions
                if let kept { books.append(.orderBook(kept)) }
            }
            actions += marketData(in: books, at: now)
            // A whole-book feed's REST book gives way to stream books that came after it was
            // asked for; a book kept from deltas already holds everything that came since.
            actions.append(.publish(books, status, requestedAt: bookSyncs[market] == nil ? requestedAt : nil))
        case .trades:
            actions += marketData(in: message.events, at: now)
            actions.append(.publish(message.events, status, requestedAt: nil))
        case .candles(let market, let interval), .earlierCandles(let market, let interval, _):
            actions += marketData(in: message.events, at: now)
            actions.append(.publish(message.events, status, requestedAt: nil))
            actions += pageOn(after: request, market: market, interval: interval, answer: message)
        }
        fetchInFlight = nil
        return actions + startNextFetch()
    }

    /// Asks for the page before the oldest candle a candles fetch brought, while the market
    /// holds fewer than ``FeedConfiguration/candleHistory`` and the last page reached further
    /// back (an exchange that does not page answers nothing before it, which ends it).
    private mutating func pageOn(after request: FetchRequest, market: MarketCode, interval: CandleInterval, answer: FeedMessage) -> [Action] {
        var page: [Candle] = []
        for case .candles(let history) in answer.events where history.market == market && history.interval == interval {
            page += history.candles
        }
        var before: Timestamp?
        if case .earlierCandles(_, _, let asked) = request { before = asked }
        let fetched = (before == nil ? 0 : candlesFetched[market]?[interval] ?? 0) + page.count
        candlesFetched[market, default: [:]][interval] = fetched
        guard fetched < configuration.candleHistory, let oldest = page.map(\.start).min(), before.map({ oldest < $0 }) ?? true else {
            return []
        }
        return enqueue(.earlierCandles(market, interval, before: oldest))
    }

    /// Passes a streamed delta through the market's ``BookSync``: the book to publish, if any.
    /// Deltas for markets not in view are ignored.
    mutating func keep(_ delta: OrderBookDelta) -> (OrderBook?, [Action]) {
        guard var sync = bookSyncs[delta.market] else { return (nil, []) }
        let action = sync.receive(delta: delta)
        bookSyncs[delta.market] = sync
        return carryOut(action, for: delta.market)
    }

    /// Passes a REST book through the market's ``BookSync`` when books arrive as deltas; a
    /// whole-book feed's REST book is published as it is.
    private mutating func keep(snapshot book: OrderBook) -> (OrderBook?, [Action]) {
        guard var sync = bookSyncs[book.market] else { return (book, []) }
        let action = sync.receive(snapshot: book)
        bookSyncs[book.market] = sync
        return carryOut(action, for: book.market)
    }

    private mutating func carryOut(_ action: BookSync.Action, for market: MarketCode) -> (OrderBook?, [Action]) {
        switch action {
        case .none:
            return (nil, [])
        case .publish(let book):
            status.resyncingBooks.remove(market)
            return (book, [])
        case .fetchSnapshot:
            return (nil, enqueue(.book(market)))
        case .resync(let reason):
            status.resyncingBooks.insert(market)
            let log = LogEntry(.notice, "resyncing book", ["market": market.code, "reason": "\(reason)"])
            return (nil, [.log(log)] + enqueue(.book(market), evenIfInFlight: true))
        }
    }
}
