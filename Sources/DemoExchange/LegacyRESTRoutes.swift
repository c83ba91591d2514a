import Hummingbird
import MarketCore
import MarketSim
import MarketWire

/// Bithumb's legacy public REST endpoints: a `{"status":"0000","data":…}` envelope, numbers
/// as strings, and errors as HTTP 200 with a status code and a Korean message.
struct LegacyRESTRoutes: Sendable {
    let market: DemoMarket
    private let encoder = BithumbLegacyEncoder()

    /// The chart intervals the exchange serves.
    static let intervals: [String: CandleInterval] = [
        "1m": .oneMinute, "3m": .threeMinutes, "5m": .fiveMinutes, "10m": .tenMinutes, "30m": .thirtyMinutes,
        "1h": .oneHour, "6h": .sixHours, "12h": .twelveHours, "24h": .oneDay,
    ]

    /// The payment currencies the legacy API knows (it answers `ALL_USDT` with 5500); the demo
    /// lists KRW markets only, so `ALL_BTC` is an empty listing.
    static let quoteCurrencies: Set<String> = ["KRW", "BTC"]

    init(market: DemoMarket) {
        self.market = market
    }

    func register(on router: Router<some RequestContext>) {
        router.get("/public/assetsstatus/ALL") { _, _ -> Response in
            guard let state = await market.state(of: .bithumb) else { return RejectedRequest.notServed.response }
            return .json(encoder.transfersBody(state.transfers))
        }
        router.get("/public/ticker/:pair") { _, context -> Response in
            guard let state = await market.state(of: .bithumb) else { return RejectedRequest.notServed.response }
            let pair = context.parameters.get("pair") ?? ""
            if let quote = pair.split(separator: "_").last, pair.hasPrefix("ALL_"), Self.quoteCurrencies.contains(String(quote)) {
                let tickers = state.markets.filter { $0.code.quote == quote }.compactMap { ticker(for: $0.code, in: state) }
                return .json(encoder.tickersBody(tickers, date: state.now))
            }
            switch coin(pair, in: state) {
            case .failure(let error): return error.response
            case .success(let code):
                guard let ticker = ticker(for: code, in: state) else { return unlisted.response }
                return .json(encoder.tickerBody(ticker, date: state.now))
            }
        }
        router.get("/public/orderbook/:pair") { request, context -> Response in
            guard let state = await market.state(of: .bithumb) else { return RejectedRequest.notServed.response }
            switch (
                coin(context.parameters.get("pair") ?? "", in: state),
                count(request.uri.queryParameters.get("count"), default: 30, maximum: 30)
            ) {
            case (.failure(let error), _), (_, .failure(let error)): return error.response
            case (.success(let code), .success(let count)):
                guard let book = state.orderBook(for: code) else { return unlisted.response }
                return .json(encoder.orderBookBody(book, count: count))
            }
        }
        router.get("/public/transaction_history/:pair") { request, context -> Response in
            guard let state = await market.state(of: .bithumb) else { return RejectedRequest.notServed.response }
            switch (
                coin(context.parameters.get("pair") ?? "", in: state),
                count(request.uri.queryParameters.get("count"), default: 20, maximum: 100)
            ) {
            case (.failure(let error), _), (_, .failure(let error)): return error.response
            case (.success(let code), .success(let count)):
                return .json(encoder.transactionHistoryBody(state.recentTrades(for: code, count: count)))
            }
        }
        router.get("/public/candlestick/:pair/:interval") { _, context -> Response in
            guard let state = await market.state(of: .bithumb) else { return RejectedRequest.notServed.response }
            guard let interval = context.parameters.get("interval").flatMap({ Self.intervals[$0] }) else {
                return invalidParameter.response
            }
            switch coin(context.parameters.get("pair") ?? "", in: state) {
            case .failure(let error): return error.response
            case .success(let code):
                return .json(encoder.candlestickBody(state.candles(for: code, interval: interval, count: 1500)))
            }
        }
    }

    /// The legacy ticker: the day since 00:00 KST, with the change over the rolling 24 hours.
    private func ticker(for code: MarketCode, in state: MarketSimulator) -> Ticker? {
        state.ticker(for: code, change: .rolling24h, session: .sinceMidnightKST)
    }

    /// The market of a `{COIN}_KRW` path segment.
    private func coin(_ pair: String, in state: MarketSimulator) -> Result<MarketCode, RejectedRequest> {
        guard let code = MarketCode(legacySymbol: pair.uppercased()), code.isKRW else { return .failure(badInput) }
        return state.orderBook(for: code) == nil ? .failure(unlisted) : .success(code)
    }

    private func count(_ parameter: String?, default value: Int, maximum: Int) -> Result<Int, RejectedRequest> {
        countParameter(parameter, default: value, maximum: maximum).map { .success($0) } ?? .failure(invalidParameter)
    }

    private var unlisted: RejectedRequest { .json(encoder.errorBody(status: "5500", message: "상장 코인 아님")) }
    private var badInput: RejectedRequest { .json(encoder.errorBody(status: "5500", message: "입력값을 확인해 주세요.")) }
    private var invalidParameter: RejectedRequest { .json(encoder.errorBody(status: "5500", message: "Invalid Parameter")) }
}
