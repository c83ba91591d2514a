import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Price alerts through the reducer: added with `a`, fired once, armed again, edited and deleted
/// with `A`, and what the rest of the app is asked to do (save, ring).
@Suite struct AlertReducerTests {
    typealias Sample = SampleMarket
    static let btcOnBithumb = PriceSample.Key(market: SampleMarket.btc, exchange: .bithumb)

    /// The sample with BTC's price moved to `price` at `secondsLater`.
    private func board(btc price: String, secondsLater: Int64 = 0) -> BoardSnapshot {
        var state = MarketState()
        state.apply(.markets(Sample.markets))
        for var ticker in Sample.tickers {
            if ticker.market == Sample.btc {
                ticker.price = Sample.decimal(price)
                ticker.timestamp = Sample.now.advanced(byMicroseconds: secondsLater * 1_000_000)
            }
            state.apply(.ticker(ticker))
        }
        return BoardSnapshot(state.snapshot(at: Sample.now.advanced(byMicroseconds: secondsLater * 1_000_000), feed: FeedStatus(state: .live)))
    }

    /// The id an alert on BTC added at the sample's time gets.
    static let firstID = "\(Sample.now.microseconds)-KRW-BTC"

    /// The detail view of BTC with `text` typed into the alert prompt.
    private func storeTyping(_ text: String, settings: DashboardSettings = DashboardSettings(exchangeName: "Bithumb")) -> ReducerStore {
        var store = ReducerStore(Sample.state(settings: settings))
        store.press(.down) {
            $0.table.selection = Sample.btc
            $0.table.hasChosenSelection = true
        }
        store.press(.enter, [.follow(Sample.btc, .oneMinute)]) { $0.screen = .detail(Sample.btc) }
        store.press(.character("a")) { $0.alerts.prompt = AlertPrompt(market: Sample.btc) }
        type(text, into: &store, after: "")
        return store
    }

    /// Types `text` into the open prompt, which holds `before`.
    private func type(_ text: String, into store: inout ReducerStore, after before: String) {
        var typed = before
        for character in text {
            typed.append(character)
            store.press(.character(character)) { [typed] in $0.alerts.prompt?.text = typed }
        }
    }

