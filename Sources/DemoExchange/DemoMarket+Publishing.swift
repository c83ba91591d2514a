import MarketCore
import MarketSim
import MarketWire
import NIOCore

/// Turning one simulated order's events into each subscribed client's frames. Every frame is
/// encoded at most once per order and shared by the clients that want it.
extension DemoMarket {
    /// Publishes the events of one order on `exchange` to its clients: trades, the book change
    /// and the ticker after them.
    func publish(_ events: [MarketEvent], on exchange: Exchange) {
        let ticker = events.lazy.compactMap { event -> Ticker? in
            if case .ticker(let ticker) = event { return ticker }
            return nil
        }.first
        for event in events {
            switch event {
            case .trades(let trades): publish(trades, previousClose: ticker?.session?.previousClose, on: exchange)
            case .orderBookDelta(let delta): publish(delta, on: exchange)
            case .ticker(let ticker): publish(ticker, on: exchange)
            default: break
            }
        }
    }

    private func publish(_ trades: [Trade], previousClose: ExactDecimal?, on exchange: Exchange) {
        guard let market = trades.first?.market else { return }
        if exchange == .bithumb { publishReferenceTrades(trades) }
        let previousPrice = exchange == .bithumb ? lastTradePrice[market] : nil
        if exchange == .bithumb { lastTradePrice[market] = trades.last?.price }
        let close = previousClose ?? previousPrice ?? trades[0].price
        // Upbit quotes the close before its own day; worked out once, and only for an Upbit client.
        lazy var upbitClose = upbitPreviousClose(market) ?? close
        var sharedFrames: [StreamDialect: [ByteBuffer]] = [:]
        var legacyFrame: ByteBuffer?
        for id in clients.keys {
            guard let client = clients[id], client.dialect.exchange == exchange, client.wants(.trades, market) else { continue }
            guard let profile = client.dialect.upbitFamilyProfile else {
                let frame =
                    legacyFrame
                    ?? ByteBuffer(
                        bytes: legacyEncoder.transactionFrame(
                            trades, previousPrices: previousPrice.map { [market: $0] } ?? [:]))
                legacyFrame = frame
                clients[id]?.send(frame)
                continue
            }
            let shared = client.style == .default
            let quoted = profile.dialect == .upbit ? upbitClose : close
            let frames =
                (shared ? sharedFrames[client.dialect] : nil)
                ?? trades.map {
                    ByteBuffer(
                        bytes: encoder(for: profile).tradeFrame($0, previousClose: quoted, stream: .realtime, style: client.style))
                }
            if shared { sharedFrames[client.dialect] = frames }
            for frame in frames { clients[id]?.send(frame) }
        }
    }

    /// The close before Upbit's day (00:00 UTC), which its trade frames quote.
    private func upbitPreviousClose(_ market: MarketCode) -> ExactDecimal? {
        state(of: .upbit)?.ticker(for: market, change: .sinceMidnightUTC, session: .sinceMidnightUTC)?.session?.previousClose
    }

    private func publish(_ delta: OrderBookDelta, on exchange: Exchange) {
        let market = delta.market
        guard let book = state(of: exchange)?.orderBook(for: market) else { return }
        let snapshotDue = lastBookSnapshot[market].map { delta.timestamp.microseconds - $0.microseconds >= 200_000 } ?? true
        var snapshotSent = false
        var sharedFrames: [StreamDialect: ByteBuffer] = [:]
        var depthFrame: ByteBuffer?
        var snapshotFrame: ByteBuffer?
        for id in clients.keys {
            guard let client = clients[id], client.dialect.exchange == exchange else { continue }
            if client.wants(.book, market) {
                if let profile = client.dialect.upbitFamilyProfile {
                    let depth = client.depths[market]
                    if client.style == .default, depth == nil {
                        let frame =
                            sharedFrames[client.dialect]
                            ?? ByteBuffer(bytes: encoder(for: profile).orderBookFrame(book, stream: .realtime))
                        sharedFrames[client.dialect] = frame
                        clients[id]?.send(frame)
                    } else {
                        clients[id]?.send(
                            ByteBuffer(
                                bytes: encoder(for: profile).orderBookFrame(
                                    book, depth: depth, stream: .realtime, style: client.style)))
                    }
                } else {
                    let frame = depthFrame ?? ByteBuffer(bytes: legacyEncoder.orderBookDepthFrame(delta))
                    depthFrame = frame
                    clients[id]?.send(frame)
                }
            }
            if snapshotDue, client.wants(.bookSnapshot, market) {
                let frame = snapshotFrame ?? ByteBuffer(bytes: legacyEncoder.orderBookSnapshotFrame(book))
                snapshotFrame = frame
                snapshotSent = true
                clients[id]?.send(frame)
            }
        }
        if snapshotSent { lastBookSnapshot[market] = delta.timestamp }
    }

