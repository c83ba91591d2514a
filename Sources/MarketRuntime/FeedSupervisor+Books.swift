import Logging
import MarketCore

extension FeedSupervisor {
    /// Starts keeping `market`'s book from deltas, when the feed sends deltas.
    func startBookSync(for market: MarketCode) {
        guard case .deltas(let snapshotDepth) = transport.bookUpdates else { return }
        bookSyncs[market] = BookSync(market: market, snapshotDepth: snapshotDepth)
        status.resyncingBooks.insert(market)
    }

    /// Passes a streamed delta through the market's ``BookSync``: the book to publish, if any.
    /// Deltas for markets not in view are ignored.
    func keep(_ delta: OrderBookDelta) -> OrderBook? {
        guard var sync = bookSyncs[delta.market] else { return nil }
        let action = sync.receive(delta: delta)
        bookSyncs[delta.market] = sync
        return perform(action, for: delta.market)
    }

    /// Passes a REST book through the market's ``BookSync`` when books arrive as deltas; a
    /// whole-book feed's REST book is published as it is.
    func keep(snapshot book: OrderBook) -> OrderBook? {
        guard var sync = bookSyncs[book.market] else { return book }
        let action = sync.receive(snapshot: book)
        bookSyncs[book.market] = sync
        return perform(action, for: book.market)
    }

    private func perform(_ action: BookSync.Action, for market: MarketCode) -> OrderBook? {
        switch action {
        case .none:
            return nil
        case .publish(let book):
            status.resyncingBooks.remove(market)
            return book
        case .fetchSnapshot:
            enqueue(.book(market))
            return nil
        case .resync(let reason):
            status.resyncingBooks.insert(market)
            logger.notice("resyncing book", metadata: ["market": "\(market.code)", "reason": "\(reason)"])
            enqueue(.book(market), evenIfInFlight: true)
            return nil
        }
    }
}
