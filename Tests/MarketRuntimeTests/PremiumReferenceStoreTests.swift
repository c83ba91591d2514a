import MarketCore
import MarketRuntime
import RuntimeTestSupport
import Synchronization
import Testing

/// The store's reference slot and the forex poller: the reference is kept apart from the
/// followed exchanges, told what they list, and the rate's source follows the quote's reads.
@Suite struct PremiumReferenceStoreTests {
    static let btc = MarketCode(code: "KRW-BTC")!
    static let tether = MarketCode(code: "KRW-USDT")!
    static let btcUSDT = MarketCode(code: "USDT-BTC")!

    static func ticker(_ market: MarketCode, _ price: ExactDecimal) -> MarketEvent {
        .ticker(
            Ticker(
                market: market, price: price, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h),
                timestamp: Timestamp(microseconds: 1_790_121_600_000_000)))
    }

    static func listing(_ codes: [MarketCode]) -> MarketEvent {
        .markets(codes.map { Market(code: $0, koreanName: $0.base, englishName: $0.base) })
    }

    @Test("the reference is kept apart: never one of the exchanges, its snapshot beside them")
    func theReferenceIsKeptApart() async throws {
        let store = MarketStore(exchanges: [.bithumb, .upbit, .binance], reference: .binance, clock: SteppedClock())
        #expect(store.exchanges == [.bithumb, .upbit])
        await store.apply([Self.listing([Self.btc]), Self.ticker(Self.btc, 140_000_000)], from: .bithumb, feed: FeedStatus(state: .live))
        await store.apply(
            [Self.listing([Self.btcUSDT]), Self.ticker(Self.btcUSDT, 100_000)], from: .binance, feed: FeedStatus(state: .live))
        let board = await store.snapshot()
        #expect(board.exchanges == [.bithumb, .upbit])
        #expect(board.reference?.tickers[Self.btcUSDT]?.price == 100_000)
        #expect(board.reference?.feed.state == .live)
        #expect(board.premium(of: Self.btc, on: .bithumb) == nil, "no rate yet: no premium, never 0")
        await store.update(forex: WonDollarRate(rate: 1400, source: .dunamu, at: Timestamp(microseconds: 0)), problem: nil)
        let premium = try #require(await store.snapshot().premium(of: Self.btc, on: .bithumb))
        #expect(premium.referencePriceKRW == 140_000_000)
        #expect(premium.premiumPercent == 0)
    }

    @Test("the coins the followed exchanges list reach the reference as they change, the same set once")
    func pairingsFollowTheListings() async throws {
        let store = MarketStore(exchanges: [.bithumb, .upbit], reference: .binance, clock: SteppedClock())
        let pairings = await store.pairings()
        var changes = pairings.makeAsyncIterator()
        await store.apply([Self.listing([Self.btc, Self.btcUSDT])], from: .bithumb, feed: FeedStatus())
        #expect(await changes.next() == ["BTC"], "only won markets pair")
        await store.apply([Self.listing([Self.btc])], from: .upbit, feed: FeedStatus())
        await store.apply([Self.listing([MarketCode(code: "USDT-XRP")!])], from: .binance, feed: FeedStatus())
        await store.apply([Self.listing([Self.btc, MarketCode(code: "KRW-ETH")!])], from: .upbit, feed: FeedStatus())
        #expect(await changes.next() == ["BTC", "ETH"], "an unchanged set and the reference's own listing are not told")
    }

    /// A rate source that answers as the test says.
    final class ScriptedRates: RateFetcher {
        let answers = Mutex<[Result<WonDollarRate, ScriptedFailure>]>([])
        let reads = Atomic<Int>(0)
        var endpointDescription: String { "scripted" }

        struct ScriptedFailure: Error, CustomStringConvertible {
            var description: String { "connection refused" }
        }

        func fetchRate() async throws -> WonDollarRate {
            reads.add(1, ordering: .sequentiallyConsistent)
            return try answers.withLock { $0.isEmpty ? .failure(ScriptedFailure()) : $0.removeFirst() }.get()
        }
    }

    @Test("the forex quote down: the tether price stands in, labelled and naming whose; back up: the quote again")
    func theRateFollowsTheQuotesReads() async throws {
        let clock = ManualClock()
        let store = MarketStore(exchanges: [.bithumb, .upbit], reference: .binance, clock: clock)
        await store.apply([Self.listing([Self.tether]), Self.ticker(Self.tether, 1412)], from: .upbit, feed: FeedStatus())
        let quote = WonDollarRate(rate: ExactDecimal("1380.5")!, source: .dunamu, at: Timestamp(microseconds: 1_790_121_540_000_000))
        let rates = ScriptedRates()
        rates.answers.withLock { $0 = [.success(quote), .failure(ScriptedRates.ScriptedFailure()), .success(quote)] }
        let poller = ForexPoller(fetcher: rates, store: store, interval: .seconds(60), clock: clock)
        let running = Task { await poller.run() }
        defer { running.cancel() }
        func rateAfter(reads: Int) async throws -> WonDollarRate? {
            #expect(try await eventually { rates.reads.load(ordering: .sequentiallyConsistent) == reads && clock.pendingSleeps == [.seconds(60)] })
            return await store.snapshot().wonDollarRate
        }
        #expect(try await rateAfter(reads: 1) == quote)
        #expect(await store.snapshot().tetherPremium(on: .upbit) == KimchiPremium.tetherPremium(krwUSDT: 1412, rate: ExactDecimal("1380.5")!))
        clock.advance(by: .seconds(60))
        let tether = try await rateAfter(reads: 2)
        #expect(tether == WonDollarRate(rate: 1412, source: .tether(.upbit), at: Timestamp(microseconds: 1_790_121_600_000_000)))
        #expect(await store.snapshot().premiumReference.forexProblem == "connection refused")
        #expect(await store.snapshot().tetherPremium(on: .upbit) == nil, "the tether price has no premium over itself")
        clock.advance(by: .seconds(60))
        #expect(try await rateAfter(reads: 3) == quote)
        #expect(await store.snapshot().premiumReference.forexProblem == nil)
    }
}
