import MarketCore
import TerminalKit

/// The order book around the spread: asks above, bids below, each level with price,
/// quantity, a bar scaled to quantity, cumulative size and % from the previous close; the
/// spread and mid price between; the last trade's price marked.
///
/// A level's price, quantity and bar (``LevelInputs``) and its % change (``ChangeInputs``) are
/// drawn from inputs of their own, so either is copied from the previous frame while its
/// inputs hold (``Cache``). The cumulative size between them is drawn every frame: a change
/// near the spread moves every size below it, which a copy would rarely save.
struct DepthPanel: Widget {
    let book: OrderBook?
    /// How far the book can be trusted; shown in the title unless live.
    let bookState: BookState?
    let ticker: Ticker?
    let lastTrade: Trade?
    let labels: Labels
    let theme: Theme

    /// Column widths: the price, the quantity, the cumulative size, the % change.
    static let priceWidth = 13
    static let quantityWidth = 12
    static let cumulativeWidth = 12
    static let percentWidth = 8
    /// The narrowest panels that still show the cumulative size and the % change.
    static let showsCumulativeFromWidth = 58
    static let showsPercentFromWidth = 48

    /// One drawn level with its view-model figures.
    struct Row {
        let side: BookSide
        let level: BookLevel
        let cumulative: ExactDecimal
    }

    /// What a frame keeps for the next: the runs of the levels it drew, by side and price.
    struct Cache: Sendable {
        var levels = RowCache<LevelID, LevelInputs>()
        var changes = RowCache<LevelID, ChangeInputs>()

        /// Ends a frame: see ``RowCache/endFrame()``.
        mutating func endFrame() {
            levels.endFrame()
            changes.endFrame()
        }
    }

    /// A level of the book: its runs are found by it wherever the level moves.
    struct LevelID: Hashable, Sendable {
        var side: BookSide
        var price: ExactDecimal
    }

    /// What the mark, the price, the quantity and the bar show.
    struct LevelInputs: Equatable, Sendable {
        var quantity: ExactDecimal
        var barLength: Int
        var isLast: Bool
        var theme: Theme
    }

    /// What the % change from the previous close shows.
    struct ChangeInputs: Equatable, Sendable {
        var reference: ExactDecimal?
        var theme: Theme
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        var cache = Cache()
        render(in: area, into: &buffer, cache: &cache)
    }

    func render(in area: Rect, into buffer: inout Buffer, cache: inout Cache) {
        guard area.height >= 3 else { return }
        let body = theme.drawTitle(labels.orderBook(bookState), in: area, into: &buffer)
        guard let book, !(book.asks.isEmpty && book.bids.isEmpty) else {
            buffer.write(" " + labels.noBook, x: body.x, y: body.y + body.height / 2, limit: body.width, style: theme.muted)
            return
        }
        let perSide = (body.height - 1) / 2
        let asks = Self.rows(book.asks.prefix(perSide), side: .ask)
        let bids = Self.rows(book.bids.prefix(perSide), side: .bid)
        let largest = (asks + bids).map(\.level.quantity).max() ?? .zero
        let askTop = body.y + perSide - asks.count
        for (index, row) in asks.reversed().enumerated() {
            draw(row, largest: largest, y: askTop + index, in: body, into: &buffer, cache: &cache)
        }
        drawSpread(of: book, y: body.y + perSide, in: body, into: &buffer)
        for (index, row) in bids.enumerated() {
            draw(row, largest: largest, y: body.y + perSide + 1 + index, in: body, into: &buffer, cache: &cache)
        }
    }

    /// Levels best first with their running totals.
    static func rows(_ levels: ArraySlice<BookLevel>, side: BookSide) -> [Row] {
        var total = ExactDecimal.zero
        return levels.map { level in
            total += level.quantity
            return Row(side: side, level: level, cumulative: total)
        }
    }

