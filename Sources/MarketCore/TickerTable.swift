/// The latest ticker of each market, as ``MarketState`` holds it and a ``MarketSnapshot``
/// shares it. Each ticker sits in a box of its own, so the copy that sharing forces on the
/// first update after a snapshot is a table of references (some 24 bytes a market), not of
/// every ticker's 450-odd bytes: for 200 markets a few kilobytes rather than a quarter of a
/// megabyte, which the allocator maps and unmaps afresh each time.
public struct TickerTable: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One ticker, never changed once boxed (an update boxes the new one).
    private final class Box: Sendable {
        let ticker: Ticker

        init(_ ticker: Ticker) {
            self.ticker = ticker
        }
    }

    private var boxes: [MarketCode: Box] = [:]

    /// An empty table.
    public init() {}

    /// A table of `tickers`.
    public init(_ tickers: [MarketCode: Ticker]) {
        boxes = tickers.mapValues(Box.init)
    }

    public init(dictionaryLiteral elements: (MarketCode, Ticker)...) {
        for (code, ticker) in elements { boxes[code] = Box(ticker) }
    }

    /// The ticker of `code`, if any.
    public internal(set) subscript(code: MarketCode) -> Ticker? {
        get { boxes[code]?.ticker }
        set { boxes[code] = newValue.map(Box.init) }
    }

    /// Markets with a ticker.
    public var count: Int { boxes.count }

    /// Whether no market has a ticker.
    public var isEmpty: Bool { boxes.isEmpty }

    /// The markets with a ticker, in no particular order.
    public var keys: Dictionary<MarketCode, some Any>.Keys { boxes.keys }

    /// The tickers, in no particular order.
    public var values: some Collection<Ticker> { boxes.values.lazy.map(\.ticker) }

    public func makeIterator() -> some IteratorProtocol<(key: MarketCode, value: Ticker)> {
        boxes.lazy.map { (key: $0.key, value: $0.value.ticker) }.makeIterator()
    }

    public static func == (lhs: TickerTable, rhs: TickerTable) -> Bool {
        guard lhs.boxes.count == rhs.boxes.count else { return false }
        return lhs.boxes.allSatisfy { code, box in
            guard let other = rhs.boxes[code] else { return false }
            return box === other || box.ticker == other.ticker
        }
    }
}
