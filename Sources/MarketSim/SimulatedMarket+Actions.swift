import MarketCore

/// The three things that happen to a book: an order rests, an order is cancelled, or an
/// order takes liquidity and trades.
extension SimulatedMarket {
    /// Moves the fair value, the volatility spell and the premium forward to `time`.
    mutating func advanceFair(to time: Timestamp) {
        let before = fair.time
        fair.advance(to: time)
        premium?.advance(seconds: Double(fair.time.microseconds(since: before)) / 1e6)
    }

    /// A limit order rests on the book, near the touch more often than not.
    mutating func restOrder(at time: Timestamp, using generator: inout some RandomNumberGenerator) -> [BookChange] {
        let side: BookSide = generator.chance(0.5) ? .bid : .ask
        guard let price = restingPrice(side: side, using: &generator) else { return [] }
        let opposite = (side == .bid ? book.bestAsk : book.bestBid)?.price
        if let opposite, side == .bid ? price >= opposite : price <= opposite { return [] }
        let existing = level(side, at: price)?.quantity ?? .zero
        let added = Self.quantity(notional: generator.logNormal(median: medianNotional * Self.restingSizeFactor, sigma: 1.0), price: price)
        return [BookChange(side: side, price: price, quantity: existing + added)]
    }

    /// Part or all of a resting order is withdrawn; the book never thins below its target depth.
    /// Beyond it, the level farthest from the touch goes: orders left behind by a moving
    /// price are the ones pulled, so the book stays dense near the touch.
    mutating func cancelOrder(using generator: inout some RandomNumberGenerator) -> [BookChange] {
        let side: BookSide = generator.chance(0.5) ? .bid : .ask
        let levels = side == .bid ? book.bids : book.asks
        guard let deepest = levels.last else { return [] }
        if levels.count > Self.targetDepth, generator.chance(0.4) {
            return [BookChange(side: side, price: deepest.price, quantity: .zero)]
        }
        let level = levels[generator.geometric(continuation: 0.8, limit: levels.count - 1)]
        let withdrawn = Self.quantity(
            notional: generator.unit() * level.quantity.doubleValue * level.price.doubleValue,
            price: level.price)
        return [BookChange(side: side, price: level.price, quantity: max(level.quantity - withdrawn, Self.minimumQuantity))]
    }

    /// An order takes liquidity: it walks the opposite side from the best level, trading at
    /// each level's price until it is filled. Buyers come when the price lags its fair value.
    mutating func takeLiquidity(
        at time: Timestamp, nextTradeID: inout UInt64,
        using generator: inout some RandomNumberGenerator
    ) -> (trades: [Trade], changes: [BookChange]) {
        guard let bid = book.bestBid?.price, let ask = book.bestAsk?.price else { return ([], []) }
        let middle = (bid.doubleValue + ask.doubleValue) / 2
        let tickSize = KRWTickTable.tick(at: bid).doubleValue * Double(spacing)
        let lag = (fairPrice - middle) / max(tickSize, middle * 1e-5)
        let buyChance = 1 / (1 + SimMath.exp(-0.8 * lag))
        let side: TradeSide = generator.chance(buyChance) ? .buy : .sell
        let levels = side == .buy ? book.asks : book.bids
        var remaining = generator.logNormal(median: medianNotional * (1 + min(abs(lag), 20) * 0.3), sigma: 1.1)
        var trades: [Trade] = []
        var changes: [BookChange] = []
        for level in levels.prefix(12) where remaining > 0 {
            let wanted = Self.quantity(notional: remaining, price: level.price)
            let taken = min(wanted, level.quantity)
            remaining -= taken.doubleValue * level.price.doubleValue
            remaining = wanted > level.quantity ? max(remaining, 1) : 0
            trades.append(
                Trade(
                    market: market.code, price: level.price, quantity: taken, side: side,
                    timestamp: time, id: nextTradeID))
            nextTradeID += 1
            changes.append(BookChange(side: side == .buy ? .ask : .bid, price: level.price, quantity: level.quantity - taken))
        }
        return (trades, changes)
    }

