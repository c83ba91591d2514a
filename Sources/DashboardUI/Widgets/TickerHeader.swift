import MarketCore
import TerminalKit

/// The detail screen's top rows: the market, its price and change, and the session's figures —
/// with a reference, the coin's price on Binance in USDT and in won and its premium.
struct TickerHeader: Widget {
    let market: MarketCode
    let state: UIState
    let theme: Theme

    func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let labels = Labels(language: state.nameLanguage)
        let name = MarketRows.name(of: market, market: state.listing[market], language: state.nameLanguage)
        var x = area.x
        let star = state.favorites.contains(market) ? theme.star : " "
        x += buffer.write(star + " ", x: x, y: area.y, limit: area.maxX - x, style: Style.plain.foreground(.yellow))
        if state.board.isComparing {
            x += buffer.write("[\(labels.exchangeName(state.exchange))] ", x: x, y: area.y, limit: area.maxX - x, style: theme.header.bold)
        }
        x += buffer.write("\(name) \(market.base)/\(market.quote)  ", x: x, y: area.y, limit: area.maxX - x, style: theme.header)
        guard let ticker = state.snapshot.tickers[market] else { return }
        let style = theme.style(for: ticker.change.direction)
        let flash = state.flashes[market].map { theme.style(for: $0.move) }
        x += buffer.write(DisplayFormat.price(ticker.price), x: x, y: area.y, limit: area.maxX - x, style: (flash ?? style).bold)
        let change =
            "  \(theme.arrow(for: ticker.change.direction))\(DisplayFormat.percent(ticker.change.rate)) "
            + "\(DisplayFormat.signedAmount(ticker.change.signedAmount))  \(labels.change(basis: ticker.change.basis))"
        buffer.write(change, x: x, y: area.y, limit: area.maxX - x, style: style)
        guard area.height > 1 else { return }
        var figures: [(text: String, keep: Int)] = []
        if let session = ticker.session {
            figures.append(("\(labels.open) \(DisplayFormat.price(session.open))", 3))
            figures.append(("\(labels.high) \(DisplayFormat.price(session.high))", 5))
            figures.append(("\(labels.low) \(DisplayFormat.price(session.low))", 5))
        }
        figures.append(("\(labels.previousClose) \(DisplayFormat.price(ticker.referencePrice))", 4))
        if let volume = ticker.volume24h { figures.append(("\(labels.volume) \(DisplayFormat.quantity(volume))", 1)) }
        if let value = ticker.tradeValue24h { figures.append(("\(labels.tradeValue) \(DisplayFormat.millions(value))", 2)) }
        if let other = state.board.exchanges.first(where: { $0 != state.exchange }), let price = state.board[other].tickers[market]?.price {
            let gap = state.board.gap(of: market)?.gapPercent.map {
                " \(labels.gapPercentColumn) \(DisplayFormat.signedPercent($0.shifted(byPowerOfTen: -2)))"
            }
            figures.append(("\(labels.exchangeName(other)) \(DisplayFormat.price(price))\(gap ?? "")", 6))
        }
        if let reference = Self.reference(of: market, in: state, labels: labels) { figures.append((reference, 7)) }
        let signals = state.listing[market].map { state.snapshot.signals(for: $0) } ?? MarketSignals()
        if let strength = signals.tradeStrength { figures.append((labels.tradeStrength(strength), 7)) }
        if let transfer = signals.transfer, transfer.deposit == .normal, transfer.withdrawal == .normal {
            figures.append((labels.transfer(transfer), 0))
        }
        if let held = state.holdings.view.markets[market] { figures.append((labels.position(held), 8)) }
        if let updated = Self.updated(market: market, in: state, at: state.now) { figures.append((updated, 6)) }
        var x2 = area.x + 2
        if let notice = Self.notice(signals, labels: labels, at: state.snapshot.capturedAt) {
            x2 += buffer.write(notice + "  ", x: x2, y: area.y + 1, limit: area.maxX - x2, style: theme.warning)
        }
        buffer.write(Self.fitting(figures, columns: area.maxX - x2), x: x2, y: area.y + 1, limit: area.maxX - x2, style: theme.muted)
    }

    /// What the exchange says against trading the market, as one line: halted or delisting, the
    /// warning with its reasons and end, a deposit or withdrawal suspension, a new listing;
    /// `nil` when there is nothing to say.
    static func notice(_ signals: MarketSignals, labels: Labels, at time: Timestamp) -> String? {
        var parts: [String] = []
        if let state = labels.tradingState(signals) { parts.append(state) }
        if let warning = signals.warning { parts.append(labels.warning(warning)) }
        if let transfer = signals.transfer, transfer.deposit == .suspended || transfer.withdrawal == .suspended {
            parts.append(labels.transfer(transfer))
        }
        if signals.isNew(at: time) { parts.append(labels.newListing) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The reference's figures for `market`: its USDT price, that price in won and the premium;
    /// that the reference does not list it; `nil` without a reference.
    static func reference(of market: MarketCode, in state: UIState, labels: Labels) -> String? {
        guard market.isKRW, state.board.reference != nil else { return nil }
        guard let premium = state.board.premium(of: market, on: state.exchange) else {
            let listed = state.board.reference?.tickers[KimchiPremium.referenceMarket(of: market)] != nil
            return listed ? nil : labels.notOnReference
        }
        return labels.referenceLine(
            usdt: DisplayFormat.dollars(premium.referencePrice), won: DisplayFormat.axisPrice(premium.referencePriceKRW),
            premium: premium.premiumPercent.map(DisplayFormat.signedPercentPoints) ?? "—")
    }

    /// How long ago `market`'s ticker arrived, as the header reads at `time`.
    static func updated(market: MarketCode, in state: UIState, at time: Timestamp) -> String? {
        state.snapshot.receivedAt[market].map { received in
            Labels(language: state.nameLanguage).updated(secondsAgo: Double(time.microseconds(since: received)) / 1_000_000)
        }
    }

    /// The figures that fit `columns`, two spaces apart, in order: the ones with the lowest
    /// `keep` go first when they do not all fit (volume, then value, open, previous close…;
    /// how fresh the data is stays).
    static func fitting(_ figures: [(text: String, keep: Int)], columns: Int) -> String {
        var kept = figures.map { (text: $0.text, keep: $0.keep, columns: $0.text.terminalColumns) }
        var width = kept.reduce(0) { $0 + $1.columns } + 2 * (kept.count - 1)
        while kept.count > 1, width > columns, let least = kept.indices.min(by: { kept[$0].keep < kept[$1].keep }) {
            width -= kept[least].columns + 2
            kept.remove(at: least)
        }
        return kept.map { $0.text }.joined(separator: "  ")
    }
}
