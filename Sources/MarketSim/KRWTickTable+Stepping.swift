import MarketCore

/// Stepping along the tick grid, as the simulator places its orders.
extension KRWTickTable {
    /// The valid price `steps` ticks above `price` (itself a valid price).
    static func price(_ price: ExactDecimal, up steps: Int) -> ExactDecimal {
        var result = price
        for _ in 0..<max(0, steps) { result += tick(at: result) }
        return snappedDown(result)
    }

    /// The valid price `steps` ticks below `price`, or `nil` if that would reach zero.
    static func price(_ price: ExactDecimal, down steps: Int) -> ExactDecimal? {
        var result = price
        for _ in 0..<max(0, steps) {
            result -= tick(below: result)
            guard result > .zero else { return nil }
        }
        return snappedDown(result)
    }

    /// The highest valid price not above `price`.
    static func snappedDown(_ price: ExactDecimal) -> ExactDecimal {
        price.floored(toMultipleOf: tick(at: price))
    }
}