    /// Levels added until each side holds its target depth again, and one more into a gap
    /// near the touch: into the first gap wider than ``widestGap`` spacings (from the touch
    /// out), else beyond the deepest level. A price that moved leaves no hole in the book.
    func refills(using generator: inout some RandomNumberGenerator) -> [BookChange] {
        var changes: [BookChange] = []
        for side in [BookSide.bid, .ask] {
            let levels = side == .bid ? book.bids : book.asks
            let hasGap = Self.firstGap(in: levels.prefix(Self.denseLevels).map(\.price), wider: widestGap(near: levels.first?.price)) != nil
            let wanted = Swift.max(Self.targetDepth - levels.count, hasGap ? 1 : 0)
            guard wanted > 0 else { continue }
            var prices = levels.map(\.price)
            for _ in 0..<wanted {
                let steps = spacing * (1 + generator.geometric(continuation: 0.3, limit: 4))
                let gap = Self.firstGap(in: prices, wider: widestGap(near: prices.first))
                let (index, from) = gap.map { ($0 + 1, prices[$0]) } ?? (prices.count, prices.last ?? anchor(for: side))
                let next = side == .bid ? KRWTickTable.price(from, down: steps) : KRWTickTable.price(from, up: steps)
                guard let next, index == prices.count || (side == .bid ? next > prices[index] : next < prices[index]) else { break }
                prices.insert(next, at: index)
                let size = Self.quantity(
                    notional: generator.logNormal(median: medianNotional * 2 * Self.restingSizeFactor, sigma: 1.0), price: next)
                changes.append(BookChange(side: side, price: next, quantity: size))
            }
        }
        return changes
    }

    /// Resting orders are this many times a taker's median size: books hold several trades'
    /// worth at each level, as real KRW books do.
    static let restingSizeFactor = 4.0

    /// Levels from the touch that are kept free of gaps.
    static let denseLevels = 20
    /// Spacings between neighbouring levels beyond which a refill goes into the gap.
    static let widestGap = 6

    /// The widest gap allowed between levels near `price` (the touch).
    private func widestGap(near price: ExactDecimal?) -> ExactDecimal {
        guard let price else { return .greatestMagnitude }
        return KRWTickTable.tick(at: price) * ExactDecimal(spacing * Self.widestGap)
    }

    /// The index of the first level (one side, best first) followed by a gap wider than
    /// `widest`, if any.
    private static func firstGap(in prices: [ExactDecimal], wider widest: ExactDecimal) -> Int? {
        guard prices.count > 1 else { return nil }
        return prices.indices.dropLast().first { (prices[$0] - prices[$0 + 1]).magnitude > widest }
    }

    /// Where a new limit order rests: a few levels behind the best, or — as market makers do,
    /// the more often the wider the spread — inside the spread towards the fair value.
    private func restingPrice(side: BookSide, using generator: inout some RandomNumberGenerator) -> ExactDecimal? {
        let best = (side == .bid ? book.bestBid : book.bestAsk)?.price ?? anchor(for: side)
        if let opposite = (side == .bid ? book.bestAsk : book.bestBid)?.price {
            let step = KRWTickTable.tick(at: best) * ExactDecimal(spacing)
            let gaps = (opposite - best).magnitude.count(of: step)
            if gaps > 1, generator.chance(min(0.9, 0.2 + 0.1 * Double(gaps))) {
                let fair = KRWTickTable.nearest(to: fairPrice)
                let toward =
                    side == .bid
                    ? min(fair, KRWTickTable.price(opposite, down: spacing) ?? best)
                    : max(fair, KRWTickTable.price(opposite, up: spacing))
                if side == .bid ? toward > best : toward < best { return toward }
            }
        }
        let behind = spacing * generator.geometric(continuation: 0.6, limit: Self.targetDepth)
        return side == .bid ? KRWTickTable.price(best, down: behind) : KRWTickTable.price(best, up: behind)
    }

    /// A starting price for an empty side, one spacing away from the fair value.
    private func anchor(for side: BookSide) -> ExactDecimal {
        let fair = KRWTickTable.nearest(to: fairPrice)
        if side == .ask { return KRWTickTable.price(fair, up: spacing) }
        return KRWTickTable.price(fair, down: spacing) ?? KRWTickTable.finestTick
    }

    private func level(_ side: BookSide, at price: ExactDecimal) -> BookLevel? {
        (side == .bid ? book.bids : book.asks).first { $0.price == price }
    }
}
