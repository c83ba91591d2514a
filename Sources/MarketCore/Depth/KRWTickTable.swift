/// The price steps of KRW markets: the higher the price, the coarser the tick.
///
/// Bithumb publishes no table; this is Upbit's (after its 2025 change for prices from 100 KRW,
/// its earlier bands below), which matches the steps seen on Bithumb's books (1,000 KRW for
/// BTC and ETH, 1 KRW near 1,300, 0.1 near 400 in 2021 being the old table's 0.1 band).
public enum KRWTickTable {
    /// Lower bound of each band (inclusive) and its tick, in hundred-millionths of a won (10⁻⁸,
    /// the finest tick), highest band first.
    static let bandCounts: [(floor: Int, tick: Int)] = [
        (100_000_000_000_000, 100_000_000_000),
        (50_000_000_000_000, 50_000_000_000),
        (10_000_000_000_000, 10_000_000_000),
        (5_000_000_000_000, 5_000_000_000),
        (1_000_000_000_000, 1_000_000_000),
        (500_000_000_000, 500_000_000),
        (10_000_000_000, 100_000_000),
        (1_000_000_000, 1_000_000),
        (100_000_000, 100_000),
        (10_000_000, 10_000),
        (1_000_000, 1_000),
        (100_000, 100),
        (10_000, 10),
        (0, 1),
    ]

    /// Lower bound of each band (inclusive) and its tick, highest band first.
    static let bands: [(floor: ExactDecimal, tick: ExactDecimal)] = bandCounts.map {
        (ExactDecimal(count: $0.floor, fractionDigits: 8), ExactDecimal(count: $0.tick, fractionDigits: 8))
    }

    /// The smallest tick of any band.
    public static let finestTick = ExactDecimal(count: 1, fractionDigits: 8)

    /// The tick of the band holding `price`.
    public static func tick(at price: ExactDecimal) -> ExactDecimal {
        bands.first { price >= $0.floor }?.tick ?? finestTick
    }

    /// Whether `price` is a valid price: positive and a whole number of its band's ticks.
    public static func isOnGrid(_ price: ExactDecimal) -> Bool {
        price > .zero && price.floored(toMultipleOf: tick(at: price)) == price
    }

    /// The tick of the band just below `price`: the step down from a price on a band's floor.
    public static func tick(below price: ExactDecimal) -> ExactDecimal {
        bands.first { price > $0.floor }?.tick ?? finestTick
    }

    /// The valid price nearest to `value` won (a tie goes to the higher price), at least the
    /// finest tick; worked out in hundred-millionths of a won, up to 10¹⁰ won.
    public static func nearest(to value: Double) -> ExactDecimal {
        ExactDecimal(count: nearestCount(to: value), fractionDigits: 8)
    }

    /// ``nearest(to:)`` in hundred-millionths of a won.
    public static func nearestCount(to value: Double) -> Int {
        let rough = Int(min(max(1, (value * 1e8).rounded()), 1e18))
        let tick = tickCount(at: rough)
        let floor = rough - rough % tick
        let chosen = (rough - floor) * 2 >= tick ? floor + tick : floor
        return max(chosen - chosen % tickCount(at: chosen), 1)
    }

    /// The tick of the band holding `count` hundred-millionths of a won, in the same unit.
    private static func tickCount(at count: Int) -> Int {
        for band in bandCounts where count >= band.floor { return band.tick }
        return 1
    }
}
