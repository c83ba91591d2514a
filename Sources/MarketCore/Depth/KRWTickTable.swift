/// The price steps of KRW markets: the higher the price, the coarser the tick.
///
/// Bithumb publishes no table; this is Upbit's (after its 2025 change for prices from 100 KRW,
/// its earlier bands below), which matches the steps seen on Bithumb's books (1,000 KRW for
/// BTC and ETH, 1 KRW near 1,300, 0.1 near 400 in 2021 being the old table's 0.1 band).
public enum KRWTickTable {
    /// Lower bound of each band (inclusive) and its tick, highest band first.
    static let bands: [(floor: ExactDecimal, tick: ExactDecimal)] = [
        (ExactDecimal(1_000_000), ExactDecimal(1000)),
        (ExactDecimal(500_000), ExactDecimal(500)),
        (ExactDecimal(100_000), ExactDecimal(100)),
        (ExactDecimal(50_000), ExactDecimal(50)),
        (ExactDecimal(10_000), ExactDecimal(10)),
        (ExactDecimal(5_000), ExactDecimal(5)),
        (ExactDecimal(100), ExactDecimal(1)),
        (ExactDecimal(10), ExactDecimal(count: 1, fractionDigits: 2)),
        (ExactDecimal(1), ExactDecimal(count: 1, fractionDigits: 3)),
        (ExactDecimal(count: 1, fractionDigits: 1), ExactDecimal(count: 1, fractionDigits: 4)),
        (ExactDecimal(count: 1, fractionDigits: 2), ExactDecimal(count: 1, fractionDigits: 5)),
        (ExactDecimal(count: 1, fractionDigits: 3), ExactDecimal(count: 1, fractionDigits: 6)),
        (ExactDecimal(count: 1, fractionDigits: 4), ExactDecimal(count: 1, fractionDigits: 7)),
        (.zero, ExactDecimal(count: 1, fractionDigits: 8)),
    ]

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
}
