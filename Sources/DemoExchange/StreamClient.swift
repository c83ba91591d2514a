import HummingbirdWebSocket
import MarketCore
import MarketWire
import NIOCore
import NIOWebSocket

/// What a WebSocket handler sends next: a frame, the frames queued so far, or a close.
enum Outgoing: Sendable {
    /// A frame, held until the next flush or close.
    case frame(WebSocketFrame)
    /// The frames held so far go out together, as few TCP segments as they fill: a tick's
    /// frames one by one would each be a segment, and a client reading once a frame would see
    /// the exchange's congestion window (counted in segments) hold back what it sent last.
    case flush
    case close(WebSocketErrorCode, reason: String?)
}

/// The wire dialect a WebSocket client speaks.
enum StreamDialect: Sendable, Hashable {
    /// Bithumb 2.0: binary frames, one JSON array request that replaces the last.
    case bithumb
    /// Upbit: Bithumb 2.0's protocol with its own day (00:00 UTC), depth and null delisting date.
    case upbit
    /// Bithumb legacy: text frames, one filter per stream type.
    case legacy
    /// Binance's market streams, over the Korean world: text frames, `SUBSCRIBE` requests;
    /// `combined` on `/stream` (events wrapped with their stream's name), bare on `/ws/…`.
    case binance(combined: Bool)

    /// The exchange whose market the dialect serves (Binance's prices come from Bithumb's world).
    var exchange: Exchange { self == .upbit ? .upbit : .bithumb }

    /// The encoder's profile of a 2.0-style dialect, `nil` for legacy and Binance.
    var upbitFamilyProfile: UpbitFamilyProfile? {
        switch self {
        case .bithumb: .bithumb
        case .upbit: .upbit
        case .legacy, .binance: nil
        }
    }

    /// Whether data frames are text (legacy, Binance) rather than binary.
    var sendsText: Bool {
        switch self {
        case .legacy, .binance: true
        case .bithumb, .upbit: false
        }
    }
}

/// The streams both dialects offer, by what they carry.
enum Feed: Sendable, Hashable {
    /// 2.0 `ticker`, legacy `ticker`.
    case ticker
    /// 2.0 `trade`, legacy `transaction`.
    case trades
    /// 2.0 `orderbook` (whole books), legacy `orderbookdepth` (changed levels).
    case book
    /// Legacy `orderbooksnapshot` (whole books, a few a second).
    case bookSnapshot
}

/// One connected WebSocket client as the exchange sees it: what it asked for and its queue of
/// frames. The queue is bounded; a client that lets it fill is cut off.
struct StreamClient {
    let dialect: StreamDialect
    private let outbox: AsyncStream<Outgoing>.Continuation
    /// Markets subscribed, per feed.
    var markets: [Feed: Set<MarketCode>] = [:]
    /// Bithumb 2.0 and Upbit: the key style and the order-book depths asked for.
    var style = UpbitFamilyEncoder.KeyStyle.default
    var depths: [MarketCode: Int] = [:]
    /// Bithumb legacy: the windows of the ticker filter.
    var tickerBases: [ChangeBasis] = []
    /// Binance: the streams subscribed, by name; when the next ping is due (set on connecting),
    /// and when the client last answered one (or connected).
    var binanceStreams: [String: BinanceStreamRequest.Stream] = [:]
    var nextPing: MonotonicInstant?
    var lastPong: MonotonicInstant
    /// When the client last sent a message or a ping (what the server sends does not count).
    var lastHeard: MonotonicInstant
    /// When the next `{"status":"UP"}` is due, once the client has sent `PING`.
    var nextHeartbeat: MonotonicInstant?
    /// Whether the queue overflowed and the client is being cut off.
    private(set) var isOverflowing = false
    /// Whether frames were queued since the last flush.
    private var hasUnflushedFrames = false

    init(dialect: StreamDialect, outbox: AsyncStream<Outgoing>.Continuation, now: MonotonicInstant) {
        self.dialect = dialect
        self.outbox = outbox
        lastHeard = now
        lastPong = now
    }

    /// Whether the client streams `feed` for `market`.
    func wants(_ feed: Feed, _ market: MarketCode) -> Bool {
        markets[feed]?.contains(market) ?? false
    }

    /// Queues a data frame in the client's dialect (binary for 2.0 and Upbit, text for legacy).
    mutating func send(_ bytes: ByteBuffer) {
        guard !isOverflowing else { return }
        let opcode: WebSocketOpcode = dialect.sendsText ? .text : .binary
        queue(.frame(WebSocketFrame(fin: true, opcode: opcode, data: bytes)))
        hasUnflushedFrames = true
    }

    /// Queues a protocol ping (Binance's keepalive, which the client must answer with a pong).
    mutating func sendPing() {
        queue(.frame(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())))
        hasUnflushedFrames = true
    }

    /// Sends the frames queued since the last flush; the exchange flushes once a tick and
    /// after answering a request.
    mutating func flush() {
        guard hasUnflushedFrames else { return }
        hasUnflushedFrames = false
        queue(.flush)
    }

    private mutating func queue(_ item: Outgoing) {
        guard !isOverflowing else { return }
        if case .dropped = outbox.yield(item) {
            isOverflowing = true
            outbox.finish()
        }
    }

    /// Queues a close; nothing is sent after it.
    mutating func close(_ code: WebSocketErrorCode, reason: String?) {
        outbox.yield(.close(code, reason: reason))
        outbox.finish()
    }

    /// Ends the queue without a close (the server is stopping or the client left).
    func finish() {
        outbox.finish()
    }
}
