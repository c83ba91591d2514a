import MarketCore
import Testing

@Suite struct PriceAlertTests {
    let btc = MarketCode(code: "KRW-BTC")!

    @Test func levelsHoldAtAndBeyondTheirPrice() {
        let above = PriceAlert(id: "a", market: btc, condition: .above(100))
        #expect(above.isMet(price: 100, window: []))
        #expect(!above.isMet(price: 99, window: []))
        let below = PriceAlert(id: "b", market: btc, condition: .below(100))
        #expect(below.isMet(price: 100, window: []))
        #expect(!below.isMet(price: 101, window: []))
    }

    @Test func aMoveIsMeasuredFromTheWindowsLowAndHigh() {
        let move = PriceAlert(id: "m", market: btc, condition: .move(percent: 5, minutes: 10))
        #expect(!move.isMet(price: 100, window: []), "no window, no move")
        #expect(move.isMet(price: 105, window: [100, 104]))
        #expect(!move.isMet(price: 104, window: [100, 103]))
        #expect(move.isMet(price: 95, window: [100, 99]))
        #expect(!move.isMet(price: 96, window: [100, 99]))
    }

    @Test func aMovesBoundsAreKept() {
        #expect(PriceAlert(id: "m", market: btc, condition: .move(percent: 5, minutes: 500)).condition == .move(percent: 5, minutes: 60))
        #expect(PriceAlert(id: "m", market: btc, condition: .move(percent: -5, minutes: 0)).condition == .move(percent: 5, minutes: 1))
        #expect(
            PriceAlert(id: "m", market: btc, condition: .move(percent: 0, minutes: 5)).condition
                == .move(percent: ExactDecimal(count: 1, fractionDigits: 2), minutes: 5))
    }
}
