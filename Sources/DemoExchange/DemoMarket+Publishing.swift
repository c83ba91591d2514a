import MarketCore
import MarketSim
import MarketWire
import NIOCore

/// Turning one simulated order's events into each subscribed client's frames. Every frame is
/// encoded at most once per order and shared by the clients that want it.
extension DemoMarket {
    /// Publishes the events of one order: trades, the book change and the ticker after them.
    func publish(_ events: [MarketEvent]) {
        let ticker = events.lazy.compactMap { event -> Ticker? in
            if case .ticker(let ticker) = event { return ticker }
            return nil
        }.first
        for event in events {
            switch event {
            case .trades(let trades): publish(trades, previousClose: ticker?.session?.previousClose)
            case .orderBookDelta(let delta): publish(delta)
            case .ticker(let ticker): publish(ticker)
            default: break
            }
        }
    }

    private func publish(_ trades: [Trade], previousClose: ExactDecimal?) {
        guard let market = trades.first?.market else { return }
        let previousPrice = lastTradePrice[market]
        lastTradePrice[market] = trades.last?.price
        let close = previousClose ?? previousPrice ?? trades[0].price
        var bithumbFrames: [ByteBuffer]?
        var legacyFrame: ByteBuffer?
        for id in clients.keys {
            guard let client = clients[id], client.wants(.trades, market) else { continue }
            switch client.dialect {
            case .bithumb:
                let frames =
                    (client.style == .default ? bithumbFrames : nil)
                    ?? trades.map {
                        ByteBuffer(
                            bytes: bithumbEncoder.tradeFrame(
                                $0, previousClose: close, stream: .realtime,
                                style: client.style))
                    }
                if client.style == .default { bithumbFrames = frames }
                for frame in frames { clients[id]?.send(frame) }
            case .legacy:
                let frame =
                    legacyFrame
                    ?? ByteBuffer(
                        bytes: legacyEncoder.transactionFrame(
                            trades, previousPrices: previousPrice.map { [market: $0] } ?? [:]))
                legacyFrame = frame
                clients[id]?.send(frame)
            }
        }
    }

    private func publish(_ delta: OrderBookDelta) {
        let market = delta.market
        guard let book = simulator.orderBook(for: market) else { return }
        let snapshotDue = lastBookSnapshot[market].map { delta.timestamp.microseconds - $0.microseconds >= 200_000 } ?? true
        var snapshotSent = false
        var bithumbFrame: ByteBuffer?
        var depthFrame: ByteBuffer?
        var snapshotFrame: ByteBuffer?
        for id in clients.keys {
            guard let client = clients[id] else { continue }
            if client.wants(.book, market) {
                switch client.dialect {
                case .bithumb:
                    let depth = client.depths[market]
                    if client.style == .default, depth == nil {
                        let frame = bithumbFrame ?? ByteBuffer(bytes: bithumbEncoder.orderBookFrame(book, stream: .realtime))
                        bithumbFrame = frame
                        clients[id]?.send(frame)
                    } else {
                        clients[id]?.send(
                            ByteBuffer(
                                bytes: bithumbEncoder.orderBookFrame(
                                    book, depth: depth, stream: .realtime, style: client.style)))
                    }
                case .legacy:
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

    private func publish(_ ticker: Ticker) {
        let market = ticker.market
        var bithumbFrame: ByteBuffer?
        var legacyFrames: [ChangeBasis: ByteBuffer] = [:]
        for id in clients.keys {
            guard let client = clients[id], client.wants(.ticker, market) else { continue }
            switch client.dialect {
            case .bithumb:
                if client.style == .default {
                    let frame = bithumbFrame ?? bithumbTickerFrame(ticker, stream: .realtime, style: .default)
                    bithumbFrame = frame
                    clients[id]?.send(frame)
                } else {
                    clients[id]?.send(bithumbTickerFrame(ticker, stream: .realtime, style: client.style))
                }
            case .legacy:
                for basis in client.tickerBases {
                    let frame = legacyFrames[basis] ?? legacyTickerFrame(market, basis: basis)
                    legacyFrames[basis] = frame
                    if let frame { clients[id]?.send(frame) }
                }
            }
        }
    }

    /// A Bithumb 2.0 ticker frame with the last trade's size and side.
    func bithumbTickerFrame(
        _ ticker: Ticker, stream: UpbitFamilyEncoder.StreamType,
        style: UpbitFamilyEncoder.KeyStyle
    ) -> ByteBuffer {
        let details = UpbitFamilyEncoder.TickerDetails(lastTrade: simulator.lastTrade(for: ticker.market))
        return ByteBuffer(bytes: bithumbEncoder.tickerFrame(ticker, details: details, stream: stream, style: style))
    }

    /// A legacy ticker frame over the window of `basis`, its volume split by side in the
    /// proportion of the session's flow.
    func legacyTickerFrame(_ market: MarketCode, basis: ChangeBasis) -> ByteBuffer? {
        guard let ticker = simulator.ticker(for: market, change: basis, session: basis) else { return nil }
        let volume = ticker.session?.volume ?? .zero
        let flow = ticker.flow
        let total = (flow?.buyVolume ?? .zero) + (flow?.sellVolume ?? .zero)
        let share = total.isZero ? .zero : ((flow?.buyVolume ?? .zero).divided(by: total) ?? .zero)
        let bought = (volume * share).rounded(toFractionDigits: 8)
        return ByteBuffer(bytes: legacyEncoder.tickerFrame(ticker, buyVolume: bought, sellVolume: volume - bought))
    }
}
