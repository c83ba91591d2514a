public import MarketCore

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

    /// The valid price nearest to `value` (at least the finest tick).
    static func nearest(to value: Double) -> ExactDecimal {
        let rough = ExactDecimal(count: Int(max(1, (value * 1e8).rounded())), fractionDigits: 8)
        let tick = tick(at: rough)
        let floor = rough.floored(toMultipleOf: tick)
        let chosen = (rough - floor) + (rough - floor) >= tick ? floor + tick : floor
        return max(snappedDown(chosen), finestTick)
    }
}
