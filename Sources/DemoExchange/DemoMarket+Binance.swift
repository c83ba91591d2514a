import MarketCore
import MarketSim
import MarketWire
import NIOCore

/// Binance's market streams over the Korean world: `SUBSCRIBE`, `UNSUBSCRIBE` and
/// `LIST_SUBSCRIPTIONS` answered as Binance does; trades as they happen; tickers once a second
/// (`!miniTicker@arr` too); books every tenth of a second, as changed levels with update ids
/// that follow on from `/api/v3/depth`'s `lastUpdateId`, or as the top levels whole.
extension DemoMarket {
    private static let second: Int64 = 1_000_000
    private static let tenth: Int64 = 100_000
    private static let binanceEncoder = BinanceEncoder()

    /// The reference view of the world now.
    var referenceView: ReferenceView? {
        worldState.map { ReferenceView(state: $0, world: referenceWorld) }
    }

    /// Handles a Binance client's request.
    func receiveBinance(_ message: ByteBuffer, client: inout StreamClient) {
        let encoder = Self.binanceEncoder
        let read = message.withUnsafeReadableBytes { BinanceStreamRequest.read($0) }
        switch read {
        case .failure(.invalidJSON(let offset, _)):
            client.send(
                ByteBuffer(bytes: encoder.errorBody(code: 3, message: "Invalid JSON: expected value at line 1 column \(offset + 1)")))
        case .failure(.invalidField(_, let reason)):
            client.send(ByteBuffer(bytes: encoder.errorBody(code: 2, message: reason)))
        case .failure:
            client.send(ByteBuffer(bytes: encoder.errorBody(code: 2, message: "Invalid request")))
        case .success(let request):
            switch request.method {
            case .subscribe:
                var streams: [String: BinanceStreamRequest.Stream] = [:]
                for name in request.params {
                    guard let stream = BinanceStreamRequest.Stream(name: name) else {
                        client.send(
                            ByteBuffer(bytes: encoder.errorBody(code: 2, message: "Invalid request: invalid stream \(name)", id: request.id)))
                        return
                    }
                    streams[name] = stream
                }
                guard client.binanceStreams.count + streams.count <= 1024 else {
                    client.send(ByteBuffer(bytes: encoder.errorBody(code: 2, message: "Invalid request: too many streams", id: request.id)))
                    return
                }
                client.binanceStreams.merge(streams) { _, new in new }
                client.send(ByteBuffer(bytes: encoder.resultFrame(nil, id: request.id)))
            case .unsubscribe:
                for name in request.params { client.binanceStreams[name] = nil }
                client.send(ByteBuffer(bytes: encoder.resultFrame(nil, id: request.id)))
            case .listSubscriptions:
                client.send(ByteBuffer(bytes: encoder.resultFrame(client.binanceStreams.keys.sorted(), id: request.id)))
            }
        }
    }

    /// Publishes a Bithumb trade to the Binance clients streaming its coin, in USDT.
    func publishReferenceTrades(_ trades: [Trade]) {
        guard let market = trades.first?.market, case let code = KimchiPremium.referenceMarket(of: market), referenceWorld.lists(code.base),
            clients.values.contains(where: { $0.wantsReference(.trades(code)) }), let view = referenceView
        else { return }
        let prices = view.prices(of: code)
        let converted = trades.map { trade in
            var usdt = trade
            usdt.market = code
            usdt.price = prices.usdt(trade.price)
            return usdt
        }
        for id in clients.keys {
            guard let client = clients[id] else { continue }
            for wrapper in client.wrappers(of: .trades(code)) {
                for trade in converted {
                    clients[id]?.send(ByteBuffer(bytes: Self.binanceEncoder.tradeFrame(trade, eventTime: view.state.now, stream: wrapper)))
                }
            }
        }
    }

    /// The tickers once a second and the books every tenth, for the clients that stream them.
    func publishReferenceStreams(at now: Timestamp) {
        guard clients.values.contains(where: { !$0.binanceStreams.isEmpty }), let view = referenceView else { return }
        let tenth = now.microseconds / Self.tenth
        guard tenth != referenceDepthTenth else { return }
        referenceDepthTenth = tenth
        publishReferenceBooks(view)
        let second = now.microseconds / Self.second
        guard second != referenceTickerSecond else { return }
        referenceTickerSecond = second
        publishReferenceTickers(view)
    }

    /// The book `/api/v3/depth` answers for `market`, with its update id: the one its streams
    /// published last, so their next update follows on from it; a book nobody streams is
    /// published anew first.
    func referenceBook(of market: MarketCode) -> (book: OrderBook, updateID: UInt64)? {
        if let published = referenceBooks[market], streamedBooks.contains(market) { return published }
        guard let view = referenceView, let republished = republish(market, in: view) else { return nil }
        return (republished.book, republished.updateID)
    }

