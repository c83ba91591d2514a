import MarketCore
import MarketWire
import RuntimeTestSupport
import Testing

@testable import ExchangeClient

@Suite struct RequestBudgetTests {
    @Test func noSecondHoldsMoreThanTheLimitPerCategory() {
        var budget = RequestBudget(limit: .upbit)
        let times = (0..<35).map { _ in budget.reserve("ticker", at: 0) }
        #expect(Array(times.prefix(10)) == Array(repeating: 0, count: 10))
        #expect(Array(times[10..<20]) == Array(repeating: 1_000_000, count: 10))
        #expect(times.last == 3_000_000)
        for (index, time) in times.enumerated() where index >= 10 {
            #expect(time - times[index - 10] >= 1_000_000)
        }
    }

    @Test func categoriesHaveTheirOwnBudgets() {
        var budget = RequestBudget(limit: RequestLimit(requestsPerSecond: 1))
        #expect(budget.reserve("ticker", at: 0) == 0)
        #expect(budget.reserve("orderbook", at: 0) == 0)
        #expect(budget.reserve("ticker", at: 200_000) == 1_000_000)
        #expect(budget.reserve("ticker", at: 5_000_000) == 5_000_000)
    }

    @Test func requestPathsFallIntoTheExchangesCategories() {
        let paths = [
            "/v1/ticker", "/v1/orderbook", "/v1/trades/ticks", "/v1/candles/minutes/1", "/v1/market/all",
            "/public/ticker/ALL_KRW", "/public/orderbook/BTC_KRW", "/public/transaction_history/BTC_KRW",
            "/public/candlestick/BTC_KRW/1m",
        ]
        #expect(
            paths.map(RequestLimit.category(ofPath:)) == [
                "ticker", "orderbook", "trade", "candle", "market",
                "ticker", "orderbook", "trade", "candle",
            ])
    }

    @Test func bithumbTickerRequestsCarryAtMost200Markets() throws {
        let codes = (0..<480).compactMap { MarketCode(quote: "KRW", base: "C\($0)") }
        let requests = Dialect.bithumb.makeCodec().requests(for: .tickers(codes))
        #expect(requests.count == 3)
        for request in requests {
            let markets = try #require(request.query.first { $0.name == "markets" }).value.split(separator: ",")
            #expect(markets.count <= 200)
        }
    }
}

@Suite struct ExchangeEndpointsTests {
    @Test func urlsMustHaveTheirSchemes() throws {
        #expect(throws: ExchangeClientError.self) {
            try ExchangeEndpoints(dialect: .bithumb, webSocketURL: "http://x/websocket/v1", restBaseURL: "http://x")
        }
        #expect(throws: ExchangeClientError.self) {
            try ExchangeEndpoints(dialect: .bithumb, webSocketURL: "wss://x/websocket/v1", restBaseURL: "ftp://x")
        }
        let endpoints = try ExchangeEndpoints(
            dialect: .upbit, webSocketURL: "wss://api.upbit.com/websocket/v1",
            restBaseURL: "https://api.upbit.com/")
        #expect(endpoints.restBaseURL == "https://api.upbit.com")
    }

    @Test func localEndpointsFollowTheDemoExchangesLayout() {
        #expect(ExchangeEndpoints.local(.bithumb, port: 80).webSocketURL == "ws://127.0.0.1:80/websocket/v1")
        #expect(ExchangeEndpoints.local(.bithumbLegacy, port: 80).webSocketURL == "ws://127.0.0.1:80/pub/ws")
        #expect(ExchangeEndpoints.local(.bithumb, host: "::1", port: 80).restBaseURL == "http://[::1]:80")
        #expect(ExchangeEndpoints.local(.upbit, port: 80).webSocketURL == "ws://127.0.0.1:80/upbit/websocket/v1")
        #expect(ExchangeEndpoints.local(.upbit, port: 80).restBaseURL == "http://127.0.0.1:80/upbit")
        #expect(ExchangeEndpoints.official(.upbit).restBaseURL == "https://api.upbit.com")
    }
}

/// Plaintext endpoints off this machine are named in a warning; encrypted or loopback ones are not.
@Suite struct PlaintextEndpointTests {
    @Test(
        arguments: [
            ("wss://ws-api.bithumb.com/websocket/v1", "https://api.bithumb.com", nil),
            ("ws://127.0.0.1:8080/websocket/v1", "http://127.0.0.1:8080", nil),
            ("ws://localhost:1/websocket/v1", "http://[::1]:2", nil),
            ("ws://quotes.example.com/websocket/v1", "https://api.bithumb.com", "ws://quotes.example.com/websocket/v1"),
            ("wss://ws-api.bithumb.com/websocket/v1", "http://10.1.2.3:80", "http://10.1.2.3:80"),
            ("ws://127.0.0.1.evil.example/websocket/v1", "https://api.bithumb.com", "ws://127.0.0.1.evil.example/websocket/v1"),
        ] as [(String, String, String?)])
    func plaintextOffThisMachineIsWarnedAbout(webSocket: String, rest: String, named: String?) throws {
        let endpoints = try ExchangeEndpoints(dialect: .bithumb, webSocketURL: webSocket, restBaseURL: rest)
        if let named {
            #expect(endpoints.plaintextWarning?.hasPrefix("\(named) is not encrypted") == true)
        } else {
            #expect(endpoints.plaintextWarning == nil)
        }
    }
}

/// The pacer takes what Binance's answers say: the minute's weight used, and a pause asked for.
@Suite struct RequestPacerWeightTests {
    @Test("past the ceiling of used weight, the next request waits for the next wall-clock minute; under it, none waits")
    func usedWeightPastTheCeilingWaitsForTheNextMinute() async throws {
        let clock = ManualClock()
        clock.stepWallClock(by: .seconds(20) - .microseconds(clock.wallNow().microseconds % 60_000_000))
        let pacer = RequestPacer(limit: .binance, clock: clock)
        await pacer.note(usedWeight: 4799, retryAfterSeconds: nil)
        try await pacer.waitForTurn(path: "/api/v3/klines")
        await pacer.note(usedWeight: 4800, retryAfterSeconds: nil)
        let waiting = Task { try await pacer.waitForTurn(path: "/api/v3/klines") }
        #expect(try await eventually { clock.pendingSleeps == [.seconds(40)] }, "20 s into the minute: 40 s to the next")
        clock.advance(by: .seconds(40))
        try await waiting.value
        let upbit = RequestPacer(limit: .upbit, clock: clock)
        await upbit.note(usedWeight: 100_000, retryAfterSeconds: nil)
        try await upbit.waitForTurn(path: "/v1/ticker")
    }

    @Test("a Retry-After holds every request that long")
    func retryAfterHoldsRequests() async throws {
        let clock = ManualClock()
        let pacer = RequestPacer(limit: .binance, clock: clock)
        await pacer.note(usedWeight: nil, retryAfterSeconds: 7)
        let waiting = Task { try await pacer.waitForTurn(path: "/api/v3/ticker/24hr") }
        #expect(try await eventually { clock.pendingSleeps == [.seconds(7)] })
        clock.advance(by: .seconds(7))
        try await waiting.value
    }
}
