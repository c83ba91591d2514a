import MarketCore

/// The depth view's rows: asks from the deepest down to the best, the spread, bids from the
/// best down to the deepest, each level with its running totals from the best price; grouped
/// into the view's buckets, large levels marked.
struct DepthLadder {
    /// One level with its figures.
    struct Level: Equatable {
        let side: BookSide
        let price: ExactDecimal
        let quantity: ExactDecimal
        /// Price × quantity.
        let value: ExactDecimal
        /// Quantity from the best price of its side to this level, inclusive.
        let cumulativeQuantity: ExactDecimal
        /// Value from the best price of its side to this level, inclusive.
        let cumulativeValue: ExactDecimal
        /// Whether the level is much larger than its neighbours (``isLarge(_:among:)``).
        let isLarge: Bool
    }

    /// A row of the ladder.
    enum Row: Equatable {
        case level(Level)
        case spread
    }

    /// How many times the mean of its neighbours a level must be to be marked large.
    static let largeFactor = ExactDecimal(3)
    /// Neighbours either side of a level that its size is compared with.
    static let neighbourReach = 5

    let rows: [Row]
    /// The index of the spread row.
    let spreadIndex: Int
    /// The bucket the levels were grouped into (the tick when ungrouped).
    let bucket: ExactDecimal

    init(book: OrderBook, grouping: BookGrouping) {
        let reference = book.bestBid?.price ?? book.bestAsk?.price ?? .zero
        bucket = grouping.bucket(near: reference)
        let asks = Self.levels(grouping.grouped(book.asks, side: .ask, bucket: bucket), side: .ask)
        let bids = Self.levels(grouping.grouped(book.bids, side: .bid, bucket: bucket), side: .bid)
        rows = asks.reversed().map(Row.level) + [.spread] + bids.map(Row.level)
        spreadIndex = asks.count
    }

    /// The first row shown in `visible` rows when the view is scrolled `scroll` rows from
    /// centred on the spread, after ``clampedScroll(_:visible:)``; may be below zero (blank
    /// rows above the deepest ask when the whole book fits).
    func firstRow(visible: Int, scroll: Int) -> Int {
        centredStart(visible: visible) + clampedScroll(scroll, visible: visible)
    }

    /// `scroll` kept where it still shows rows: never past the deepest level of either side,
    /// and not at all toward a side that is already shown whole.
    func clampedScroll(_ scroll: Int, visible: Int) -> Int {
        let centre = centredStart(visible: visible)
        let lowest = Swift.min(0, centre) - centre
        let highest = Swift.max(rows.count - visible, centre) - centre
        return Swift.min(Swift.max(scroll, lowest), Swift.max(lowest, highest))
    }

    private func centredStart(visible: Int) -> Int {
        spreadIndex - (Swift.max(1, visible) - 1) / 2
    }

    /// A side's levels, best first, with running totals and the large-level mark.
    private static func levels(_ levels: [BookLevel], side: BookSide) -> [Level] {
        var quantity = ExactDecimal.zero
        var value = ExactDecimal.zero
        return levels.indices.map { index in
            let level = levels[index]
            let levelValue = level.price * level.quantity
            quantity += level.quantity
            value += levelValue
            return Level(
                side: side, price: level.price, quantity: level.quantity, value: levelValue,
                cumulativeQuantity: quantity, cumulativeValue: value, isLarge: isLarge(index, among: levels))
        }
    }

    /// The rule for a large level: its size is at least ``largeFactor`` times the mean size of
    /// the up to ``neighbourReach`` levels either side of it on its side (at least two).
    static func isLarge(_ index: Int, among levels: [BookLevel]) -> Bool {
        let nearby = Swift.max(0, index - neighbourReach)..<Swift.min(levels.count, index + neighbourReach + 1)
        let sizes = nearby.filter { $0 != index }.map { levels[$0].quantity }
        guard sizes.count >= 2, let mean = sizes.reduce(.zero, +).divided(by: ExactDecimal(sizes.count)) else { return false }
        return mean > .zero && levels[index].quantity >= mean * largeFactor
    }
}
