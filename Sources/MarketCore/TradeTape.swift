/// The most recent trades of one market, newest first, bounded in size.
///
/// Appending beyond the capacity drops the oldest trades. A trade already on the tape
/// (the same execution arriving from REST history and the live stream) is not added twice.
public struct TradeTape: Sendable, Equatable {
    /// The most trades held.
    public let capacity: Int
    /// Oldest first. It may hold up to twice `capacity` so that trimming is amortised;
    /// only the newest `capacity` trades are visible.
    private var storage: [Trade] = []
    /// How far back a duplicate is looked for.
    private static let duplicateWindow = 64

    /// Creates an empty tape holding at most `capacity` trades (at least one).
    public init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Number of trades held.
    public var count: Int { Swift.min(storage.count, capacity) }

    /// Whether the tape is empty.
    public var isEmpty: Bool { storage.isEmpty }

    /// The newest trade.
    public var newest: Trade? { storage.last }

    /// The trades, newest first.
    public var newestFirst: ReversedCollection<ArraySlice<Trade>> { storage.suffix(capacity).reversed() }

    public static func == (lhs: TradeTape, rhs: TradeTape) -> Bool {
        lhs.capacity == rhs.capacity && lhs.storage.suffix(lhs.capacity) == rhs.storage.suffix(rhs.capacity)
    }

    /// Adds a trade unless the same execution is already among the recent ones.
    /// - Returns: whether the trade was added.
    @discardableResult
    public mutating func append(_ trade: Trade) -> Bool {
        !append(contentsOf: [trade]).isEmpty
    }

    /// Adds a batch of trades (oldest first), leaving out those already on the tape.
    ///
    /// The trades of one batch are all distinct executions, even when they look alike (the
    /// legacy REST history has no ids and stamps to the second), so each is matched against
    /// what the tape held before the batch, and each trade on the tape answers for at most one
    /// of them. A match stamped to the whole second takes the finer time of its twin. A new
    /// trade goes in by time, but never before the twin of a trade the batch lists before it:
    /// within a second the batch's order is the exchange's, which a history stamped to the
    /// second cannot show by time.
    /// - Returns: the trades added.
    @discardableResult
    public mutating func append(contentsOf batch: [Trade]) -> [Trade] {
        var unclaimed = Array(max(0, storage.count - Self.duplicateWindow)..<storage.count)
        var earliest = 0
        var added: [Trade] = []
        for trade in batch {
            if let match = unclaimed.firstIndex(where: { storage[$0].isSameExecution(as: trade) }) {
                let twin = unclaimed.remove(at: match)
                if storage[twin].timestamp.isWholeSecond { storage[twin].timestamp = trade.timestamp }
                earliest = max(earliest, twin + 1)
            } else {
                let index = max(earliest, insertionIndex(of: trade))
                storage.insert(trade, at: index)
                for position in unclaimed.indices where unclaimed[position] >= index { unclaimed[position] += 1 }
                earliest = index + 1
                added.append(trade)
            }
        }
        if storage.count >= 2 * capacity {
            storage.removeFirst(storage.count - capacity)
        }
        return added
    }

    /// Where `trade` goes by time: after every trade that did not happen after it.
    private func insertionIndex(of trade: Trade) -> Int {
        guard let last = storage.last, trade.happened(before: last) else { return storage.count }
        return storage.lastIndex { !trade.happened(before: $0) }.map { $0 + 1 } ?? 0
    }

    /// Replaces the tape with a history of trades in any order (REST returns newest first).
    public mutating func replace(with trades: [Trade]) {
        storage.removeAll(keepingCapacity: true)
        append(contentsOf: Array(trades.sorted(by: { $0.timestamp < $1.timestamp }).suffix(capacity)))
    }
}

extension Trade {
    /// Whether this trade came before `other`: by time, and by the exchange's ids when both
    /// have one and the times are equal (one order filling several levels at once).
    fileprivate func happened(before other: Trade) -> Bool {
        if timestamp != other.timestamp { return timestamp < other.timestamp }
        guard let id, let otherID = other.id else { return false }
        return id < otherID
    }
}
