import Hummingbird
import MarketCore
import MarketSim
import MarketWire

/// Dunamu's forex quote over the demo's one world, under `/fx`:
/// `/fx/v1/forex/recent?codes=FRX.KRWUSD` gives the ``ReferenceWorld``'s rate, requoted once a
/// minute (as a bank's rate changes now and then, not by the tick) and stamped with that
/// minute; any other code gives an empty list.
struct ForexRoutes: Sendable {
    let market: DemoMarket
    let world: ReferenceWorld
    private let encoder = DunamuForexEncoder()

    /// Where the quote is served.
    static let prefix = "/fx"
    private static let minute: Int64 = 60_000_000
    private static let day: Int64 = 86_400_000_000

    func register(on router: Router<some RequestContext>) {
        router.get(RouterPath(Self.prefix + "/v1/forex/recent")) { request, _ -> Response in
            guard let state = await market.worldState else { return RejectedRequest.notServed.response }
            let codes = (request.uri.queryParameters.get("codes") ?? "").split(separator: ",")
            guard codes.contains(where: { $0 == DunamuForexCodec.code }) else { return Response.json(Array("[]".utf8)) }
            let quoted = Timestamp(microseconds: state.now.microseconds - state.now.microseconds % Self.minute)
            let rate = WonDollarRate(rate: world.rate(at: quoted), source: .dunamu, at: quoted)
            let offset = WallClock.kst.offsetMicroseconds
            let day = Timestamp(microseconds: (quoted.microseconds + offset) / Self.day * Self.day - offset)
            let count = Int((quoted.microseconds - day.microseconds) / Self.minute) + 1
            return Response.json(encoder.quoteBody(rate, open: world.rate(at: day), recurrenceCount: count))
        }
    }
}
