import MarketCore
import MarketSim
import MarketWire
import NIOCore
import NIOWebSocket

/// What clients send: Bithumb 2.0 and Upbit requests (which replace the subscription and are
/// answered with snapshots), `PING`, and legacy filters (one per stream type, each acknowledged).
extension DemoMarket {
    /// Handles one message from client `id`.
    func receive(_ message: ByteBuffer, from id: Int) {
        guard var client = clients[id] else { return }
        let now = clock.monotonicNow()
        client.lastHeard = now
        defer {
            client.flush()
            clients[id] = client
        }
        if case .binance = client.dialect {
            receiveBinance(message, client: &client)
            return
        }
        if let profile = client.dialect.upbitFamilyProfile {
            let wire = encoder(for: profile)
            if message.readableBytesView.elementsEqual("PING".utf8) {
                client.send(ByteBuffer(bytes: wire.heartbeatFrame()))
                client.nextHeartbeat = client.nextHeartbeat ?? now.advanced(by: .seconds(10))
                return
            }
            let request = message.withUnsafeReadableBytes { StreamRequest.read($0) }
            switch request {
            case .success(let request):
                subscribe(&client, to: request, profile: profile)
            case .failure(let rejection):
                client.send(ByteBuffer(bytes: wire.errorFrame(name: rejection.name, message: rejection.message)))
                client.close(.normalClosure, reason: nil)
            }
            return
        }
        guard let filter = message.withUnsafeReadableBytes({ LegacyFilter.read($0) }) else {
            client.send(ByteBuffer(bytes: legacyEncoder.invalidFilterFrame()))
            return
        }
        let feed: Feed =
            switch filter.kind {
            case .ticker: .ticker
            case .transaction: .trades
            case .orderbookdepth: .book
            case .orderbooksnapshot: .bookSnapshot
            }
        client.markets[feed] = Set(filter.markets)
        if filter.kind == .ticker { client.tickerBases = filter.changeBases }
        client.send(ByteBuffer(bytes: legacyEncoder.filterRegisteredFrame()))
    }

    /// Replaces the client's subscription with `request` and sends its snapshots.
    private func subscribe(_ client: inout StreamClient, to request: StreamRequest, profile: UpbitFamilyProfile) {
        client.markets = [:]
        client.style = request.style
        client.depths = [:]
        for stream in request.streams {
            let feed: Feed =
                switch stream.kind {
                case .ticker: .ticker
                case .trade: .trades
                case .orderbook: .book
                }
            if !stream.onlyRealtime {
                for market in stream.markets {
                    if let frame = snapshotFrame(
                        of: stream.kind, for: market, depth: stream.depths[market], style: request.style, profile: profile)
                    {
                        client.send(frame)
                    }
                }
            }
            if !stream.onlySnapshot {
                client.markets[feed, default: []].formUnion(stream.markets)
                client.depths.merge(stream.depths) { _, new in new }
            }
        }
    }

    /// The `SNAPSHOT` frame a subscription starts with, when the market exists and has one.
    private func snapshotFrame(
        of kind: StreamRequest.Kind, for market: MarketCode, depth: Int?,
        style: UpbitFamilyEncoder.KeyStyle, profile: UpbitFamilyProfile
    ) -> ByteBuffer? {
        let wire = encoder(for: profile)
        guard let simulator = state(of: profile.dialect.exchange) else { return nil }
        switch kind {
        case .ticker:
            return tickerFrame(market, profile: profile, stream: .snapshot, style: style)
        case .orderbook:
            guard let book = simulator.orderBook(for: market) else { return nil }
            return ByteBuffer(bytes: wire.orderBookFrame(book, depth: depth, stream: .snapshot, style: style))
        case .trade:
            guard let trade = simulator.lastTrade(for: market),
                let ticker = simulator.ticker(for: market, change: profile.sessionBasis, session: profile.sessionBasis)
            else { return nil }
            let previousClose = ticker.session?.previousClose ?? ticker.price
            return ByteBuffer(bytes: wire.tradeFrame(trade, previousClose: previousClose, stream: .snapshot, style: style))
        }
    }
}
