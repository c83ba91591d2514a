import Hummingbird
import MarketCore
import MarketSim
import MarketWire
import Synchronization

/// Binance spot's public REST endpoints over the demo's one world (``ReferenceView``), served
/// under `/binance/api/v3`: `ping`, `time`, `exchangeInfo`, `ticker/24hr`, `ticker/price`,
/// `depth`, `trades` and `klines`, with their parameters' limits, `{"code":…,"msg":…}` errors
/// with HTTP 400, and the `X-MBX-USED-WEIGHT-1M` header counting each minute's weight.
struct BinanceRESTRoutes: Sendable {
    let market: DemoMarket
    let world: ReferenceWorld
    /// The clock each minute's weight is counted on.
    let clock: any RuntimeClock
    private let encoder = BinanceEncoder()
    private let weights = UsedWeight()

    /// Where Binance is served.
    static let prefix = "/binance"

    /// Kline intervals Binance names and the demo serves (`2h`, `8h`, `3d`, `1w`, `1M` and `1s`
    /// are Binance's too, but no Korean exchange's).
    static let intervals: [String: CandleInterval] = [
        "1m": .oneMinute, "3m": .threeMinutes, "5m": .fiveMinutes, "15m": .fifteenMinutes, "30m": .thirtyMinutes,
        "1h": .oneHour, "4h": .fourHours, "6h": .sixHours, "12h": .twelveHours, "1d": .oneDay,
    ]

