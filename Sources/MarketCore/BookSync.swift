/// Keeps one market's book correct from a delta feed without sequence numbers (Bithumb's
/// legacy `orderbookdepth`): a sans-I/O state machine whose methods return what to do.
///
/// Deltas are buffered until a REST snapshot arrives; buffered deltas older than the snapshot
/// are dropped and the rest applied. A delta whose time goes backwards, a book that crosses,
/// or a gap from an overflowing buffer asks for a resync.
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
        /// The connection was re-established.
        case reconnected
    }

    private enum State: Sendable {
        case awaitingSnapshot(buffer: [OrderBookDelta], lostUntil: Timestamp?, requested: Bool)
        case synced(OrderBook, lastDelta: Timestamp)
    }

    /// The market this sync keeps.
    public let market: MarketCode
    /// The most deltas buffered while waiting for a snapshot.
    public let bufferLimit: Int
    private var state: State = .awaitingSnapshot(buffer: [], lostUntil: nil, requested: false)

    /// Creates a sync waiting for its first snapshot.
    public init(market: MarketCode, bufferLimit: Int = 150) {
        self.market = market
        self.bufferLimit = Swift.max(1, bufferLimit)
    }

    /// The synced book, or `nil` while waiting for a snapshot.
    public var book: OrderBook? {
        if case .synced(let book, _) = state { return book }
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
        case .synced(var book, let lastDelta):
            guard delta.timestamp >= lastDelta else { return startResync(.timeWentBackwards) }
            book.apply(delta)
            guard !book.isCrossed else { return startResync(.crossedBook) }
            state = .synced(book, lastDelta: delta.timestamp)
            return .publish(book)
        }
    }

    /// Takes a REST snapshot; buffered deltas from its time on are applied over it.
    public mutating func receive(snapshot: OrderBook) -> Action {
        var book = snapshot
        var lastDelta = snapshot.timestamp
        if case .awaitingSnapshot(let buffer, let lostUntil, _) = state {
            if let lostUntil, lostUntil >= snapshot.timestamp { return startResync(.bufferOverflow) }
            for delta in buffer where delta.timestamp >= snapshot.timestamp {
                guard delta.timestamp >= lastDelta else { return startResync(.timeWentBackwards) }
                book.apply(delta)
                lastDelta = delta.timestamp
            }
        }
        guard !book.isCrossed else { return startResync(.crossedBook) }
        state = .synced(book, lastDelta: lastDelta)
        return .publish(book)
    }

    /// Forgets the book after a reconnect and asks for a new snapshot.
    public mutating func reconnected() -> Action {
        startResync(.reconnected)
    }

    private mutating func startResync(_ reason: ResyncReason) -> Action {
        state = .awaitingSnapshot(buffer: [], lostUntil: nil, requested: true)
        return .resync(reason)
    }
}
