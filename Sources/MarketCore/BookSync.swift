/// Keeps one market's book correct from a delta feed without sequence numbers (Bithumb's
/// legacy `orderbookdepth`): a sans-I/O state machine whose methods return what to do.
///
/// Deltas are buffered until a REST snapshot arrives; buffered deltas older than the snapshot
/// are dropped and the rest applied. A delta whose time goes backwards, a book that crosses,
/// or a gap from an overflowing buffer asks for a resync.
///
/// A snapshot side holding `snapshotDepth` levels is cut off there: nothing is known beyond
/// its deepest price, so levels past that edge are not kept, and when trades and cancels leave
/// fewer than `minimumDepth` levels inside it, the sync asks for a new snapshot.
public struct BookSync: Sendable {
    /// What the caller should do next.
    public enum Action: Sendable, Hashable {
        /// Nothing to do yet.
        case none
        /// Fetch a REST snapshot and pass it to ``receive(snapshot:)``.
        case fetchSnapshot
        /// Publish this book (it is synced and healthy).
        case publish(OrderBook)
        /// The book is no longer trustworthy: discard it, show it as resyncing, and fetch a
        /// new snapshot.
        case resync(ResyncReason)
    }

    /// Why a book needs a resync.
    public enum ResyncReason: Sendable, Hashable {
        /// A delta's time was before the previous one's.
        case timeWentBackwards
        /// Applying a delta crossed the book.
        case crossedBook
        /// Deltas newer than the snapshot were lost from the full buffer.
        case bufferOverflow
        /// Fewer than the minimum depth of levels are left inside a cut-off snapshot.
        case depthExhausted
    }

    /// How far each side of the last snapshot reached, where it was cut off.
    private struct Edges: Sendable {
        var bid: ExactDecimal?
        var ask: ExactDecimal?
    }

    private enum State: Sendable {
        case awaitingSnapshot(buffer: [OrderBookDelta], lostUntil: Timestamp?, requested: Bool)
        case synced(OrderBook, lastDelta: Timestamp, edges: Edges)
    }

    /// The market this sync keeps.
    public let market: MarketCode
    /// The most deltas buffered while waiting for a snapshot.
    public let bufferLimit: Int
    /// Levels a side of a snapshot holds when the server cut it off (`nil`: never cut off).
    public let snapshotDepth: Int?
    /// Levels a side must keep inside a cut-off snapshot's edge.
    public let minimumDepth: Int
    private var state: State = .awaitingSnapshot(buffer: [], lostUntil: nil, requested: false)

    /// Creates a sync waiting for its first snapshot.
    public init(market: MarketCode, bufferLimit: Int = 150, snapshotDepth: Int? = nil, minimumDepth: Int = 15) {
        self.market = market
        self.bufferLimit = Swift.max(1, bufferLimit)
        self.snapshotDepth = snapshotDepth.map { Swift.max(1, $0) }
        self.minimumDepth = Swift.max(0, Swift.min(minimumDepth, snapshotDepth ?? minimumDepth))
    }

    /// The synced book, or `nil` while waiting for a snapshot.
    public var book: OrderBook? {
        if case .synced(let book, _, _) = state { return book }
        return nil
    }

    /// Takes a delta from the stream.
    public mutating func receive(delta: OrderBookDelta) -> Action {
        switch state {
        case .awaitingSnapshot(var buffer, var lostUntil, let requested):
            buffer.append(delta)
            if buffer.count > bufferLimit {
                let lost = buffer.removeFirst()
                lostUntil = Swift.max(lostUntil ?? lost.timestamp, lost.timestamp)
            }
            state = .awaitingSnapshot(buffer: buffer, lostUntil: lostUntil, requested: true)
            return requested ? .none : .fetchSnapshot
        case .synced(var book, let lastDelta, let edges):
            guard delta.timestamp >= lastDelta else { return startResync(.timeWentBackwards) }
            book.apply(delta)
            return settle(book, lastDelta: delta.timestamp, edges: edges)
        }
    }

    /// Takes a REST snapshot; buffered deltas from its time on are applied over it.
    public mutating func receive(snapshot: OrderBook) -> Action {
        var book = snapshot
        var lastDelta = snapshot.timestamp
        let edges = Edges(bid: cutOff(snapshot.bids), ask: cutOff(snapshot.asks))
        if case .awaitingSnapshot(let buffer, let lostUntil, _) = state {
            if let lostUntil, lostUntil >= snapshot.timestamp { return startResync(.bufferOverflow) }
            for delta in buffer where delta.timestamp >= snapshot.timestamp {
                guard delta.timestamp >= lastDelta else { return startResync(.timeWentBackwards) }
                book.apply(delta)
                lastDelta = delta.timestamp
            }
        }
        return settle(book, lastDelta: lastDelta, edges: edges)
    }

    /// The deepest price of a snapshot side the server cut off.
    private func cutOff(_ side: [BookLevel]) -> ExactDecimal? {
        guard let snapshotDepth, side.count >= snapshotDepth else { return nil }
        return side.last?.price
    }

    /// Drops levels past the edges, then publishes the book or asks for a resync.
    private mutating func settle(_ book: OrderBook, lastDelta: Timestamp, edges: Edges) -> Action {
        var book = book
        let bids = edges.bid.map { edge in book.bids.filter { $0.price >= edge } } ?? book.bids
        let asks = edges.ask.map { edge in book.asks.filter { $0.price <= edge } } ?? book.asks
        if bids.count != book.bids.count || asks.count != book.asks.count {
            book.replace(bids: bids, asks: asks, timestamp: book.timestamp)
        }
        guard !book.isCrossed else { return startResync(.crossedBook) }
        if (edges.bid != nil && bids.count < minimumDepth) || (edges.ask != nil && asks.count < minimumDepth) {
            return startResync(.depthExhausted)
        }
        state = .synced(book, lastDelta: lastDelta, edges: edges)
        return .publish(book)
    }

    private mutating func startResync(_ reason: ResyncReason) -> Action {
        state = .awaitingSnapshot(buffer: [], lostUntil: nil, requested: true)
        return .resync(reason)
    }
}
