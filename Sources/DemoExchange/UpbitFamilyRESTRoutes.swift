import Hummingbird
import MarketCore
import MarketSim
import MarketWire

/// The public REST endpoints Bithumb API 2.0 and Upbit share (the same paths and bodies),
/// served under `prefix`: bare JSON bodies, codes accepted in lower case, tickers and sessions
/// on the exchange's own day (00:00 KST for Bithumb, 00:00 UTC for Upbit). Bithumb answers a
/// refused request with HTTP 200 and an `error` object (HTTP 400 past its 200-market ticker
/// limit); Upbit with the HTTP status the error names. Bithumb also serves its alert list
/// (`/v1/market/virtual_asset_warning`), Upbit every ticker of a quote currency
/// (`/v1/ticker/all?quote_currencies=KRW`).
struct UpbitFamilyRESTRoutes: Sendable {
    let market: DemoMarket
    let profile: UpbitFamilyProfile
    /// What every path starts with (`""` for Bithumb, `/upbit` for Upbit).
    let prefix: String
    /// The seeded account `/v1/accounts` reads.
    let accounts: DemoAccounts
    private let encoder: UpbitFamilyEncoder

    /// The most markets one Bithumb ticker call accepts.
    static let tickerMarketLimit = 200
    /// Minute-candle units the exchange serves.
    static let minuteUnits: [Int: CandleInterval] = [
        1: .oneMinute, 3: .threeMinutes, 5: .fiveMinutes, 10: .tenMinutes, 15: .fifteenMinutes,
        30: .thirtyMinutes, 60: .oneHour, 240: .fourHours,
    ]

    init(market: DemoMarket, profile: UpbitFamilyProfile, accounts: DemoAccounts, prefix: String = "") {
        self.market = market
        self.profile = profile
        self.accounts = accounts
        self.prefix = prefix
        encoder = UpbitFamilyEncoder(profile: profile)
    }

    private var isUpbit: Bool { profile.dialect == .upbit }

