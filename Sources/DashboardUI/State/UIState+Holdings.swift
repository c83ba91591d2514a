import MarketCore
import TerminalKit

/// Holdings: entered with `h` on any market (in the table or its detail view), shown in the 보유
/// tab. ``HoldingsState`` keeps them; this routes keys to it and says what the rest of the app
/// must do.
extension UIState {
    /// Opens the holdings line for the market in view, on the exchange shown.
    mutating func openHoldingsPrompt() -> [UICommand] {
        guard holdings.hasLoaded, let market = focusedMarket ?? table.selection else { return [] }
        holdings.prompt = HoldingsPrompt(market: market, exchange: exchange)
        return []
    }

    mutating func handleHoldingsPrompt(_ key: Key) -> [UICommand] {
        guard let prompt = holdings.prompt else { return [] }
        let price = board.exchanges.contains(prompt.exchange) ? board[prompt.exchange].tickers[prompt.market]?.price : nil
        switch holdings.handlePromptKey(key, price: price, labels: Labels(language: nameLanguage), now: now) {
        case .unchanged:
            return []
        case .changed:
            setHoldings(holdings.holdings)
            return [.saveHoldings(holdings.holdings)]
        }
    }
}
