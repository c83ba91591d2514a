import MarketCore
import TerminalKit
import Testing

@testable import DashboardUI

/// Price alerts through the reducer: added with `a`, fired once, armed again, edited and deleted
/// with `A`, and what the rest of the app is asked to do (save, ring).
@Suite struct AlertReducerTests {
    typealias Sample = SampleMarket

    private func press(_ keys: Key..., on state: inout UIState) -> [UICommand] {
        keys.flatMap { state.reduce(.keyPressed($0)) }
    }

    private func type(_ text: String, on state: inout UIState) -> [UICommand] {
        text.flatMap { state.reduce(.keyPressed(.character($0))) }
    }

    /// The sample with BTC's price moved to `price` at `secondsLater`.
    private func snapshot(btc price: String, secondsLater: Int64 = 0) -> MarketSnapshot {
        var state = MarketState()
        state.apply(.markets(Sample.markets))
        for var ticker in Sample.tickers {
            if ticker.market == Sample.btc {
                ticker.price = Sample.decimal(price)
                ticker.timestamp = Sample.now.advanced(byMicroseconds: secondsLater * 1_000_000)
            }
            state.apply(.ticker(ticker))
        }
        return state.snapshot(at: Sample.now.advanced(byMicroseconds: secondsLater * 1_000_000), feed: FeedStatus(state: .live))
    }

    /// The detail view of BTC with an alert typed in.
    private func stateWithAlert(_ text: String) -> (UIState, [UICommand]) {
        var state = Sample.state()
        _ = press(.down, .enter, on: &state)
        #expect(state.focusedMarket == Sample.btc)
        _ = press(.character("a"), on: &state)
        #expect(state.alerts.prompt?.market == Sample.btc)
        _ = type(text, on: &state)
        let commands = press(.enter, on: &state)
        return (state, commands)
    }

    @Test func anAlertFiresOnceRingsAndIsSaved() throws {
        var (state, commands) = stateWithAlert(">132,000,000")
        #expect(state.alerts.prompt == nil)
        let alert = try #require(state.alerts.all.first)
        #expect(alert.condition == .above(132_000_000))
        #expect(alert.isArmed)
        #expect(commands == [.saveWatchlist(state.watchlist)])

        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "131900000", secondsLater: 1)))).isEmpty)
        let fired = state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "132000000", secondsLater: 2))))
        #expect(fired == [.saveWatchlist(state.watchlist), .ringBell])
        #expect(state.alerts.all[0].firedAt == Sample.now.advanced(byMicroseconds: 2_000_000))
        #expect(state.notice == "알림 14:03:22 비트코인 ≥ 132,000,000 (132,000,000)")
        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "133000000", secondsLater: 3)))).isEmpty, "fires once")

        _ = press(.character("A"), on: &state)
        #expect(state.alerts.showsList)
        let list = DashboardScreen.render(state).trimmedLines.joined(separator: "\n")
        #expect(list.contains("비트코인") && list.contains("≥ 132,000,000") && list.contains("발동 2026-11-21 14:03:22"))
        let rearmed = press(.character("r"), on: &state)
        #expect(state.alerts.all[0].isArmed == false, "re-armed and fired again at once: the price is still above")
        #expect(rearmed.contains(.ringBell))
    }

    @Test func theBellCanBeTurnedOff() {
        var state = Sample.state(settings: DashboardSettings(exchangeName: "Bithumb", ringsBellOnAlert: false))
        _ = press(.down, .enter, .character("a"), on: &state)
        _ = type("<131000000", on: &state)
        _ = press(.enter, on: &state)
        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "130000000", secondsLater: 1)))) == [.saveWatchlist(state.watchlist)])
    }

    @Test func aMoveAlertWatchesItsWindow() {
        var (state, _) = stateWithAlert("2%1")
        #expect(state.alerts.all.first?.condition == .move(percent: 2, minutes: 1))
        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "131250000", secondsLater: 1)))).isEmpty)
        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "133000000", secondsLater: 30)))).isEmpty, "1.33 %")
        #expect(state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "128000000", secondsLater: 120)))).isEmpty, "the high left the minute")
        #expect(
            state.reduce(.snapshotArrived(BoardSnapshot(snapshot(btc: "130600000", secondsLater: 150)))).contains(.ringBell),
            "+2.03 % from 128,000,000")
    }

    @Test func editingReplacesTheConditionAndArmsIt() {
        var (state, _) = stateWithAlert(">140000000")
        let id = state.alerts.all[0].id
        _ = press(.escape, .character("A"), .enter, on: &state)
        #expect(state.alerts.prompt == AlertPrompt(market: Sample.btc, text: ">140000000", editing: id))
        _ = press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, on: &state)
        _ = type("150000000", on: &state)
        let commands = press(.enter, on: &state)
        #expect(state.alerts.all.count == 1)
        #expect(state.alerts.all[0] == PriceAlert(id: id, market: Sample.btc, condition: .above(150_000_000)))
        #expect(commands == [.saveWatchlist(state.watchlist)])
    }

    @Test func deletingRemovesTheHighlightedAlert() {
        var (state, _) = stateWithAlert(">140000000")
        _ = press(.character("a"), on: &state)
        _ = type("<120000000", on: &state)
        _ = press(.enter, .character("A"), .down, on: &state)
        #expect(state.alerts.all.count == 2)
        #expect(press(.character("x"), on: &state) == [.saveWatchlist(Watchlist(alerts: [state.alerts.all[0]]))])
        #expect(state.alerts.all.map(\.condition) == [.above(140_000_000)])
        _ = press(.escape, on: &state)
        #expect(!state.alerts.showsList)
    }

    @Test func aPromptThatSaysNothingStaysOpen() {
        var (state, commands) = stateWithAlert("soon")
        #expect(commands.isEmpty)
        #expect(state.alerts.prompt?.isInvalid == true)
        let screen = DashboardScreen.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("알 수 없는 조건입니다"))
        _ = press(.escape, on: &state)
        #expect(state.alerts.prompt == nil && state.alerts.all.isEmpty)
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
        var state = Sample.state()
        let theirs = PriceAlert(id: "1-KRW-ETH", market: Sample.eth, condition: .below(1))
        _ = state.reduce(.watchlistSynced(Watchlist(alerts: [theirs]), replacing: Watchlist()))
        #expect(state.alerts.all == [theirs])
    }
}

extension AlertReducerTests {
    /// A move alert keeps one low-and-high sample a second of its window, however many prices
    /// arrive: within a second the sample widens, and seconds past the window are dropped.
    @Test func aMoveAlertsPricesStayWithinASampleASecond() {
        var (state, _) = stateWithAlert("50%1")
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
            #expect(state.reduce(.snapshotArrived(BoardSnapshot(market.snapshot(at: time, feed: FeedStatus(state: .live))))).isEmpty)
        }
        let samples = state.alerts.priceSamples[Sample.btc] ?? []
        #expect(samples.count == 60, "a minute watched: 60 seconds, not 1,500 prices")
        #expect(samples.allSatisfy { $0.low == 131_000_000 && $0.high == 131_006_000 })
    }
}