    func register(on router: Router<some RequestContext>) {
        let router = router.group(RouterPath(Self.prefix + "/api/v3"))
        router.get("ping") { _, _ in answer(Response.json(Array("{}".utf8)), weight: 1) }
        router.get("time") { _, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            return answer(Response.json(Array(#"{"serverTime":\#(BinanceEncoder.milliseconds(view.state.now))}"#.utf8)), weight: 1)
        }
        router.get("exchangeInfo") { request, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            var markets = view.markets
            if let status = query.get("symbolStatus"), status != "TRADING" { markets = [] }
            if let permissions = query.get("permissions"), !permissions.contains("SPOT") { markets = [] }
            switch symbols(query.get("symbol"), query.get("symbols"), in: view) {
            case .failure(let error): return answer(error, weight: 20)
            case .success(let chosen?): markets = markets.filter { chosen.contains($0.code) }
            case .success(nil): break
            }
            return answer(Response.json(encoder.exchangeInfoBody(markets, serverTime: view.state.now)), weight: 20)
        }
        router.get("ticker/24hr") { request, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            switch symbols(query.get("symbol"), query.get("symbols"), in: view) {
            case .failure(let error): return answer(error, weight: 2)
            case .success(let chosen):
                let markets = chosen ?? view.markets.map(\.code)
                let weight = chosen == nil ? 80 : markets.count <= 20 ? 2 : markets.count <= 100 ? 40 : 80
                let body = encoder.tickersBody(markets.compactMap { view.ticker(of: $0) }, asList: query.get("symbol") == nil)
                return answer(Response.json(body), weight: weight)
            }
        }
        router.get("ticker/price") { request, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            switch symbols(query.get("symbol"), query.get("symbols"), in: view) {
            case .failure(let error): return answer(error, weight: 2)
            case .success(let chosen):
                let prices = (chosen ?? view.markets.map(\.code)).compactMap { code in view.ticker(of: code).map { (code, $0.0.price) } }
                return answer(Response.json(encoder.pricesBody(prices, asList: query.get("symbol") == nil)), weight: chosen?.count == 1 ? 2 : 4)
            }
        }
        router.get("depth") { request, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            switch (symbol(query.get("symbol"), in: view), limit(query.get("limit"), default: 100, maximum: 5000)) {
            case (.failure(let error), _), (_, .failure(let error)): return answer(error, weight: 5)
            case (.success(let code), .success(let limit)):
                // The book the streams published last, so its update id leads on to theirs.
                guard let (book, updateID) = await market.referenceBook(of: code) else { return answer(invalidSymbol, weight: 5) }
                let weight = limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250
                return answer(Response.json(encoder.depthBody(book, lastUpdateID: updateID, limit: limit)), weight: weight)
            }
        }
        router.get("trades") { request, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            switch (symbol(query.get("symbol"), in: view), limit(query.get("limit"), default: 500, maximum: 1000)) {
            case (.failure(let error), _), (_, .failure(let error)): return answer(error, weight: 25)
            case (.success(let code), .success(let limit)):
                return answer(Response.json(encoder.tradesBody(view.trades(of: code, count: limit))), weight: 25)
            }
        }
        router.get("klines") { request, _ -> Response in
            guard let view = await view() else { return RejectedRequest.notServed.response }
            let query = request.uri.queryParameters
            guard let name = query.get("interval") else { return answer(missing("interval"), weight: 2) }
            guard let interval = Self.intervals[name] else { return answer(refusal(-1120, "Invalid interval."), weight: 2) }
            switch (symbol(query.get("symbol"), in: view), limit(query.get("limit"), default: 500, maximum: 1000)) {
            case (.failure(let error), _), (_, .failure(let error)): return answer(error, weight: 2)
            case (.success(let code), .success(let limit)):
                // The newest `limit` before `endTime`; from `startTime`, the first `limit` on from it.
                var end = query.get("endTime").flatMap(Int64.init).map { Timestamp(microseconds: ($0 + 1) * 1000) }
                let start = query.get("startTime").flatMap(Int64.init).map { Timestamp(microseconds: $0 * 1000) }
                if let start {
                    let past = start.advanced(byMicroseconds: interval.microseconds * Int64(limit))
                    end = end.map { min($0, past) } ?? past
                }
                let candles = view.candles(of: code, interval: interval, count: limit, before: end).filter { candle in
                    start.map { candle.start >= $0 } ?? true
                }
                return answer(Response.json(encoder.klinesBody(candles, interval: interval)), weight: 2)
            }
        }
    }

    /// The world's reference view now, when the Korean world is served.
    private func view() async -> ReferenceView? {
        await market.state(of: .bithumb).map { ReferenceView(state: $0, world: world) }
    }

    /// `response` with this minute's weight so far, `weight` added.
    private func answer(_ response: Response, weight: Int) -> Response {
        var response = response
        response.headers[UsedWeight.header] = String(weights.add(weight, at: clock.wallNow()))
        return response
    }

    private func answer(_ refusal: RejectedRequest, weight: Int) -> Response {
        answer(refusal.response, weight: weight)
    }

    private var invalidSymbol: RejectedRequest { refusal(-1121, "Invalid symbol.") }

    private func refusal(_ code: Int, _ message: String) -> RejectedRequest {
        .json(encoder.errorBody(code: code, message: message), status: .badRequest)
    }

    private func missing(_ name: String) -> RejectedRequest {
        refusal(-1102, "Mandatory parameter '\(name)' was not sent, was empty/null, or malformed.")
    }

    /// The one market of a `symbol` parameter.
    private func symbol(_ text: String?, in view: ReferenceView) -> Result<MarketCode, RejectedRequest> {
        guard let text, !text.isEmpty else { return .failure(missing("symbol")) }
        return view.market(symbol: text).map { .success($0) } ?? .failure(invalidSymbol)
    }

    /// The markets of `symbol` or `symbols` (a JSON array, `["BTCUSDT","ETHUSDT"]`), or `nil`
    /// when neither is given; both at once, or an unknown symbol, is refused.
    private func symbols(_ one: String?, _ list: String?, in view: ReferenceView) -> Result<[MarketCode]?, RejectedRequest> {
        switch (one, list) {
        case (nil, nil): return .success(nil)
        case (let one?, nil): return symbol(one, in: view).map { [$0] }
        case (nil, let list?):
            let names = list.trimmingPrefix("[").split(separator: ",").map { name in
                String(name.filter { $0 != "\"" && $0 != "]" && $0 != " " })
            }
            var codes: [MarketCode] = []
            for name in names {
                guard let code = view.market(symbol: name) else { return .failure(invalidSymbol) }
                codes.append(code)
            }
            return codes.isEmpty ? .failure(missing("symbols")) : .success(codes)
        case (.some, .some):
            return .failure(refusal(-1128, "Combination of optional parameters invalid."))
        }
    }

    /// A `limit` parameter: its default when absent, at most `maximum` (more is cut, as
    /// Binance does), refused when not a positive number.
    private func limit(_ text: String?, default value: Int, maximum: Int) -> Result<Int, RejectedRequest> {
        guard let text else { return .success(value) }
        guard let number = Int(text), number > 0 else { return .failure(refusal(-1100, "Illegal characters found in parameter 'limit'.")) }
        return .success(min(number, maximum))
    }
}

/// The request weight used in the current minute, as Binance counts it per IP.
final class UsedWeight: Sendable {
    /// The header that reports it.
    static let header = HTTPFields.Element.Name("X-MBX-USED-WEIGHT-1M")!
    private let used = Mutex<(minute: Int64, weight: Int)>((0, 0))

    /// Adds a request's weight at `time`; returns its minute's total.
    func add(_ weight: Int, at time: Timestamp) -> Int {
        let (minute, rest) = time.microseconds.quotientAndRemainder(dividingBy: 60_000_000)
        let index = rest < 0 ? minute - 1 : minute
        return used.withLock { used in
            if used.minute != index { used = (index, 0) }
            used.weight += weight
            return used.weight
        }
    }
}
