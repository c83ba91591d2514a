import Foundation
import MarketCore
import Reports
import Testing

/// The documents `coinboard snapshot` prints, made from a board held in memory: the exact JSON
/// of one exchange, the comparison of two, the table, and outside text kept off the terminal.
@Suite("Reports: snapshot documents")
struct SnapshotDocumentTests {
    static let now = Timestamp(microseconds: 1_790_121_600_000_000)
    static let btc = MarketCode(code: "KRW-BTC")!
    static let eth = MarketCode(code: "KRW-ETH")!

    static func decimal(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

    /// An exchange listing BTC (with a book and a trade) and ETH at `btcPrice`, live, with
    /// ETH's English name as given.
    static func snapshot(btcPrice: String, ethName: String = "Ethereum") -> MarketSnapshot {
        var state = MarketState()
        state.apply(
            .markets([
                Market(code: btc, koreanName: "비트코인", englishName: "Bitcoin"),
                Market(code: eth, koreanName: "이더리움", englishName: ethName),
            ]), receivedAt: now)
        state.apply(
            .ticker(
                Ticker(
                    market: btc, price: decimal(btcPrice),
                    change: PriceChange(signedAmount: decimal("-1000"), signedRate: decimal("-0.0001"), basis: .sinceMidnightKST),
                    volume24h: decimal("12.5"), tradeValue24h: decimal("1500000000"), timestamp: now)), receivedAt: now)
        state.apply(
            .orderBook(
                OrderBook(
                    market: btc, bids: [BookLevel(price: decimal(btcPrice) - 1000, quantity: decimal("0.5"))],
                    asks: [BookLevel(price: decimal(btcPrice), quantity: decimal("0.25"))], timestamp: now)), receivedAt: now)
        state.apply(
            .trades([Trade(market: btc, price: decimal(btcPrice), quantity: decimal("0.001"), side: .buy, timestamp: now)]),
            receivedAt: now)
        return state.snapshot(at: now, feed: FeedStatus(state: .live, messages: 3, lastMarketDataAt: now))
    }

    static func report(_ exchange: Exchange, _ snapshot: MarketSnapshot) -> SnapshotReport {
        SnapshotReport(
            exchange: exchange.rawValue, snapshot: snapshot, focus: [btc], depth: 5, tradeCount: 5, candleInterval: nil,
            impactAmount: decimal("100000"))
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("one exchange: the whole document, exact decimals, null for what is absent, ISO-8601 UTC times")
    func singleExchange() throws {
        let board = BoardSnapshot(Self.snapshot(btcPrice: "131250000"), of: .bithumb)
        let text = try SnapshotDocument.text(of: board, format: .json, report: Self.report)
        #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1, "one line")
        let document = try Self.object(text)
        #expect(document["exchange"] as? String == "bithumb")
        #expect(document["capturedAt"] as? String == "2026-09-23T00:00:00.000Z")
        let connection = try #require(document["connection"] as? [String: Any])
        #expect(connection["state"] as? String == "live" && connection["messages"] as? Int == 3)
        let markets = try #require(document["markets"] as? [[String: Any]])
        #expect(markets.map { $0["code"] as? String } == ["KRW-BTC", "KRW-ETH"])
        #expect(markets[0]["price"] as? String == "131250000")
        #expect(markets[0]["changeRate"] as? String == "0.0001" && markets[0]["change"] as? String == "fall")
        #expect(markets[0]["tradeValue24h"] as? String == "1500000000")
        #expect(markets[0]["warning"] is NSNull && markets[0]["delistingDate"] is NSNull, "null, not left out")
        #expect(markets[0]["listedAt"] == nil, "absent unless the market appeared while watched")
        #expect(markets[1]["price"] == nil, "no ticker, no price")
        let book = try #require((document["orderbooks"] as? [String: Any])?["KRW-BTC"] as? [String: Any])
        #expect((book["asks"] as? [[String: String]]) == [["price": "131250000", "quantity": "0.25"]])
        #expect((book["bids"] as? [[String: String]]) == [["price": "131249000", "quantity": "0.5"]])
        #expect((book["stats"] as? [String: Any])?["spread"] as? String == "1000")
        let impact = try #require((document["impact"] as? [String: Any])?["KRW-BTC"] as? [String: Any])
        #expect(impact["amount"] as? String == "100000")
        let trades = try #require((document["trades"] as? [String: Any])?["KRW-BTC"] as? [[String: String]])
        #expect(trades == [["time": "2026-09-23T00:00:00.000Z", "price": "131250000", "quantity": "0.001", "side": "buy"]])
        #expect((document["candles"] as? [String: Any])?.isEmpty == true)
    }

    @Test("two exchanges: each one's own document under exchanges, and the gap of every coin on both")
    func comparison() throws {
        let board = BoardSnapshot([
            .bithumb: Self.snapshot(btcPrice: "131250000"), .upbit: Self.snapshot(btcPrice: "131300000"),
        ])
        let document = try Self.object(try SnapshotDocument.text(of: board, format: .json, report: Self.report))
        let exchanges = try #require(document["exchanges"] as? [String: Any])
        #expect(Set(exchanges.keys) == ["bithumb", "upbit"])
        let upbit = try #require(exchanges["upbit"] as? [String: Any])
        #expect((upbit["markets"] as? [[String: Any]])?.first?["price"] as? String == "131300000")
        let rows = try #require(document["comparison"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["code"] as? String == "KRW-BTC")
        #expect(rows[0]["prices"] as? [String: String] == ["bithumb": "131250000", "upbit": "131300000"])
        #expect(rows[0]["gap"] as? String == "50000")
        #expect(rows[0]["gapPercent"] as? String == "0.03809524")
    }

    @Test("the table: the status line, the markets by traded value, the book and trades asked for, then the gaps")
    func table() throws {
        let board = BoardSnapshot([
            .bithumb: Self.snapshot(btcPrice: "131250000"), .upbit: Self.snapshot(btcPrice: "131300000"),
        ])
        let text = try SnapshotDocument.text(of: board, format: .table, report: Self.report)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "bithumb at 2026-09-23T00:00:00.000Z: live, 3 messages, 0 decode errors, 0 reconnects")
        #expect(lines.contains("KRW-BTC       131250000         -0.01%    1500000000                비트코인 / Bitcoin"))
        #expect(lines.contains("ask           131250000         0.25"))
        #expect(lines.contains("bid           131249000         0.5"))
        #expect(lines.contains("buy           131250000         0.001     2026-09-23T00:00:00.000Z"))
        #expect(lines.contains("price gap, Upbit − Bithumb (% of Bithumb's price), widest first"))
        #expect(lines.contains("KRW-BTC       131250000         131300000         50000             0.04%"))
    }

    @Test("the table's premium: the rate with its source and time, every coin's row widest first, or why there is none")
    func premiumTable() throws {
        var world = MarketState()
        let usdtBTC = MarketCode(code: "USDT-BTC")!
        world.apply(.markets([Market(code: usdtBTC, koreanName: "BTC", englishName: "BTC")]), receivedAt: Self.now)
        world.apply(
            .ticker(
                Ticker(
                    market: usdtBTC, price: Self.decimal("95000.5"),
                    change: PriceChange(signedAmount: 0, signedRate: 0, basis: .rolling24h), timestamp: Self.now)), receivedAt: Self.now)
        let reference = world.snapshot(at: Self.now, feed: FeedStatus(state: .live))
        let forex = WonDollarRate(rate: Self.decimal("1380.25"), source: .dunamu, at: Self.now)
        func table(_ premium: PremiumReference) throws -> [String] {
            let board = BoardSnapshot([.bithumb: Self.snapshot(btcPrice: "131250000")], premiumReference: premium)
            return try SnapshotDocument.text(of: board, format: .table, report: Self.report).split(separator: "\n").map(String.init)
        }
        let lines = try table(PremiumReference(snapshot: reference, forex: forex))
        #expect(lines.contains("kimchi premium (김프) over Binance at 1380.25 KRW/USD (dunamu at 2026-09-23T00:00:00.000Z), widest first"))
        // 95000.5 × 1380.25 = 131124440.125; (131250000 ÷ that − 1) × 100 = 0.0957…
        #expect(lines.contains("KRW-BTC       bithumb   131250000         95000.5           131124440.125         0.10%"))
        #expect(!lines.contains { $0.hasPrefix("KRW-ETH       bithumb") }, "no reference price, no row")
        let withoutRate = try table(PremiumReference(snapshot: reference, forexProblem: "connection refused"))
        #expect(withoutRate.contains("kimchi premium (김프) over Binance: no won–dollar rate (forex quote: connection refused)"))
        #expect(try table(PremiumReference(offReason: "reference = none")).contains("kimchi premium (김프) off: reference = none"))
        #expect(!(try table(.none)).contains { $0.contains("kimchi") }, "nothing when it was never asked for")
    }

    @Test("control characters from the exchange are escaped in JSON and stripped from the table")
    func outsideText() throws {
        let board = BoardSnapshot(Self.snapshot(btcPrice: "1000", ethName: "Eth\u{1B}]0;owned\u{07}ereum"), of: .bithumb)
        let json = try SnapshotDocument.text(of: board, format: .json, report: Self.report)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let table = try SnapshotDocument.text(of: board, format: .table, report: Self.report)
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