    private func publish(_ ticker: Ticker, on exchange: Exchange) {
        let market = ticker.market
        var sharedFrames: [StreamDialect: ByteBuffer] = [:]
        var legacyFrames: [ChangeBasis: ByteBuffer] = [:]
        for id in clients.keys {
            guard let client = clients[id], client.dialect.exchange == exchange, client.wants(.ticker, market) else { continue }
            guard let profile = client.dialect.upbitFamilyProfile else {
                for basis in client.tickerBases {
                    let frame = legacyFrames[basis] ?? legacyTickerFrame(market, basis: basis)
                    legacyFrames[basis] = frame
                    if let frame { clients[id]?.send(frame) }
                }
                continue
            }
            let shared = client.style == .default
            let frame: ByteBuffer?
            if shared, let cached = sharedFrames[client.dialect] {
                frame = cached
            } else if profile.dialect == .bithumb {
                // The order's own ticker is Bithumb's day; Upbit's is another window.
                frame = tickerFrame(ticker, profile: profile, stream: .realtime, style: client.style)
            } else {
                frame = tickerFrame(market, profile: profile, stream: .realtime, style: client.style)
            }
            if shared { sharedFrames[client.dialect] = frame }
            if let frame { clients[id]?.send(frame) }
        }
    }

    /// A 2.0-style ticker frame of `market` on the profile's day, with the last trade's size and side.
    func tickerFrame(
        _ market: MarketCode, profile: UpbitFamilyProfile, stream: UpbitFamilyEncoder.StreamType,
        style: UpbitFamilyEncoder.KeyStyle
    ) -> ByteBuffer? {
        state(of: profile.dialect.exchange)?.ticker(for: market, change: profile.sessionBasis, session: profile.sessionBasis).map {
            tickerFrame($0, profile: profile, stream: stream, style: style)
        }
    }

    /// `ticker` as a 2.0-style ticker frame, with the last trade's size and side.
    private func tickerFrame(
        _ ticker: Ticker, profile: UpbitFamilyProfile, stream: UpbitFamilyEncoder.StreamType,
        style: UpbitFamilyEncoder.KeyStyle
    ) -> ByteBuffer {
        let details = UpbitFamilyEncoder.TickerDetails(
            lastTrade: state(of: profile.dialect.exchange)?.lastTrade(for: ticker.market))
        return ByteBuffer(bytes: encoder(for: profile).tickerFrame(ticker, details: details, stream: stream, style: style))
    }

    /// A legacy ticker frame over the window of `basis`, its volume split by side in the
    /// proportion of the session's flow.
    func legacyTickerFrame(_ market: MarketCode, basis: ChangeBasis) -> ByteBuffer? {
        guard let ticker = state(of: .bithumb)?.ticker(for: market, change: basis, session: basis) else { return nil }
        let volume = ticker.session?.volume ?? .zero
        let flow = ticker.flow
        let total = (flow?.buyVolume ?? .zero) + (flow?.sellVolume ?? .zero)
        let share = total.isZero ? .zero : ((flow?.buyVolume ?? .zero).divided(by: total) ?? .zero)
        let bought = (volume * share).rounded(toFractionDigits: 8)
        return ByteBuffer(bytes: legacyEncoder.tickerFrame(ticker, buyVolume: bought, sellVolume: volume - bought))
    }
}
