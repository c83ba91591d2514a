public import MarketCore
import TerminalKit

/// Price alerts: added with `a`, listed, edited, armed again and deleted with `A`, checked
/// against every snapshot. ``AlertsState`` keeps them; this routes keys to it and says what
/// the rest of the app must do.
extension UIState {
    /// The favorites and alerts, as saved.
    public var watchlist: Watchlist { Watchlist(favorites: favorites, alerts: alerts.all) }

    /// The prices alerts watch: the first exchange's (Bithumb's when it is followed), whichever
    /// exchange is shown, so a move alert never mixes two exchanges' prices.
    var alertSnapshot: MarketSnapshot { board.primary }

    /// Opens the prompt for a new alert on the market in view.
    mutating func openAlertPrompt() -> [UICommand] {
        guard hasLoadedFavorites, let market = focusedMarket ?? table.selection else { return [] }
        alerts.openPrompt(for: market)
        return []
    }

    mutating func handleAlertPrompt(_ key: Key) -> [UICommand] {
        let market = alerts.prompt?.market
        let price = market.flatMap { alertSnapshot.tickers[$0]?.price }
        return commands(for: alerts.handlePromptKey(key, price: price, now: now))
    }

    mutating func handleAlertList(_ key: Key) -> [UICommand] {
        commands(for: alerts.handleListKey(key))
    }

    private mutating func commands(for outcome: AlertsState.Outcome) -> [UICommand] {
        switch outcome {
        case .unchanged: []
        case .changed: [.saveWatchlist(watchlist)]
        case .armed: [.saveWatchlist(watchlist)] + checkAlerts()
        }
    }

    /// Fires every armed alert whose condition the latest prices meet: each fires once, is
    /// announced in the status bar and rings the bell (when the settings say so), and the
    /// watchlist is saved with the time it fired.
    mutating func checkAlerts() -> [UICommand] {
        let fired = alerts.fire(at: now, prices: alertSnapshot)
        guard !fired.isEmpty else { return [] }
        let labels = Labels(language: nameLanguage)
        let names = fired.map { alert in
            let name = MarketRows.name(of: alert.market, market: listing[alert.market], language: nameLanguage)
            let price = alertSnapshot.tickers[alert.market].map { DisplayFormat.price($0.price) } ?? "-"
            return "\(name) \(labels.condition(alert.condition)) (\(price))"
        }
        setNotice(labels.alertFired(at: now) + " " + names.joined(separator: ", "))
        return [.saveWatchlist(watchlist)] + (settings.ringsBellOnAlert ? [.ringBell] : [])
    }
}
