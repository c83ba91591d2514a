import MarketCore
import MarketWire
import TestFixtures
import Testing

@Suite struct UpbitCodecTests {
    @Test func tickersWithExponentsAndTrailingZeros() throws {
        let frames = try Fixture.lines("upbit-ws-ticker-1.jsonl").map { Harness.frame(.upbit, $0) }
        let snapshot = try Harness.ticker(try Harness.onlyEvent(frames[0]))
        #expect(snapshot.price == 158_201_000)
        #expect(snapshot.change == PriceChange(direction: .rise, amount: 1000, rate: "0.0000063211", basis: .sinceMidnightUTC))
        #expect(snapshot.session?.tradeValue == "95078733694.3792")
        #expect(snapshot.tradeValue24h == "331187169240.21526")
        let even = try Harness.ticker(try Harness.onlyEvent(frames[1]))
        #expect(even.change.direction == .even)
        #expect(even.change.amount == .zero)
        #expect(even.timestamp.civilTime(in: .utc).timeText(separator: "") == "082646")
    }

    @Test func orderBooksInExponentFormAndMilliseconds() throws {
        let book = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-orderbook-snapshot-1.json")))
        #expect(
            book.asks == [
                BookLevel(price: 116_539_000, quantity: "0.02054761"),
                BookLevel(price: 116_542_000, quantity: "0.0007772"),
            ])
        #expect(book.bids.first == BookLevel(price: 116_538_000, quantity: "0.08120946"))
        #expect(book.timestamp == Timestamp(milliseconds: 1_790_134_742_106))
        let simple = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-orderbook-simple-1.json")))
        #expect(simple.bids.first?.quantity == "0.00079276")
        #expect(simple.asks.last?.quantity == "0.0005")
        let old = try Harness.book(try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-orderbook-2022-1.json")))
        #expect(old.asks.count == 15)
        #expect(old.bids.count == 15)
        #expect(old.integrityIssues.isEmpty)
        #expect(old.spread == 4000)
    }

    @Test func tradesFrom2022() throws {
        let trades = try Harness.trades(try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-trade-2022-1.json")))
        #expect(
            trades == [
                Trade(
                    market: btc, price: 50_000_000, quantity: "0.0309", side: .sell,
                    timestamp: Timestamp(milliseconds: 1_650_787_278_000), id: 1_650_787_278_000_000)
            ])
    }

    @Test func errorFramesWhateverTheKeyOrder() throws {
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-error-invalid-param-1.json"))
                == .notice(.rejected(code: "INVALID_PARAM", message: "nope 은 지원하지 않는 타입입니다.")))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-error-wrong-format-1.json"))
                == .notice(.rejected(code: "WRONG_FORMAT", message: "Format 이 맞지 않습니다.")))
        #expect(
            try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-error-no-ticket-1.json"))
                == .notice(.rejected(code: "NO_TICKET", message: "티켓이 존재하지 않거나, 유효하지 않습니다.")))
        #expect(try Harness.onlyEvent(try Harness.fixture(.upbit, "upbit-ws-status-up-1.json")) == .notice(.heartbeat))
    }

    @Test func listFormatsDecodeEveryElement() throws {
        let ticker = try Fixture.lines("upbit-ws-ticker-1.jsonl")[0]
        let book = try Fixture.bytes("upbit-ws-orderbook-snapshot-1.json")
        let list = Array("[".utf8) + ticker + Array(",".utf8) + book + Array(#",{"type":"nope"}]"#.utf8)
        let decoded = Harness.frame(.upbit, list)
        #expect(decoded.events.count == 2)
        #expect(decoded.errors == [.unknownMessage("nope")])
    }

    @Test(arguments: [
        ("upbit-rest-error-code-not-found-1.json", "404", "Code not found"),
        ("upbit-rest-error-missing-param-1.json", "400", "Missing request parameter error. Check the required parameters!"),
        ("upbit-rest-error-type-mismatch-1.json", "400", "Type mismatch error. Check the parameters type!"),
        ("upbit-rest-error-no-route-1.json", "not_found", "no Route matched with those values"),
    ])
    func restErrorsAreTyped(name: String, code: String, message: String) throws {
        let decoded = try Harness.rest(.upbit, name, .trades(btc, count: 10))
        #expect(decoded.errors == [.exchange(code: code, message: message)])
    }

    @Test func marketsWithNestedWarnings() {
        var codec = Dialect.upbit.makeCodec()
        let body =
            #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin","market_event":{"warning":false,"#
            + #""caution":{"PRICE_FLUCTUATIONS":true,"TRADING_VOLUME_SOARING":false}}}]"#
        let decoded = codec.decode(response: Array(body.utf8), for: .markets)
        #expect(
            decoded.events == [
                .markets([
                    Market(
                        code: btc, koreanName: "비트코인", englishName: "Bitcoin", warning: MarketWarning(step: .caution, reasons: ["PRICE_FLUCTUATIONS"])
                    )
                ])
            ])
        #expect(codec.requests(for: .markets).map(\.pathAndQuery) == ["/v1/market/all?is_details=true"])
    }
}
