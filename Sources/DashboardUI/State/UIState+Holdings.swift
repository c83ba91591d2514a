import MarketCore
import TerminalKit

/// Holdings: entered with `h` on any market (in the table or its detail view), read from the
/// exchanges' accounts with `U` on the 보유 tab, shown in that tab. ``HoldingsState`` keeps them; this routes keys to it and says what the rest of the app
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

    /// Reads every account the app can (`U` on the 보유 tab), unless a read is under way.
    mutating func readAccounts() -> [UICommand] {
        guard holdings.hasLoaded, holdings.reading.isEmpty else { return [] }
        let labels = Labels(language: nameLanguage)
        guard !settings.readableAccounts.isEmpty else {
            setNotice(labels.noAccountToRead)
            return []
        }
        holdings.reading = Set(settings.readableAccounts)
        setNotice(labels.readingAccounts(settings.readableAccounts))
        return [.readAccounts]
    }

    /// Keeps an account just read in place of that exchange's last, and saves it.
    mutating func takeAccount(_ read: AccountRead) -> [UICommand] {
        holdings.reading.remove(read.exchange)
        setNotice(Labels(language: nameLanguage).accountRead(read))
        guard holdings.hasLoaded else { return [] }
        var next = holdings.holdings
        next.accounts[read.exchange] = read
        setHoldings(next)
        return [.saveHoldings(next)]
    }
}
