import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Drawing with a ``ScreenCache`` kept from frame to frame draws what drawing from nothing
/// draws, whatever happens between frames: prices move and flash, rows scroll and sort again,
/// favorites, language, sort, strength column, tabs, search and size change, alerts come and go,
/// markets are listed (and stop being new a day later) and delisted, and snapshots go undrawn.
@Suite struct ScreenCacheTests {
    typealias Sample = SampleMarket

    /// Sixty markets: the sample's five and fifty-five more.
    static let markets: [Market] =
        Sample.markets
        + (0..<55).map { index in
            Market(code: MarketCode(quote: "KRW", base: "C\(index)")!, koreanName: "코인\(index)", englishName: "Coin \(index)")
        }

    /// Whether `state` drawn with `cache`, into the buffer `presenter` recycles as the app draws,
    /// is `state` drawn from nothing into a new buffer; records the two frames when not.
    static func drawsAlike(_ state: UIState, cache: inout ScreenCache, presenter: inout FramePresenter, step: Int) -> Bool {
        let cached = DashboardScreen.render(state, into: presenter.blankFrame(size: state.size), cache: &cache)
        let drawn = DashboardScreen.render(state)
        defer { presenter.present(cached, on: RecordingBackend(size: state.size)) }
        guard cached == drawn else {
            Issue.record(
                "step \(step): the cached frame differs\n\(cached.lines.joined(separator: "\n"))\n--\n\(drawn.lines.joined(separator: "\n"))")
            return false
        }
        return true
    }

