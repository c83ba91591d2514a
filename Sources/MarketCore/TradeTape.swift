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
    /// Whether the next streamed trade begins a new stream (see ``streamEnded()``).
    private var streamRestarts = true
    /// The trades a stream that began again has joined so far, ahead of any it brought new:
    /// histories' trades it streamed, which a later trade may show it joined too early.
    private var join: Range<Int>?

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
    /// legacy REST history has no ids and stamps to the second), so each trade on the tape
    /// answers for at most one of them, in the batch's order. A match stamped to the whole
    /// second takes the finer time of its twin. A new trade goes in by time, but never before
    /// the twin of a trade the batch lists before it nor after the twin of one it lists after
    /// it: within a second the batch's order is the exchange's, which a history stamped to the
    /// second cannot show by time.
    /// - Returns: the trades added.
    @discardableResult
    public mutating func append(contentsOf batch: [Trade]) -> [Trade] {
        let streamed = batch.allSatisfy(\.isStreamedWithoutID)
        if !streamed { join = nil }
        let claims = streamed ? streamedClaims(of: batch) : alignedClaims(of: batch)
        var added: [Trade] = []
        var inserted = 0
        var earliest = 0
        for (position, trade) in batch.enumerated() {
            switch claims[position] {
            case .repeated:
                continue
            case .twin(let held):
                let index = held + inserted
                if storage[index].timestamp.isWholeSecond { storage[index].timestamp = trade.timestamp }
                earliest = index + 1
            case .new:
                let nextTwin = claims[(position + 1)...].lazy.compactMap(\.twinIndex).first.map { $0 + inserted }
                let index = Swift.min(Swift.max(earliest, insertionIndex(of: trade)), nextTwin ?? storage.count)
                storage.insert(trade, at: index)
                inserted += 1
                earliest = index + 1
                added.append(trade)
            }
        }
        if storage.count >= 2 * capacity {
            let removed = storage.count - capacity
            storage.removeFirst(removed)
            join = join.flatMap { $0.lowerBound >= removed ? ($0.lowerBound - removed)..<($0.upperBound - removed) : nil }
        }
        return added
    }

    /// Ends the stream the tape was following: the next streamed trade starts a new one, which
    /// may begin at any trade a history listed ahead of the old stream.
    public mutating func streamEnded() {
        streamRestarts = true
        join = nil
    }

    /// What a trade of a batch is on the tape.
    private enum Claim {
        /// A new execution.
        case new
        /// The same execution as the trade held at this index.
        case twin(Int)
        /// A trade streamed again, exactly as held.
        case repeated

        var twinIndex: Int? {
            if case .twin(let index) = self { index } else { nil }
        }
    }

    /// The trades on the tape that can still be matched.
    private var window: Range<Int> { Swift.max(0, storage.count - Self.duplicateWindow)..<storage.count }

    /// Claims for trades streamed without ids. The stream brings every trade in the exchange's
    /// order, so a streamed trade can only be the next one a history listed ahead of it: the
    /// first trade stamped to the second after the last one streamed. One that is not is new,
    /// and so is every trade after it.
    ///
    /// A stream that began again may join the histories listed ahead of it anywhere. It joins
    /// where the most of its trades follow the history, at the earliest such place; when a later
    /// trade shows the join was too early among lookalikes, the trades joined so far move on to
    /// the first place where they and it follow the history.
    private mutating func streamedClaims(of batch: [Trade]) -> [Claim] {
        let window = self.window
        let fresh = batch.map { trade in
            !window.contains { storage[$0].timestamp == trade.timestamp && storage[$0].isSameExecution(as: trade) }
        }
        let streamed = batch.indices.filter { fresh[$0] }.map { batch[$0] }
        guard !streamed.isEmpty else { return fresh.map { _ in .repeated } }
        let afterStreamed = (window.lastIndex { !storage[$0].timestamp.isWholeSecond }).map { $0 + 1 } ?? window.lowerBound
        let joined = streamRestarts ? afterStreamed..<afterStreamed : join ?? afterStreamed..<afterStreamed
        let starts = streamRestarts || join != nil ? joined.lowerBound..<storage.count : joined.lowerBound..<joined.lowerBound + 1
        streamRestarts = false
        var best = (start: joined.lowerBound, length: 0)
        for start in starts where start + joined.count < storage.count {
            guard joined.indices.allSatisfy({ storage[start + $0 - joined.lowerBound].isLookalike(of: storage[$0]) }) else { continue }
            let ahead = (start + joined.count)..<storage.count
            let length = zip(ahead, streamed).prefix { storage[$0].timestamp.isWholeSecond && storage[$0].isSameExecution(as: $1) }.count
            if length > best.length { best = (start, length) }
        }
        guard best.length > 0 else {
            join = nil
            return fresh.map { $0 ? .new : .repeated }
        }
        if best.start != joined.lowerBound {
            let times = joined.map { storage[$0].timestamp }
            for index in joined { storage[index].timestamp = storage[index].timestamp.floored(toMultipleOf: 1_000_000) }
            for (offset, time) in times.enumerated() { storage[best.start + offset].timestamp = time }
        }
        let first = best.start + joined.count
        join = best.length == streamed.count ? best.start..<(first + best.length) : nil
        var twins = (first..<(first + best.length)).makeIterator()
        return fresh.map { $0 ? (twins.next().map(Claim.twin) ?? .new) : .repeated }
    }

    /// Claims for a history or trades with ids: the most twins the batch and the tape can share
    /// in order, each matched with the earliest trade of the batch it can be (a stream joins a
    /// history at its earliest possible point; the trades the history lists after it are then
    /// the ones the stream brings next).
    private func alignedClaims(of batch: [Trade]) -> [Claim] {
        if let newest = newestID, batch.allSatisfy({ ($0.id ?? 0) > newest }) {
            return batch.map { _ in .new }
        }
        let window = Array(self.window)
        let columns = window.count + 1
        var longest = [Int](repeating: 0, count: (batch.count + 1) * columns)
        for row in batch.indices.reversed() {
            for column in window.indices.reversed() {
                longest[row * columns + column] =
                    storage[window[column]].isSameExecution(as: batch[row])
                    ? longest[(row + 1) * columns + column + 1] + 1
                    : Swift.max(longest[(row + 1) * columns + column], longest[row * columns + column + 1])
            }
        }
        var claims = [Claim](repeating: .new, count: batch.count)
        var row = 0
        var column = 0
        while row < batch.count, column < window.count {
            let here = longest[row * columns + column]
            if storage[window[column]].isSameExecution(as: batch[row]), here == longest[(row + 1) * columns + column + 1] + 1 {
                claims[row] = .twin(window[column])
                row += 1
                column += 1
            } else if here == longest[(row + 1) * columns + column] {
                row += 1
            } else {
                column += 1
            }
        }
        return claims
    }

    /// The greatest id among the trades that can still be matched, when every one has an id.
    private var newestID: UInt64? {
        var newest: UInt64 = 0
        for index in window {
            guard let id = storage[index].id else { return nil }
            newest = Swift.max(newest, id)
        }
        return newest
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
    /// Whether this trade came from a stream that stamps finer than the second and has no ids
    /// (Bithumb's legacy feed).
    fileprivate var isStreamedWithoutID: Bool { id == nil && !timestamp.isWholeSecond }

    /// Whether `other` is the same execution to the second: what a history stamped to the second
    /// would list for either.
    fileprivate func isLookalike(of other: Trade) -> Bool {
        price == other.price && quantity == other.quantity && side == other.side
            && timestamp.floored(toMultipleOf: 1_000_000) == other.timestamp.floored(toMultipleOf: 1_000_000)
    }

    /// Whether this trade came before `other`: by time, and by the exchange's ids when both
    /// have one and the times are equal (one order filling several levels at once).
    fileprivate func happened(before other: Trade) -> Bool {
        if timestamp != other.timestamp { return timestamp < other.timestamp }
        guard let id, let otherID = other.id else { return false }
        return id < otherID
    }
}
