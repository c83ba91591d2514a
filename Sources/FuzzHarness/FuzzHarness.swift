import DashboardUI
import MarketCore
public import MarketWire
public import TerminalKit

/// The whole path a message takes, from bytes to a screen, as one pure function: what the fuzz
/// targets (`Fuzz/`) drive with generated input and what their regression tests replay.
///
/// The bytes are decoded as a WebSocket frame and as the answer to every REST resource of the
/// dialect, every event is applied to a fresh ``MarketState``, and the snapshot is drawn on the
/// market table (in each sort), the help overlay and the detail view of the top market at every
/// chart interval, zoomed and scrolled.
public enum FuzzHarness {
    /// The terminal sizes the fuzz targets draw at.
    public static let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)]

    /// The market the REST answers are decoded for.
    static let market = MarketCode(quote: "KRW", base: "BTC")

    /// The resources a REST body is decoded as (the finest and the aggregated candle intervals).
    static var resources: [SnapshotResource] {
        guard let market else { return [] }
        return [
            .markets, .tickers([market]), .orderBook(market), .trades(market, count: 20),
            .candles(market, .oneMinute, count: 200), .candles(market, .fourHours, count: 200),
            .candles(market, .twelveHours, count: 200),
        ]
    }

    /// The market events and decode errors `bytes` yields in `dialect`, as a frame and as every REST answer.
    public static func decode(_ bytes: UnsafeRawBufferPointer, dialect: Dialect) -> DecodedMessages {
        var codec = dialect.makeCodec()
        var all = codec.decode(frame: bytes)
        for resource in resources {
            let decoded = codec.decode(response: bytes, for: resource)
            all.events += decoded.events
            all.errors += decoded.errors
        }
        return all
    }

    /// Decodes, applies and draws `bytes` at `size`: the table in two sorts, the help overlay,
    /// the detail view at the default chart interval and at the one `variant` picks (each
    /// interval is reached as `variant` varies), zoomed in and scrolled back, with the chart
    /// cursor and in its next pane; then the depth view scrolled, grouped, with its chart and a
    /// market-impact answer; then the same market as Bithumb beside an Upbit that prices every
    /// market twice as dear: the comparison in two sorts and with the unpaired coins, the
    /// detail view on each exchange, both books. Returns the screens.
    public static func run(_ bytes: UnsafeRawBufferPointer, dialect: Dialect, size: Size, variant: Int = 0) -> [Buffer] {
        let decoded = decode(bytes, dialect: dialect)
        var state = MarketState()
        let now = Timestamp(microseconds: 1_790_121_600_000_000)
        for event in decoded.events { state.apply(event, receivedAt: now) }
        let snapshot = state.snapshot(
            at: now,
            feed: FeedStatus(
                state: .live, messages: decoded.events.count,
                decodeErrors: decoded.errors.count, lastMarketDataAt: now))
        var ui = UIState(settings: DashboardSettings(exchangeName: dialect.rawValue), size: size, now: now)
        _ = ui.reduce(.snapshotArrived(BoardSnapshot(snapshot)))
        let intervalSteps = variant.magnitude % UInt(CandleInterval.allCases.count)
        let steps: [[Key]] = [
            [], [.character("s"), .character("S")], [.character("?")], [.character("?"), .enter],
            Array(repeating: .character("]"), count: Int(intervalSteps)), [.character("+"), .left, .left],
            [.character("x"), .left], [.tab], [.character("d"), .pageDown, .character("j")],
            [.character(">"), .character(">"), .character("c")],
            [.character("i"), .character("1"), .character("억"), .enter],
        ]
        var screens: [Buffer] = []
        for keys in steps {
            for key in keys { _ = ui.reduce(.keyPressed(key)) }
            screens.append(DashboardScreen.render(ui))
        }
        var upbit = state
        for ticker in snapshot.tickers.values {
            var dearer = ticker
            dearer.price = ticker.price + ticker.price
            upbit.apply(.ticker(dearer), receivedAt: now)
        }
        let board = BoardSnapshot([.bithumb: snapshot, .upbit: upbit.snapshot(at: now, feed: snapshot.feed)])
        var compared = UIState(settings: DashboardSettings(exchangeName: dialect.rawValue), size: size, now: now)
        _ = compared.reduce(.snapshotArrived(board))
        let comparisonSteps: [[Key]] = [
            [.tab, .tab], [.character("s")], [.character("o")], [.enter], [.character("b")], [.character("E")],
        ]
        for keys in comparisonSteps {
            for key in keys { _ = compared.reduce(.keyPressed(key)) }
            screens.append(DashboardScreen.render(compared))
        }
        return screens
    }
}
