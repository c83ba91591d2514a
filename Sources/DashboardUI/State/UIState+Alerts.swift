public import MarketCore
import TerminalKit

/// Price alerts: added with `a`, listed, edited, armed again and deleted with `A`, checked
/// against every snapshot. ``AlertsState`` keeps them; this routes keys to it and says what
/// the rest of the app must do.
extension UIState {
    /// The favorites and alerts, as saved.
    public var watchlist: Watchlist { Watchlist(favorites: favorites, alerts: alerts.all) }

    /// Opens the prompt for a new alert on the market in view.
    mutating func openAlertPrompt() -> [UICommand] {
        guard hasLoadedFavorites, let market = focusedMarket ?? table.selection else { return [] }
        alerts.openPrompt(for: market)
        return []
    }

    mutating func handleAlertPrompt(_ key: Key) -> [UICommand] {
        let market = alerts.prompt?.market
        let price = market.flatMap { board[exchange].tickers[$0]?.price }
        return commands(for: alerts.handlePromptKey(key, price: price, exchange: exchange, now: now))
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

    /// Fires every armed alert whose condition the latest prices meet on its exchange (a move
    /// alert never mixes two exchanges' prices): each fires once, is announced in the status
    /// bar with its exchange when several are followed, and rings the bell (when the settings
    /// say so), and the watchlist is saved with the time it fired.
    mutating func checkAlerts() -> [UICommand] {
        let fired = alerts.fire(at: now, board: board)
        guard !fired.isEmpty else { return [] }
        let labels = Labels(language: nameLanguage)
        let names = fired.map { alert in
            let exchange = AlertsState.exchange(of: alert, on: board)
            let name = MarketRows.name(of: alert.market, market: listing[alert.market], language: nameLanguage)
            let place = board.isComparing ? "[\(labels.exchangeName(exchange))] " : ""
            let figure =
                alert.condition.isOnPremium
                ? board.premium(of: alert.market, on: exchange)?.premiumPercent.map {
                    labels.premiumColumn + " " + DisplayFormat.signedPercentPoints($0)
                }
                : board[exchange].tickers[alert.market].map { DisplayFormat.price($0.price) }
            return "\(place)\(name) \(labels.condition(alert.condition)) (\(figure ?? "-"))"
        }
        setNotice(labels.alertFired(at: now) + " " + names.joined(separator: ", "))
        return [.saveWatchlist(watchlist)] + (settings.ringsBellOnAlert ? [.ringBell] : [])
    }
}