    @Test func framesDrawnFromTheCacheAreFramesDrawnFromNothing() {
        var random = SeededGenerator(seed: 0xCAC4E)
        var market = MarketState()
        market.apply(.markets(Self.markets))
        var now = Sample.now
        for (index, listed) in Self.markets.enumerated() {
            market.apply(.ticker(Sample.ticker(listed.code, price: 1000 + index * 10, at: now)))
        }
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 120, height: 30), now: now)
        _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))))
        var cache = ScreenCache()
        var presenter = FramePresenter()
        let keys: [Key] = [
            .down, .down, .up, .pageDown, .pageUp, .end, .home, .character("f"), .character("e"), .character("s"),
            .character("S"), .character("p"), .tab,
        ]
        var listed = Self.markets
        for step in 0..<600 {
            switch Int.random(in: 0..<14, using: &random) {
            case 0..<5:
                now = now.advanced(byMicroseconds: 40_000)
                for _ in 0..<Int.random(in: 0..<6, using: &random) {
                    let code = Self.markets[Int.random(in: 0..<Self.markets.count, using: &random)].code
                    market.apply(.ticker(Sample.ticker(code, price: 900 + Int.random(in: 0..<400, using: &random), at: now)))
                }
                _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))))
            case 5:
                now = now.advanced(byMicroseconds: 150_000)
                _ = state.reduce(.tick(now))
            case 10:
                let code = listed[Int.random(in: 0..<listed.count, using: &random)].code
                let warnings: [MarketCode: MarketWarning] =
                    Bool.random(using: &random) ? [code: MarketWarning(step: .caution, reasons: ["PRICE_SUDDEN_FLUCTUATION"])] : [:]
                market.apply(.warnings(warnings), receivedAt: now)
                _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))))
            case 11:
                if listed.count > Self.markets.count, Bool.random(using: &random) {
                    listed.removeLast()
                } else {
                    let index = listed.count
                    listed.append(Market(code: MarketCode(quote: "KRW", base: "N\(index)")!, koreanName: "신규\(index)", englishName: "New \(index)"))
                }
                market.apply(.markets(listed), receivedAt: now)
                market.apply(.ticker(Sample.ticker(listed[listed.count - 1].code, price: 5000, at: now)), receivedAt: now)
                _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))))
            case 12:
                now = now.advanced(byMicroseconds: MarketSignals.newListingSpan / 3)
                let code = listed[Int.random(in: 0..<listed.count, using: &random)].code
                market.apply(.ticker(Sample.ticker(code, price: 700, at: now)))
                _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))))
            case 13:
                for _ in 0..<2 {
                    now = now.advanced(byMicroseconds: 40_000)
                    let code = listed[Int.random(in: 0..<listed.count, using: &random)].code
                    market.apply(.ticker(Sample.ticker(code, price: 900 + Int.random(in: 0..<400, using: &random), at: now)))
                    _ = state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live)))))
                }
            case 6:
                let sizes = [Size(width: 120, height: 30), Size(width: 80, height: 24), Size(width: 140, height: 45), Size(width: 60, height: 12)]
                _ = state.reduce(.resized(sizes[Int.random(in: 0..<sizes.count, using: &random)]))
            case 7:
                // A search begun (drawn while typed), finished, or let go.
                let search: [[Key]] = [[.character("/"), .character("C")], [.character("1"), .enter], [.escape]]
                for key in search[Int.random(in: 0..<search.count, using: &random)] { _ = state.reduce(.keyPressed(key)) }
            default:
                _ = state.reduce(.keyPressed(keys[Int.random(in: 0..<keys.count, using: &random)]))
            }
            if case .markets = state.screen {} else { _ = state.reduce(.keyPressed(.escape)) }
            guard Self.drawsAlike(state, cache: &cache, presenter: &presenter, step: step) else { return }
            #expect(cache.markets.table.rows.count <= state.size.height, "the cache keeps only the rows a frame shows (the header one of them)")
            #expect(cache.markets.table.models.count <= 2 * listed.count, "the models are at most two a listed market")
        }
    }

    /// The same with the kimchi premium's column: the reference's tickers move apart from the
    /// board's, the won–dollar rate changes and goes, the reference lists a coin more, and a
    /// reference snapshot goes undelivered.
    @Test func framesWithThePremiumDrawnFromTheCacheAreFramesDrawnFromNothing() {
        var random = SeededGenerator(seed: 0x6B1A)
        var market = MarketState()
        market.apply(.markets(Self.markets))
        var reference = MarketState()
        var referenceListing = Self.markets.prefix(45).map {
            Market(code: MarketCode(quote: "USDT", base: $0.code.base)!, koreanName: "", englishName: "")
        }
        reference.apply(.markets(referenceListing))
        var now = Sample.now
        for (index, listed) in Self.markets.enumerated() {
            market.apply(.ticker(Sample.ticker(listed.code, price: 1000 + index * 10, at: now)))
        }
        for (index, listed) in referenceListing.enumerated() {
            reference.apply(.ticker(Sample.ticker(listed.code, price: 700 + index * 7, at: now)))
        }
        var forex: WonDollarRate? = WonDollarRate(rate: Sample.decimal("1.38"), source: .dunamu, at: now)
        func board() -> BoardSnapshot {
            let live = FeedStatus(state: .live)
            return BoardSnapshot(
                [.bithumb: market.snapshot(at: now, feed: live)],
                premiumReference: PremiumReference(snapshot: reference.snapshot(at: now, feed: live), forex: forex))
        }
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 140, height: 30), now: now)
        _ = state.reduce(.snapshotArrived(board()))
        var cache = ScreenCache()
        var presenter = FramePresenter()
        let keys: [Key] = [.down, .pageDown, .pageUp, .home, .character("f"), .character("s"), .character("S"), .tab]
        for step in 0..<600 {
            now = now.advanced(byMicroseconds: 40_000)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                for _ in 0..<Int.random(in: 0..<6, using: &random) {
                    let code = Self.markets[Int.random(in: 0..<Self.markets.count, using: &random)].code
                    market.apply(.ticker(Sample.ticker(code, price: 900 + Int.random(in: 0..<400, using: &random), at: now)))
                }
                _ = state.reduce(.snapshotArrived(board()))
            case 3..<6:
                for _ in 0..<Int.random(in: 1..<8, using: &random) {
                    let code = referenceListing[Int.random(in: 0..<referenceListing.count, using: &random)].code
                    reference.apply(.ticker(Sample.ticker(code, price: 650 + Int.random(in: 0..<400, using: &random), at: now)))
                }
                _ = state.reduce(.snapshotArrived(board()))
            case 6:
                let rates = ["1.38", "1.3812", "1.37", nil].map { $0.map(Sample.decimal) }
                forex = rates[Int.random(in: 0..<rates.count, using: &random)].map { WonDollarRate(rate: $0, source: .dunamu, at: now) }
                _ = state.reduce(.snapshotArrived(board()))
            case 7:
                let code = referenceListing[Int.random(in: 0..<referenceListing.count, using: &random)].code
                reference.apply(.ticker(Sample.ticker(code, price: 600, at: now)))
                _ = board()
                reference.apply(.ticker(Sample.ticker(code, price: 1100, at: now)))
                _ = state.reduce(.snapshotArrived(board()))
            case 8 where referenceListing.count < Self.markets.count:
                let added = Self.markets[referenceListing.count].code
                referenceListing.append(Market(code: MarketCode(quote: "USDT", base: added.base)!, koreanName: "", englishName: ""))
                reference.apply(.markets(referenceListing), receivedAt: now)
                reference.apply(.ticker(Sample.ticker(referenceListing[referenceListing.count - 1].code, price: 800, at: now)))
                _ = state.reduce(.snapshotArrived(board()))
            default:
                _ = state.reduce(.keyPressed(keys[Int.random(in: 0..<keys.count, using: &random)]))
            }
            if case .markets = state.screen {} else { _ = state.reduce(.keyPressed(.escape)) }
            guard Self.drawsAlike(state, cache: &cache, presenter: &presenter, step: step) else { return }
            #expect(cache.markets.table.models.count <= 2 * Self.markets.count, "the models are at most two a listed market")
        }
    }

    /// The same in the detail view, whose book is drawn from the cache in runs: the book's
    /// prices drift, levels come and go and change size, the last trade lands on a level, the
    /// previous close moves, the terminal changes size (the cumulative and % columns come and
    /// go), and the markets' books, at the same prices, take turns.
    @Test func detailFramesDrawnFromTheCacheAreFramesDrawnFromNothing() {
        var random = SeededGenerator(seed: 0xB00C)
        var market = MarketState()
        market.apply(.markets(Sample.markets))
        for ticker in Sample.tickers { market.apply(.ticker(ticker)) }
        var now = Sample.now
        var mid = 131_250_000
        let sizes = ["0.1", "0.25", "1.5", "0.0001", "12", "3.14159"].map(Sample.decimal)
        func book(_ code: MarketCode) -> OrderBook {
            func levels(_ count: Int, from start: Int, step: Int) -> [BookLevel] {
                (0..<count).compactMap { index in
                    Int.random(in: 0..<8, using: &random) == 0
                        ? nil
                        : BookLevel(price: ExactDecimal(start + step * index * 1000), quantity: sizes.randomElement(using: &random)!)
                }
            }
            return OrderBook(
                market: code, bids: levels(Int.random(in: 0...30, using: &random), from: mid - 1000, step: -1),
                asks: levels(Int.random(in: 0...30, using: &random), from: mid, step: 1), timestamp: now)
        }
        func publish() -> BoardSnapshot { BoardSnapshot(market.snapshot(at: now, feed: FeedStatus(state: .live))) }
        var state = UIState(settings: DashboardSettings(exchangeName: "Bithumb"), size: Size(width: 140, height: 45), now: now)
        _ = state.reduce(.snapshotArrived(publish()))
        _ = state.reduce(.keyPressed(.enter))
        guard case .detail = state.screen else {
            Issue.record("Enter did not open the detail view: \(state.screen)")
            return
        }
        var cache = ScreenCache()
        var presenter = FramePresenter()
        let screenSizes = [Size(width: 140, height: 45), Size(width: 100, height: 30), Size(width: 120, height: 40), Size(width: 80, height: 24)]
        for step in 0..<500 {
            now = now.advanced(byMicroseconds: 40_000)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                if Int.random(in: 0..<3, using: &random) == 0 { mid += 1000 * Int.random(in: -2...2, using: &random) }
                for listed in Sample.markets { market.apply(.orderBook(book(listed.code))) }
            case 4..<6:
                let price = mid + 1000 * Int.random(in: -3...2, using: &random)
                guard case .detail(let shown) = state.screen else { break }
                let trade = Trade(
                    market: shown, price: ExactDecimal(price), quantity: Sample.decimal("0.01"), side: .buy, timestamp: now,
                    id: UInt64(step + 100))
                market.apply(.trades([trade]))
            case 6:
                guard case .detail(let shown) = state.screen else { break }
                let close = mid + 1000 * Int.random(in: -40...40, using: &random)
                let change = ExactDecimal(mid - close)
                market.apply(
                    .ticker(
                        Ticker(
                            market: shown, price: ExactDecimal(mid),
                            change: PriceChange(
                                signedAmount: change, signedRate: change.divided(by: ExactDecimal(close)) ?? .zero, basis: .sinceMidnightKST),
                            tradeValue24h: ExactDecimal(1_000_000_000), timestamp: now)))
            case 7:
                _ = state.reduce(.resized(screenSizes[Int.random(in: 0..<screenSizes.count, using: &random)]))
            case 8:
                _ = state.reduce(.keyPressed(.escape))
                if Bool.random(using: &random) { _ = state.reduce(.keyPressed(.down)) }
                _ = state.reduce(.keyPressed(.enter))
                _ = state.reduce(.keyPressed(.home))
            default:
                break
            }
            _ = state.reduce(.snapshotArrived(publish()))
            guard Self.drawsAlike(state, cache: &cache, presenter: &presenter, step: step) else { return }
            #expect(cache.detail.book.levels.count <= state.size.height, "the cache keeps only the levels a frame shows")
            #expect(cache.detail.tape.count <= state.size.height, "the cache keeps only the trades a frame shows")
        }
    }
}
