import MarketCore

/// The depth view's words.
extension Labels {
    var depth: String { pick("호가 깊이", "Depth") }
    var depthChart: String { pick("누적 호가", "Cumulative depth") }
    var bids: String { pick("매수", "Bids") }
    var asks: String { pick("매도", "Asks") }
    var priceColumn: String { pick("가격", "Price") }
    var sizeColumn: String { pick("수량", "Size") }
    var valueColumn: String { pick("금액", "Value") }
    var cumulativeSizeColumn: String { pick("누적수량", "Cum. size") }
    var cumulativeValueColumn: String { pick("누적금액", "Cum. value") }
    var changeColumn: String { pick("전일대비", "vs close") }
    var imbalance: String { pick("불균형", "Imbalance") }
    var nearMid: String { pick("±1%", "±1%") }
    var impactPrompt: String { pick("시장가 주문 금액(원): ", "Market order in KRW: ") }
    var impactHint: String { pick("예 1000000 · 100만 · 1.5억 · 5m   Enter 계산 · Esc 취소", "e.g. 1000000 · 100만 · 1.5억 · 5m   Enter · Esc cancels") }
    var impactKey: String { pick("i 시장가 영향", "i market impact") }

    func spreadTicks(_ ticks: Int) -> String { pick("\(ticks)틱", ticks == 1 ? "1 tick" : "\(ticks) ticks") }

    func grouping(ticks: Int, bucket: String) -> String {
        ticks == 1 ? pick("묶음 없음 (< >)", "ungrouped (< >)") : pick("묶음 \(ticks)틱 = \(bucket)", "grouped \(ticks) ticks = \(bucket)")
    }

    func notAnAmount(_ text: String) -> String { pick("금액을 읽을 수 없습니다: \(text)", "Not an amount: \(text)") }

    func impactSide(_ direction: MarketImpact.Direction) -> String {
        direction == .buy ? pick("시장가 매수", "Market buy") : pick("시장가 매도", "Market sell")
    }
    var average: String { pick("평균가", "Average") }
    var worst: String { pick("최악가", "Worst") }
    var quantityWord: String { pick("수량", "Quantity") }
    var levelsColumn: String { pick("호가수", "Levels") }
    var slippage: String { pick("슬리피지", "Slippage") }
    var filledWhole: String { pick("전량 체결", "filled whole") }
    var filledShort: String { pick("전량", "full") }
    var tooThinShort: String { pick("부족", "short") }
    func bookTooThin(filled: String) -> String { pick("호가 부족: \(filled)만", "book too thin: \(filled) only") }
    func won(_ amount: String) -> String { pick("\(amount)원", "\(amount) KRW") }
    var nothingToFill: String { pick("호가 없음", "no levels") }
}

/// The detail view's words.
extension Labels {
    func pane(_ pane: DetailPane) -> String {
        switch pane {
        case .book: orderBook
        case .chart: chart
        case .trades: trades
        }
    }
    var open: String { pick("시가", "Open") }
    var previousClose: String { pick("전일종가", "Prev close") }
}

/// The chart cursor's words.
extension Labels {
    var close: String { pick("종가", "Close") }
    var changeWord: String { pick("변동", "Change") }
}