    func register(on router: Router<some RequestContext>) {
        let router = router.group(RouterPath(prefix))
        if isUpbit { router.add(middleware: RemainingRequestsMiddleware()) }
        accounts.register(on: router, exchange: profile.dialect.exchange)
        router.get("/v1/market/all") { request, _ -> Response in
            let details = request.uri.queryParameters.get(isUpbit ? "is_details" : "isDetails")?.lowercased() == "true"
            guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
            return Response.json(encoder.marketsBody(state.markets, details: details))
        }
        if !isUpbit {
            router.get("/v1/market/virtual_asset_warning") { _, _ -> Response in
                guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
                return .json(encoder.warningsBody(state.alerts))
            }
        }
        router.get("/v1/ticker") { request, _ -> Response in
            guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
            switch markets(request.uri.queryParameters.getAll("markets"), in: state) {
            case .failure(let error): return error.response
            case .success(let codes):
                if !isUpbit, codes.count > Self.tickerMarketLimit {
                    return .json(
                        encoder.errorBody(name: 400, message: "Parameter 'markets' must be less than or equal to 200 items."),
                        status: .badRequest)
                }
                return .json(encoder.tickersBody(tickers(codes, in: state)))
            }
        }
        if isUpbit {
            router.get("/v1/ticker/all") { request, _ -> Response in
                guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
                let quotes = Set((request.uri.queryParameters.get("quote_currencies") ?? "").split(separator: ",").map { $0.uppercased() })
                guard !quotes.isEmpty else { return rejected(400, Self.missingParameterMessage).response }
                return .json(encoder.tickersBody(tickers(state.markets.map(\.code).filter { quotes.contains($0.quote) }, in: state)))
            }
        }
        router.get("/v1/orderbook") { request, _ -> Response in
            guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
            switch markets(request.uri.queryParameters.getAll("markets"), in: state) {
            case .failure(let error): return error.response
            case .success(let codes): return .json(encoder.orderBooksBody(codes.compactMap { state.orderBook(for: $0) }))
            }
        }
        router.get("/v1/trades/ticks") { request, _ -> Response in
            guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            switch (markets(query.getAll("market"), in: state), count(query.get("count"), default: 1, maximum: 500)) {
            case (.failure(let error), _), (_, .failure(let error)): return error.response
            case (.success(let codes), .success(let count)):
                let code = codes[0]
                let previousClose =
                    state.ticker(for: code, change: profile.sessionBasis, session: profile.sessionBasis)?
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

    /// The tickers of `codes`, on the exchange's day, with each market's last trade.
    private func tickers(_ codes: [MarketCode], in state: MarketSimulator) -> [(Ticker, UpbitFamilyEncoder.TickerDetails)] {
        codes.compactMap { code in
            state.ticker(for: code, change: profile.sessionBasis, session: profile.sessionBasis).map { ticker in
                (ticker, UpbitFamilyEncoder.TickerDetails(lastTrade: state.lastTrade(for: code)))
            }
        }
    }

    /// A refusal: HTTP 200 with the error on Bithumb, the error's own status on Upbit.
    private func rejected(_ name: Int, _ message: String) -> RejectedRequest {
        .json(encoder.errorBody(name: name, message: message), status: isUpbit ? HTTPResponse.Status(code: name) : .ok)
    }

    private func candles(_ request: Request, interval: CandleInterval) async -> Response {
        guard let state = await market.state(of: profile.dialect.exchange) else { return RejectedRequest.notServed.response }
        let query = request.uri.queryParameters
        switch (markets(query.getAll("market"), in: state), count(query.get("count"), default: 1, maximum: 200)) {
        case (.failure(let error), _), (_, .failure(let error)): return error.response
        case (.success(let codes), .success(let count)):
            var end: Timestamp?
            if let to = query.get("to") {
                guard let time = Self.time(to, clock: isUpbit ? .utc : .kst) else { return rejected(400, Self.typeMismatchMessage).response }
                end = time
            }
            let candles = state.candles(for: codes[0], interval: interval, count: count, before: end)
            return .json(encoder.candlesBody(market: codes[0], interval: interval, candles: candles))
        }
    }

    /// The codes of a `markets`/`market` parameter, comma-separated or given several times
    /// (`markets=KRW-BTC&markets=KRW-ETH`, as Python's requests sends a list); a missing
    /// parameter, any unknown code or a code given twice fails the whole call (see
    /// ``rejected(_:_:)``; the wording of the repeat error is ours).
    private func markets(_ values: [String], in state: MarketSimulator) -> Result<[MarketCode], RejectedRequest> {
        var codes: [MarketCode] = []
        var seen: Set<MarketCode> = []
        for text in values.flatMap({ $0.split(separator: ",") }) {
            guard let code = MarketCode(code: text.uppercased()), state.orderBook(for: code) != nil else {
                return .failure(rejected(404, "Code not found"))
            }
            guard seen.insert(code).inserted else {
                return .failure(rejected(400, "Duplicate code: \(code.code)"))
            }
            codes.append(code)
        }
        return codes.isEmpty ? .failure(rejected(400, Self.missingParameterMessage)) : .success(codes)
    }

    private func count(_ parameter: String?, default value: Int, maximum: Int) -> Result<Int, RejectedRequest> {
        countParameter(parameter, default: value, maximum: maximum).map { .success($0) } ?? .failure(rejected(400, Self.typeMismatchMessage))
    }

    /// A candle `to` time: ISO text on `clock` (Bithumb reads KST, Upbit UTC) unless it ends in
    /// `Z` or carries `+09:00`. A `+` is a space, as in a form-encoded query
    /// (`2026-11-25+17:08:57`, what pyupbit sends), so an offset that was not percent-encoded
    /// arrives as ` 09:00`.
    static func time(_ text: String, clock defaultClock: WallClock) -> Timestamp? {
        var body = Substring(String(text.map { $0 == "+" ? " " : $0 }))
        var clock = defaultClock
        if body.hasSuffix("Z") {
            body = body.dropLast()
            clock = .utc
        } else if body.hasSuffix(" 09:00") {
            body = body.dropLast(6)
            clock = .kst
        }
        return CivilTime(text: body).map { Timestamp($0, in: clock) }
    }

    private static let missingParameterMessage = "Missing request parameter error. Check the required parameters!"
    private static let typeMismatchMessage = "Type mismatch error. Check the parameters type!"
}
