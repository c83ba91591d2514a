import MarketCore
import Reports
import Testing

/// The lines `coinboard decode` prints, one per event (one per trade of a batch).
@Suite("Reports: event lines")
struct EventLineTests {
    static let btc = MarketCode(code: "KRW-BTC")!
    static let now = Timestamp(microseconds: 1_790_121_600_000_000)

    @Test("a ticker: price, signed change, its basis, traded value and time")
    func ticker() {
        let ticker = Ticker(
            market: Self.btc, price: ExactDecimal("131250000")!,
            change: PriceChange(signedAmount: ExactDecimal("-1000")!, signedRate: ExactDecimal("-0.0001")!, basis: .rolling(minutes: 1440)),
            tradeValue24h: ExactDecimal("1500000000.5")!, timestamp: Self.now)
        #expect(
            EventLine(.ticker(ticker)).text
                == "ticker KRW-BTC price=131250000 change=fall -1000 (-0.0001, rolling 1440m) value24h=1500000000.5 at 2026-09-23T00:00:00.000Z")
    }

    @Test("a batch of trades: a line each, with the id where the exchange gives one")
    func trades() {
        let trades = [
            Trade(market: Self.btc, price: ExactDecimal("100")!, quantity: ExactDecimal("0.5")!, side: .buy, timestamp: Self.now, id: 7),
            Trade(market: Self.btc, price: ExactDecimal("99")!, quantity: ExactDecimal("1")!, side: .sell, timestamp: Self.now),
        ]
        #expect(
            EventLine(.trades(trades)).text == """
                trade KRW-BTC buy 0.5 @ 100 at 2026-09-23T00:00:00.000Z id=7
                trade KRW-BTC sell 1 @ 99 at 2026-09-23T00:00:00.000Z
                """)
    }

    @Test("a rejection's text from the exchange loses its control characters")
    func rejection() {
        #expect(EventLine(.notice(.rejected(code: "E1", message: "bad\u{1B}[2J request"))).text == "notice rejected E1 bad[2J request")
    }
}
