import MarketCore
import TerminalKit

extension UIState {
    /// Opens the depth view of `market`, centred and ungrouped.
    mutating func openDepth(of market: MarketCode, returnsToDetail: Bool) {
        screen = .depth(market)
        detail.depth = DepthView(returnsToDetail: returnsToDetail)
    }

    /// The depth view's keys: scroll, recentre, group, chart, market impact, back.
    mutating func handleDepth(_ key: Key, market: MarketCode) -> [UICommand] {
        var view = detail.depth
        let rows = DepthLayout(size: size, view: view).ladderRows
        switch key {
        case .escape where view.impact.isShown:
            view.impact = ImpactPrompt()
        case .escape, .backspace, .character("d"):
            guard !view.returnsToDetail else {
                screen = .detail(market)
                return []
            }
            screen = .markets
            return [.follow(nil, detail.chart.interval)]
        case .down, .character("j"): view.scroll += 1
        case .up, .character("k"): view.scroll -= 1
        case .pageDown: view.scroll += max(1, rows - 1)
        case .pageUp: view.scroll -= max(1, rows - 1)
        case .home, .character("g"): view.scroll = 0
        case .character(">"), .character("."): view.grouping = view.grouping.stepped(by: 1)
        case .character("<"), .character(","): view.grouping = view.grouping.stepped(by: -1)
        case .character("c"): view.showsChart.toggle()
        case .character("i"):
            view.impact.isEditing = true
            view.impact.isInvalid = false
        default:
            return []
        }
        view.scroll = clampedDepthScroll(view, of: market)
        detail.depth = view
        return []
    }

    /// Keys typed into the market-impact prompt: text, Backspace, Enter to compute, Esc to
    /// cancel.
    mutating func handleImpactPrompt(_ key: Key) -> [UICommand] {
        var impact = detail.depth.impact
        switch key {
        case .character(let character):
            guard impact.text.count < ImpactPrompt.maximumLength else { return [] }
            impact.text.append(character)
        case .backspace:
            if !impact.text.isEmpty { impact.text.removeLast() }
        case .enter:
            impact.isEditing = false
            impact.amount = KRWAmount.parse(impact.text)
            impact.isInvalid = impact.amount == nil
        case .escape:
            impact.isEditing = false
        default:
            return []
        }
        detail.depth.impact = impact
        return []
    }

    /// The view's scroll kept where it still shows levels of the book held now.
    private func clampedDepthScroll(_ view: DepthView, of market: MarketCode) -> Int {
        guard let book = snapshot.orderBooks[market] else { return 0 }
        let rows = DepthLayout(size: size, view: view).ladderRows
        return DepthLadder(book: book, grouping: view.grouping).clampedScroll(view.scroll, visible: rows)
    }
}
