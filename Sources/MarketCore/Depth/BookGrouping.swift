/// 호가 모아보기: the book's levels gathered into price buckets of a whole number of ticks.
public struct BookGrouping: Sendable, Hashable {
    /// Ticks per bucket.
    public let ticks: Int

    /// The bucket sizes offered, in ticks: 1, 2, 5, 10, 20, 50, 100… up to 10⁶.
    public static let steps: [Int] = (0..<7).flatMap { power in
        [1, 2, 5].map { $0 * Int(pow10: power) }
    }

    /// One tick a bucket: the book as it is.
    public static let none = BookGrouping(ticks: 1)

    /// A grouping of `ticks` ticks a bucket (at least one).
    public init(ticks: Int) { self.ticks = Swift.max(1, ticks) }

    /// The next coarser (`step` > 0) or finer (< 0) size of ``steps``, stopping at either end.
    public func stepped(by step: Int) -> BookGrouping {
        let index = Self.steps.lastIndex { $0 <= ticks } ?? 0
        return BookGrouping(ticks: Self.steps[Swift.min(Swift.max(0, index + step), Self.steps.count - 1)])
    }

    /// The bucket in KRW for a book whose price is near `price`: `ticks` of that price's band.
    public func bucket(near price: ExactDecimal) -> ExactDecimal {
        KRWTickTable.tick(at: price) * ExactDecimal(ticks)
    }

    /// `levels` (one side, best first) gathered into buckets of `bucket`: a bid into the
    /// bucket at or below its price, an ask into the one at or above, so grouping never
    /// crosses the spread. Each bucket's size is the exact sum of its levels'; the order stays
    /// best first. With one tick a bucket the levels come back unchanged.
    public func grouped(_ levels: some Sequence<BookLevel>, side: BookSide, bucket: ExactDecimal) -> [BookLevel] {
        guard ticks > 1, bucket > .zero else { return Array(levels) }
        var result: [BookLevel] = []
        for level in levels {
            let floor = level.price.floored(toMultipleOf: bucket)
            let price = side == .ask && floor != level.price ? floor + bucket : floor
            if result.last?.price == price {
                result[result.count - 1].quantity += level.quantity
            } else {
                result.append(BookLevel(price: price, quantity: level.quantity))
            }
        }
        return result
    }
}

extension Int {
    /// 10ⁿ for a small n.
    fileprivate init(pow10 power: Int) {
        self = (0..<power).reduce(1) { value, _ in value * 10 }
    }
}
