import MarketCore
import Testing

/// Signals in the state: new listings, the alert and transfer lists, and one market's signals
/// put together from its listing, ticker and lists.
@Suite struct MarketSignalsTests {
    let btc = MarketCode(code: "KRW-BTC")!
    let eth = MarketCode(code: "KRW-ETH")!
    let new = MarketCode(code: "KRW-NEW")!
    let start = Timestamp(microseconds: 1_790_000_000_000_000)
    let hour: Int64 = 3_600_000_000

    func market(_ code: MarketCode, warning: MarketWarning? = nil) -> Market {
        Market(code: code, koreanName: code.base, englishName: code.base, warning: warning)
    }

    func ticker(_ code: MarketCode, flow: TradeFlow? = nil, status: TradingStatus? = nil) -> Ticker {
        Ticker(
            market: code, price: 100, change: PriceChange(signedAmount: 0, signedRate: 0, basis: .sinceMidnightKST),
            timestamp: start, flow: flow, status: status)
    }

    @Test func aMarketThatAppearsInALaterListingIsNewForADay() throws {
        var state = MarketState()
        state.apply(.markets([market(btc), market(eth)]), receivedAt: start)
        let first = state.snapshot(at: start, feed: FeedStatus())
        #expect(first.diff.newListings.isEmpty, "the first listing names no new market")
        #expect(first.listedAt.isEmpty)

        let later = start.advanced(byMicroseconds: hour)
        state.apply(.markets([market(btc), market(eth)]), receivedAt: later)
        #expect(!state.hasChanges, "the same listing again changes nothing")
        state.apply(.markets([market(btc), market(new), market(eth)]), receivedAt: later)
        let announced = state.snapshot(at: later, feed: FeedStatus())
        #expect(announced.diff.newListings == [new])
        let signals = announced.signals(for: try #require(announced.markets.first { $0.code == new }))
        #expect(signals.listedAt == later)
        #expect(signals.isNew(at: later.advanced(byMicroseconds: 24 * hour - 1)))
        #expect(!signals.isNew(at: later.advanced(byMicroseconds: 24 * hour)))

        state.apply(.markets([market(btc), market(new), market(eth)]), receivedAt: later.advanced(byMicroseconds: hour))
        #expect(state.snapshot(at: later, feed: FeedStatus()).diff.newListings.isEmpty, "announced once")
        state.apply(.markets([market(btc), market(eth)]), receivedAt: later)
        #expect(state.listedAt.isEmpty, "a delisted market is forgotten")
    }

    @Test func listsKeepOnlyListedMarketsAndReplaceTheirPredecessors() {
        var state = MarketState()
        state.apply(.markets([market(btc), market(eth)]), receivedAt: start)
        _ = state.snapshot(at: start, feed: FeedStatus())
        let caution = MarketWarning(step: .caution, reasons: ["PRICE_SUDDEN_FLUCTUATION"])
        state.apply(.warnings([btc: caution, new: caution]))
        state.apply(
            .transfers([
                "BTC": TransferStatus(deposit: .suspended, withdrawal: .normal), "NEW": .init(deposit: .normal, withdrawal: .normal),
            ]))
        let snapshot = state.snapshot(at: start, feed: FeedStatus())
        #expect(snapshot.diff.signalsChanged)
        #expect(snapshot.alerts == [btc: caution])
        #expect(snapshot.transfers == ["BTC": TransferStatus(deposit: .suspended, withdrawal: .normal)])
        state.apply(.warnings([btc: caution]))
        #expect(!state.hasChanges, "an unchanged list is no change")
        state.apply(.warnings([:]))
        #expect(state.snapshot(at: start, feed: FeedStatus()).alerts.isEmpty, "a list replaces the previous one")
    }

    @Test func aMarketsSignalsMergeItsListingTickerAndLists() throws {
        var state = MarketState()
        let volume = MarketWarning(step: .warning, reasons: ["TRADING_VOLUME_SUDDEN_FLUCTUATION"], until: start)
        state.apply(
            .markets([market(btc, warning: MarketWarning(step: .caution, reasons: ["PRICE_FLUCTUATIONS"])), market(eth)]),
            receivedAt: start)
        state.apply(.warnings([btc: volume]))
        state.apply(.transfers(["BTC": TransferStatus(deposit: .normal, withdrawal: .suspended)]))
        let delisting = TradingStatus(state: .delisting, delistingDate: CivilTime(year: 2026, month: 12, day: 9), isDesignated: true)
        state.apply(.ticker(ticker(btc, flow: TradeFlow(buyVolume: 3, sellVolume: 2), status: delisting)))
        state.apply(.ticker(ticker(eth)))
        let snapshot = state.snapshot(at: start, feed: FeedStatus())

        let signals = snapshot.signals(for: snapshot.markets[0])
        #expect(signals.warning?.step == .designated, "the ticker's designation is the strongest step")
        #expect(signals.warning?.reasons == ["PRICE_FLUCTUATIONS", "TRADING_VOLUME_SUDDEN_FLUCTUATION"])
        #expect(signals.warning?.until == start)
        #expect(signals.volumeSpike)
        #expect(signals.state == .delisting)
        #expect(signals.delistingDate == CivilTime(year: 2026, month: 12, day: 9))
        #expect(signals.transfer == TransferStatus(deposit: .normal, withdrawal: .suspended))
        #expect(signals.tradeStrength == 150)

        let quiet = snapshot.signals(for: snapshot.markets[1])
        #expect(quiet == MarketSignals())
    }

    @Test func warningsMergeToTheStrongestStepAndEveryReasonOnce() {
        #expect(WarningStep.allCases.sorted() == [.caution, .warning, .danger, .designated])
        let early = Timestamp(microseconds: 1)
        let a = MarketWarning(step: .danger, reasons: ["A", "B"], until: early)
        let b = MarketWarning(step: .caution, reasons: ["B", "C"], until: start)
        #expect(a.merged(with: b) == MarketWarning(step: .danger, reasons: ["A", "B", "C"], until: start))
        #expect(MarketWarning.merging(nil, nil) == nil)
        #expect(MarketWarning.merging(nil, b) == b)
        #expect(MarketWarning.merging(a, nil) == a)
        #expect(MarketWarning.merging(b, a) == b.merged(with: a))
        let many = MarketWarning(step: .caution, reasons: (0..<40).map { "R\($0)" } + ["", "\u{1b}"])
        #expect(many.reasons.count == 16, "reasons are bounded")
        #expect(!many.reasons.contains(""))
    }
}