    /// The detail view of BTC with an alert `condition` added from `text` (not met at once).
    private func storeWithAlert(
        _ text: String, _ condition: PriceAlert.Condition, settings: DashboardSettings = DashboardSettings(exchangeName: "Bithumb")
    ) -> ReducerStore {
        var store = storeTyping(text, settings: settings)
        let alert = PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: condition)
        store.press(.enter, [.saveWatchlist(Watchlist(alerts: [alert]))]) {
            $0.alerts.prompt = nil
            $0.alerts.replace(with: [alert])
            if case .move = condition {
                $0.alerts.priceSamples = [
                    Self.btcOnBithumb: [PriceSample(second: PriceSample.second(of: Sample.now), low: 131_250_000, high: 131_250_000)]
                ]
            }
        }
        return store
    }

    @Test func anAlertFiresOnceRingsAndIsSaved() throws {
        var store = storeWithAlert(">132,000,000", .above(132_000_000))
        #expect(store.state.alerts.all[0].isArmed)
        let below = board(btc: "131900000", secondsLater: 1)
        store.send(.snapshotArrived(below)) { $0.setBoard(below) }
        let above = board(btc: "132000000", secondsLater: 2)
        var fired = PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: .above(132_000_000))
        fired.firedAt = Sample.now.advanced(byMicroseconds: 2_000_000)
        store.send(.snapshotArrived(above), [.saveWatchlist(Watchlist(alerts: [fired])), .ringBell]) {
            $0.setBoard(above)
            $0.alerts.replace(with: [fired])
            $0.setNotice("알림 14:03:22 비트코인 ≥ 132,000,000 (132,000,000)")
        }
        let higher = board(btc: "133000000", secondsLater: 3)
        store.send(.snapshotArrived(higher)) { $0.setBoard(higher) }

        store.press(.character("A")) { $0.alerts.showsList = true }
        let list = DashboardScreen.render(store.state).trimmedLines.joined(separator: "\n")
        #expect(list.contains("비트코인") && list.contains("≥ 132,000,000") && list.contains("발동 2026-11-21 14:03:22"))
        var refired = fired
        refired.firedAt = store.state.now
        store.press(
            .character("r"),
            [
                .saveWatchlist(
                    Watchlist(alerts: [PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: .above(132_000_000))])),
                .saveWatchlist(Watchlist(alerts: [refired])), .ringBell,
            ]
        ) {
            $0.alerts.replace(with: [refired])
            $0.setNotice("알림 14:03:23 비트코인 ≥ 132,000,000 (133,000,000)")
        }
    }

    @Test func theBellCanBeTurnedOff() {
        var store = storeWithAlert(
            "<131000000", .below(131_000_000), settings: DashboardSettings(exchangeName: "Bithumb", ringsBellOnAlert: false))
        let lower = board(btc: "130000000", secondsLater: 1)
        var fired = PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: .below(131_000_000))
        fired.firedAt = Sample.now.advanced(byMicroseconds: 1_000_000)
        store.send(.snapshotArrived(lower), [.saveWatchlist(Watchlist(alerts: [fired]))]) {
            $0.setBoard(lower)
            $0.alerts.replace(with: [fired])
            $0.setNotice("알림 14:03:21 비트코인 ≤ 131,000,000 (130,000,000)")
        }
    }

    @Test func aMoveAlertWatchesItsWindow() {
        var store = storeWithAlert("2%1", .move(percent: 2, minutes: 1))
        func sample(_ second: Int64, _ low: ExactDecimal, _ high: ExactDecimal) -> PriceSample {
            PriceSample(second: PriceSample.second(of: Sample.now) + second, low: low, high: high)
        }
        let first = sample(0, 131_250_000, 131_250_000)
        let steps: [(price: String, seconds: Int64, samples: [PriceSample])] = [
            ("131250000", 1, [first, sample(1, 131_250_000, 131_250_000)]),
            ("133000000", 30, [first, sample(1, 131_250_000, 131_250_000), sample(30, 133_000_000, 133_000_000)]),
            ("128000000", 120, [sample(120, 128_000_000, 128_000_000)]),
        ]
        for step in steps {
            let moved = board(btc: step.price, secondsLater: step.seconds)
            store.send(.snapshotArrived(moved)) {
                $0.setBoard(moved)
                $0.alerts.priceSamples = [Self.btcOnBithumb: step.samples]
            }
        }
        let back = board(btc: "130600000", secondsLater: 150)
        var fired = PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: .move(percent: 2, minutes: 1))
        fired.firedAt = Sample.now.advanced(byMicroseconds: 150_000_000)
        store.send(.snapshotArrived(back), [.saveWatchlist(Watchlist(alerts: [fired])), .ringBell]) {
            $0.setBoard(back)
            $0.alerts.priceSamples = [Self.btcOnBithumb: [sample(120, 128_000_000, 128_000_000), sample(150, 130_600_000, 130_600_000)]]
            $0.alerts.replace(with: [fired])
            $0.setNotice("알림 14:05:50 비트코인 ±2% / 1분 (130,600,000)")
        }
    }

    @Test func editingReplacesTheConditionAndArmsIt() {
        var store = storeWithAlert(">140000000", .above(140_000_000))
        store.press(.escape, [.follow(nil, .oneMinute)]) { $0.screen = .markets }
        store.press(.character("A")) { $0.alerts.showsList = true }
        store.press(.enter) {
            $0.alerts.showsList = false
            $0.alerts.prompt = AlertPrompt(market: Sample.btc, text: ">140000000", editing: Self.firstID)
        }
        var text = ">140000000"
        for _ in 0..<9 {
            text.removeLast()
            store.press(.backspace) { [text] in $0.alerts.prompt?.text = text }
        }
        type("150000000", into: &store, after: ">")
        let edited = PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: .above(150_000_000))
        store.press(.enter, [.saveWatchlist(Watchlist(alerts: [edited]))]) {
            $0.alerts.prompt = nil
            $0.alerts.replace(with: [edited])
        }
    }

    @Test func deletingRemovesTheHighlightedAlert() {
        var store = storeWithAlert(">140000000", .above(140_000_000))
        store.press(.character("a")) { $0.alerts.prompt = AlertPrompt(market: Sample.btc) }
        type("<120000000", into: &store, after: "")
        let first = PriceAlert(id: Self.firstID, market: Sample.btc, exchange: .bithumb, condition: .above(140_000_000))
        let second = PriceAlert(id: Self.firstID + "-2", market: Sample.btc, exchange: .bithumb, condition: .below(120_000_000))
        store.press(.enter, [.saveWatchlist(Watchlist(alerts: [first, second]))]) {
            $0.alerts.prompt = nil
            $0.alerts.replace(with: [first, second])
        }
        store.press(.character("A")) { $0.alerts.showsList = true }
        store.press(.down) { $0.alerts.listSelection = 1 }
        store.press(.character("x"), [.saveWatchlist(Watchlist(alerts: [first]))]) {
            $0.alerts.replace(with: [first])
            $0.alerts.listSelection = 0
        }
        store.press(.escape) { $0.alerts.showsList = false }
    }

    @Test func aPromptThatSaysNothingStaysOpen() {
        var store = storeTyping("soon")
        store.press(.enter) { $0.alerts.prompt?.isInvalid = true }
        let screen = DashboardScreen.render(store.state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("알 수 없는 조건입니다"))
        store.press(.escape) { $0.alerts.prompt = nil }
    }

    @Test func promptTextParses() {
        let price: ExactDecimal = 100
        #expect(AlertInput.parse(">1,500", price: price) == .above(1500))
        #expect(AlertInput.parse(">= 1500", price: price) == .above(1500))
        #expect(AlertInput.parse("<90.5", price: price) == .below(ExactDecimal("90.5")!))
        #expect(AlertInput.parse("120", price: price) == .above(120))
        #expect(AlertInput.parse("80", price: price) == .below(80))
        #expect(AlertInput.parse("80", price: nil) == nil)
        #expect(AlertInput.parse("5%10", price: nil) == .move(percent: 5, minutes: 10))
        #expect(AlertInput.parse("2.5%", price: nil) == .move(percent: ExactDecimal("2.5")!, minutes: 5))
        for bad in ["", ">", ">0", "<-5", "0%5", "5%0", "5%61", "5%x", "abc", "1e400"] {
            #expect(AlertInput.parse(bad, price: price) == nil, "\(bad)")
        }
        for condition in [PriceAlert.Condition.above(1500), .below(ExactDecimal("0.0012")!), .move(percent: 3, minutes: 15)] {
            #expect(AlertInput.parse(AlertInput.text(of: condition), price: price) == condition)
        }
    }

    @Test func aSyncedWatchlistBringsAnotherInstancesAlerts() {
        var store = ReducerStore(Sample.state())
        let theirs = PriceAlert(id: "1-KRW-ETH", market: Sample.eth, condition: .below(1))
        store.send(.watchlistSynced(Watchlist(alerts: [theirs]), replacing: Watchlist())) { $0.alerts.replace(with: [theirs]) }
    }
}