    private func draw(_ row: Row, largest: ExactDecimal, y: Int, in area: Rect, into buffer: inout Buffer, cache: inout Cache) {
        let style = theme.style(for: row.side)
        let showsTotal = area.width >= Self.showsCumulativeFromWidth
        let showsPercent = area.width >= Self.showsPercentFromWidth
        // The mark, the price and the quantity, each with the space after it.
        let levelColumns = 1 + Self.priceWidth + 1 + Self.quantityWidth + 1
        let fixed = levelColumns + (showsTotal ? Self.cumulativeWidth + 1 : 0) + (showsPercent ? Self.percentWidth + 1 : 0)
        let barWidth = max(0, area.width - fixed)
        let id = LevelID(side: row.side, price: row.level.price)
        var barLength = 0
        if barWidth > 0, largest > .zero {
            let share = row.level.quantity.doubleValue / largest.doubleValue
            barLength = Int(clampingRounded: share * Double(barWidth), to: 1...barWidth)
        }
        let isLast = lastTrade?.price == row.level.price
        let levelRun = Rect(x: area.x, y: y, width: levelColumns + barWidth, height: 1)
        let level = LevelInputs(quantity: row.level.quantity, barLength: barLength, isLast: isLast, theme: theme)
        cache.levels.draw(id, inputs: level, in: levelRun, into: &buffer) { buffer in
            var x = area.x
            x += buffer.write(isLast ? theme.lastTradeMark : " ", x: x, y: y, limit: 1, style: Style.plain.bold)
            x +=
                buffer.write(
                    DisplayFormat.fitted(DisplayFormat.price(row.level.price), toColumns: Self.priceWidth), x: x, y: y,
                    rightAlignedIn: Self.priceWidth, style: isLast ? style.bold.underlined : style) + 1
            x +=
                buffer.write(
                    DisplayFormat.fitted(DisplayFormat.quantity(row.level.quantity), toColumns: Self.quantityWidth), x: x, y: y,
                    rightAlignedIn: Self.quantityWidth) + 1
            if barLength > 0 {
                buffer.fill(Rect(x: x, y: y, width: barLength, height: 1), with: theme.bar, style: style.dim)
            }
        }
        var x = levelRun.maxX
        if showsTotal {
            x +=
                buffer.write(
                    DisplayFormat.fitted(DisplayFormat.quantity(row.cumulative), toColumns: Self.cumulativeWidth), x: x, y: y,
                    rightAlignedIn: Self.cumulativeWidth, style: theme.muted) + 1
        }
        if showsPercent {
            let changeRun = Rect(x: x, y: y, width: Self.percentWidth, height: 1)
            let reference = ticker?.referencePrice
            cache.changes.draw(id, inputs: ChangeInputs(reference: reference, theme: theme), in: changeRun, into: &buffer) { buffer in
                guard let reference, let change = (row.level.price - reference).divided(by: reference) else { return }
                buffer.write(
                    DisplayFormat.fitted(DisplayFormat.signedPercent(change), toColumns: Self.percentWidth), x: changeRun.x, y: y,
                    rightAlignedIn: Self.percentWidth,
                    style: theme.style(for: change.isZero ? .even : (change.isNegative ? .fall : .rise)))
            }
        }
    }

    private func drawSpread(of book: OrderBook, y: Int, in area: Rect, into buffer: inout Buffer) {
        var text = " \(labels.spread) "
        if let spread = book.spread, let bid = book.bestBid, let ask = book.bestAsk {
            let mid = (bid.price + ask.price).divided(by: 2) ?? bid.price
            let rate = spread.divided(by: mid).map { " (\(DisplayFormat.percent($0)))" } ?? ""
            text += "\(DisplayFormat.price(spread))\(rate)  \(labels.mid) \(DisplayFormat.price(mid)) "
        } else {
            text += "- "
        }
        buffer.fill(Rect(x: area.x, y: y, width: max(0, area.width), height: 1), with: theme.horizontalRule, style: theme.muted)
        buffer.write(text, x: area.x + 1, y: y, limit: area.width - 1, style: theme.header)
    }
}
