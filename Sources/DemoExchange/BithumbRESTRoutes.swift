import Hummingbird
import MarketCore
import MarketSim
import MarketWire

/// Bithumb API 2.0's public REST endpoints: bare JSON bodies, errors as HTTP 200 with an
/// `error` object (HTTP 400 past the 200-market limit), codes accepted in lower case.
struct BithumbRESTRoutes: Sendable {
    let market: DemoMarket
    private let encoder = UpbitFamilyEncoder(profile: .bithumb)

    /// The most markets one ticker call accepts.
    static let tickerMarketLimit = 200
    /// Minute-candle units the exchange serves.
    static let minuteUnits: [Int: CandleInterval] = [
        1: .oneMinute, 3: .threeMinutes, 5: .fiveMinutes, 10: .tenMinutes, 15: .fifteenMinutes,
        30: .thirtyMinutes, 60: .oneHour, 240: .fourHours,
    ]

    init(market: DemoMarket) {
        self.market = market
    }

    func register(on router: Router<some RequestContext>) {
        router.get("/v1/market/all") { request, _ -> Response in
            let details = request.uri.queryParameters.get("isDetails")?.lowercased() == "true"
            return Response.json(encoder.marketsBody(await market.state().markets, details: details))
        }
        router.get("/v1/market/virtual_asset_warning") { _, _ -> Response in
            .json(encoder.warningsBody(await market.state().alerts))
        }
        router.get("/v1/ticker") { request, _ -> Response in
            let state = await market.state()
            switch markets(request.uri.queryParameters.get("markets"), in: state) {
            case .failure(let error): return error.response
            case .success(let codes):
                if codes.count > Self.tickerMarketLimit {
                    return .json(
                        encoder.errorBody(name: 400, message: "Parameter 'markets' must be less than or equal to 200 items."),
                        status: .badRequest)
                }
                let tickers = codes.compactMap { code in
                    state.ticker(for: code, change: .sinceMidnightKST, session: .sinceMidnightKST).map { ticker in
                        (ticker, UpbitFamilyEncoder.TickerDetails(lastTrade: state.lastTrade(for: code)))
                    }
                }
                return .json(encoder.tickersBody(tickers))
            }
        }
        router.get("/v1/orderbook") { request, _ -> Response in
            let state = await market.state()
            switch markets(request.uri.queryParameters.get("markets"), in: state) {
            case .failure(let error): return error.response
            case .success(let codes): return .json(encoder.orderBooksBody(codes.compactMap { state.orderBook(for: $0) }))
            }
        }
        router.get("/v1/trades/ticks") { request, _ -> Response in
            let state = await market.state()
            let query = request.uri.queryParameters
            switch (markets(query.get("market"), in: state), count(query.get("count"), default: 1, maximum: 500)) {
            case (.failure(let error), _), (_, .failure(let error)): return error.response
            case (.success(let codes), .success(let count)):
                let code = codes[0]
                let previousClose =
                    state.ticker(for: code, change: .sinceMidnightKST, session: .sinceMidnightKST)?
                    .session?.previousClose ?? .zero
                return .json(encoder.tradesBody(state.recentTrades(for: code, count: count), previousClose: previousClose))
            }
        }
        router.get("/v1/candles/minutes/:unit") { request, context -> Response in
            guard let unit = context.parameters.get("unit", as: Int.self), let interval = Self.minuteUnits[unit] else {
                return .noRoute
            }
            return await candles(request, interval: interval)
        }
        router.get("/v1/candles/days") { request, _ -> Response in
            await candles(request, interval: .oneDay)
        }
    }

    private func candles(_ request: Request, interval: CandleInterval) async -> Response {
        let state = await market.state()
        let query = request.uri.queryParameters
        switch (markets(query.get("market"), in: state), count(query.get("count"), default: 1, maximum: 200)) {
        case (.failure(let error), _), (_, .failure(let error)): return error.response
        case (.success(let codes), .success(let count)):
            var candles = state.candles(for: codes[0], interval: interval, count: Int.max)
            if let to = query.get("to") {
                guard let end = Self.time(to) else { return .json(Self.typeMismatch) }
                candles.removeAll { $0.start >= end }
            }
            return .json(encoder.candlesBody(market: codes[0], interval: interval, candles: Array(candles.suffix(count))))
        }
    }

    /// The codes of a `markets`/`market` parameter; a missing parameter, any unknown code or
    /// a code given twice fails the whole call (HTTP 200 with an error body, as the exchange's
    /// other parameter errors; the wording of the repeat error is ours).
    private func markets(_ parameter: String?, in state: MarketSimulator) -> Result<[MarketCode], RejectedRequest> {
        guard let parameter, !parameter.isEmpty else { return .failure(.json(Self.missingParameter)) }
        var codes: [MarketCode] = []
        var seen: Set<MarketCode> = []
        for text in parameter.split(separator: ",") {
            guard let code = MarketCode(code: text.uppercased()), state.orderBook(for: code) != nil else {
                return .failure(.json(encoder.errorBody(name: 404, message: "Code not found")))
            }
            guard seen.insert(code).inserted else {
                return .failure(.json(encoder.errorBody(name: 400, message: "Duplicate code: \(code.code)")))
            }
            codes.append(code)
        }
        return codes.isEmpty ? .failure(.json(Self.missingParameter)) : .success(codes)
    }

    private func count(_ parameter: String?, default value: Int, maximum: Int) -> Result<Int, RejectedRequest> {
        countParameter(parameter, default: value, maximum: maximum).map { .success($0) } ?? .failure(.json(Self.typeMismatch))
    }

    /// A candle `to` time: ISO text, KST unless it ends in `Z` or carries an offset.
    static func time(_ text: String) -> Timestamp? {
        var body = Substring(text)
        var clock = WallClock.kst
        if body.hasSuffix("Z") {
            body = body.dropLast()
            clock = .utc
        } else if body.hasSuffix("+09:00") {
            body = body.dropLast(6)
        }
        return CivilTime(text: body).map { Timestamp($0, in: clock) }
    }

    private static let missingParameter = Array(
        #"{"error":{"name":400,"message":"Missing request parameter error. Check the required parameters!"}}"#.utf8)
    private static let typeMismatch = Array(#"{"error":{"name":400,"message":"Type mismatch error. Check the parameters type!"}}"#.utf8)
}