extension AlertReducerTests {
    /// A move alert keeps one low-and-high sample a second of its window, however many prices
    /// arrive: within a second the sample widens, and seconds past the window are dropped.
    @Test func aMoveAlertsPricesStayWithinASampleASecond() {
        var store = storeWithAlert("50%1", .move(percent: 50, minutes: 1))
        for tenth in 0..<1_500 {
            let price = 131_000_000 + (tenth % 7) * 1000
            var market = MarketState()
            market.apply(.markets(Sample.markets))
            for var ticker in Sample.tickers {
                if ticker.market == Sample.btc {
                    ticker.price = ExactDecimal(price)
                }
                market.apply(.ticker(ticker))
            }
            let time = Sample.now.advanced(byMicroseconds: Int64(tenth) * 100_000)
            let board = BoardSnapshot(market.snapshot(at: time, feed: FeedStatus(state: .live)))
            store.send(.snapshotArrived(board)) {
                $0.setBoard(board)
                $0.alerts.priceSamples = [Self.btcOnBithumb: Self.samples(upTo: tenth)]
            }
        }
        let samples = store.state.alerts.priceSamples[Self.btcOnBithumb] ?? []
        #expect(samples.count == 60, "a minute watched: 60 seconds, not 1,500 prices")
        #expect(samples.allSatisfy { $0.low == 131_000_000 && $0.high == 131_006_000 })
    }

    /// What the move alert keeps after the price of tenth `last` (of a second) came: each
    /// second of the last minute once, with the lowest and highest price that came in it (the
    /// first second also the price the alert was added at).
    static func samples(upTo last: Int) -> [PriceSample] {
        let start = PriceSample.second(of: Sample.now)
        let second = last / 10
        return (max(0, second - 59)...second).map { kept in
            var prices = (kept * 10...min(last, kept * 10 + 9)).map { ExactDecimal(131_000_000 + ($0 % 7) * 1000) }
            if kept == 0 { prices.append(131_250_000) }
            return PriceSample(second: start + Int64(kept), low: prices.min() ?? 0, high: prices.max() ?? 0)
        }
    }
}