    private func publishReferenceTickers(_ view: ReferenceView) {
        var wanted: Set<MarketCode> = []
        var everything = false
        for client in clients.values {
            for stream in client.binanceStreams.values {
                switch stream {
                case .miniTicker(let market), .ticker(let market): wanted.insert(market)
                case .allMiniTickers: everything = true
                default: break
                }
            }
        }
        let markets = everything ? view.markets.map(\.code) : Array(wanted)
        var tickers: [MarketCode: (Ticker, BinanceEncoder.TickerExtras)] = [:]
        for market in markets { tickers[market] = view.ticker(of: market) }
        for id in clients.keys {
            guard let client = clients[id] else { continue }
            let combined = client.isCombined
            for (name, stream) in client.binanceStreams {
                switch stream {
                case .miniTicker(let market), .ticker(let market):
                    guard let (ticker, extras) = tickers[market] else { continue }
                    let mini = if case .miniTicker = stream { true } else { false }
                    clients[id]?.send(ByteBuffer(bytes: Self.binanceEncoder.tickerFrame(ticker, extras, mini: mini, stream: combined ? name : nil)))
                case .allMiniTickers:
                    let all = view.markets.compactMap { tickers[$0.code] }
                    clients[id]?.send(ByteBuffer(bytes: Self.binanceEncoder.miniTickersFrame(all, stream: combined ? name : nil)))
                default:
                    continue
                }
            }
        }
    }

    /// The markets whose books some client streams.
    private var streamedBooks: Set<MarketCode> {
        var markets: Set<MarketCode> = []
        for client in clients.values {
            for stream in client.binanceStreams.values {
                switch stream {
                case .depthUpdates(let market), .partialDepth(let market, _): markets.insert(market)
                default: break
                }
            }
        }
        return markets
    }

    /// Every streamed book anew: the levels changed since its last publication go to the
    /// clients of its update stream, the top levels to those of its partial streams.
    private func publishReferenceBooks(_ view: ReferenceView) {
        for market in streamedBooks {
            guard let (book, updateID, bids, asks) = republish(market, in: view) else { continue }
            let changed = !bids.isEmpty || !asks.isEmpty
            for id in clients.keys {
                guard let client = clients[id] else { continue }
                for (name, stream) in client.binanceStreams {
                    let wrapper = client.isCombined ? name : nil
                    switch stream {
                    case .depthUpdates(market) where changed:
                        clients[id]?.send(
                            ByteBuffer(
                                bytes: Self.binanceEncoder.depthUpdateFrame(
                                    market, first: updateID, last: updateID, bids: bids, asks: asks, time: view.state.now, stream: wrapper)))
                    case .partialDepth(market, let levels):
                        clients[id]?.send(
                            ByteBuffer(bytes: Self.binanceEncoder.partialDepthFrame(book, lastUpdateID: updateID, levels: levels, stream: wrapper)))
                    default:
                        continue
                    }
                }
            }
        }
    }

    /// Publishes `market`'s book as it stands: its levels changed since the last publication,
    /// and an update id one on when any did (each update's first id follows the last one's).
    private func republish(
        _ market: MarketCode, in view: ReferenceView
    ) -> (book: OrderBook, updateID: UInt64, bids: [BookLevel], asks: [BookLevel])? {
        guard let book = view.book(of: market) else {
            referenceBooks[market] = nil
            return nil
        }
        let previous = referenceBooks[market]
        let bids = Self.changes(from: previous?.book.bids ?? [], to: book.bids)
        let asks = Self.changes(from: previous?.book.asks ?? [], to: book.asks)
        let updateID = (previous?.updateID ?? 0) + (bids.isEmpty && asks.isEmpty ? 0 : 1)
        referenceBooks[market] = (book, updateID)
        return (book, updateID, bids, asks)
    }

    /// The levels of `new` whose size differs from `old`'s, and `old`'s levels gone (size 0).
    private static func changes(from old: [BookLevel], to new: [BookLevel]) -> [BookLevel] {
        var before: [ExactDecimal: ExactDecimal] = [:]
        for level in old { before[level.price] = level.quantity }
        var changes = new.filter { before[$0.price] != $0.quantity }
        let kept = Set(new.map(\.price))
        changes += old.filter { !kept.contains($0.price) }.map { BookLevel(price: $0.price, quantity: .zero) }
        return changes
    }
}

extension StreamClient {
    /// Whether the client streams `stream` (by what it carries, whatever its name).
    func wantsReference(_ stream: BinanceStreamRequest.Stream) -> Bool {
        binanceStreams.values.contains(stream)
    }

    /// How each event of `stream` goes out to the client: once per name it was subscribed
    /// under, wrapped with that name, on `/stream` (`btcusdt@trade` and `@aggTrade` alike); once,
    /// bare (`nil`), on `/ws/…`; not at all when it was not subscribed.
    func wrappers(of stream: BinanceStreamRequest.Stream) -> [String?] {
        let names = binanceStreams.filter { $0.value == stream }.map(\.key).sorted()
        guard !names.isEmpty else { return [] }
        return isCombined ? names : [nil]
    }

    /// Whether events go out wrapped with their stream's name (`/stream`).
    var isCombined: Bool {
        if case .binance(combined: true) = dialect { true } else { false }
    }
}
