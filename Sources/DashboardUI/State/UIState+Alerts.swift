public import MarketCore
import TerminalKit

/// Price alerts: added with `a`, listed, edited, armed again and deleted with `A`, checked
/// against every snapshot.
extension UIState {
    /// The favorites and alerts, as saved.
    public var watchlist: Watchlist { Watchlist(favorites: favorites, alerts: alerts) }

    /// Opens the prompt for a new alert on the market in view.
    mutating func openAlertPrompt() -> [UICommand] {
        guard hasLoadedFavorites, let market = focusedMarket ?? selection else { return [] }
        setAlertPrompt(AlertPrompt(market: market))
        return []
    }

    mutating func handleAlertPrompt(_ key: Key) -> [UICommand] {
        guard var prompt = alertPrompt else { return [] }
        switch key {
        case .character(let character):
            guard prompt.text.count < AlertInput.maximumLength else { return [] }
            prompt.text.append(character)
            prompt.isInvalid = false
        case .backspace:
            if !prompt.text.isEmpty { prompt.text.removeLast() }
            prompt.isInvalid = false
        case .escape:
            setAlertPrompt(nil)
            return []
        case .enter:
            guard let condition = AlertInput.parse(prompt.text, price: alertSnapshot.tickers[prompt.market]?.price) else {
                prompt.isInvalid = true
                setAlertPrompt(prompt)
                return []
            }
            var updated = alerts
            if let id = prompt.editing, let index = updated.firstIndex(where: { $0.id == id }) {
                updated[index] = PriceAlert(id: id, market: prompt.market, condition: condition)
            } else {
                updated.append(PriceAlert(id: newAlertID(for: prompt.market), market: prompt.market, condition: condition))
            }
            setAlerts(updated)
            setAlertPrompt(nil)
            return [.saveWatchlist(watchlist)] + checkAlerts()
        default:
            return []
        }
        setAlertPrompt(prompt)
        return []
    }

    /// An id no alert has: the time and the market, numbered when that is taken. Ids made by
    /// two instances at the same microsecond for the same market would merge as one alert.
    private func newAlertID(for market: MarketCode) -> String {
        let base = "\(now.microseconds)-\(market.code)"
        var id = base
        var number = 2
        while alerts.contains(where: { $0.id == id }) {
            id = "\(base)-\(number)"
            number += 1
        }
        return id
    }

    mutating func handleAlertList(_ key: Key) -> [UICommand] {
        let index = min(alertSelection, max(0, alerts.count - 1))
        switch key {
        case .escape, .character("A"), .character("q"):
            setShowsAlerts(false)
        case .up, .character("k"):
            setAlertSelection(max(0, index - 1))
        case .down, .character("j"):
            setAlertSelection(min(max(0, alerts.count - 1), index + 1))
        case .character("x"), .character("d"):
            guard alerts.indices.contains(index) else { return [] }
            var updated = alerts
            updated.remove(at: index)
            setAlerts(updated)
            setAlertSelection(min(index, max(0, updated.count - 1)))
            return [.saveWatchlist(watchlist)]
        case .character("r"):
            guard alerts.indices.contains(index), !alerts[index].isArmed else { return [] }
            var updated = alerts
            updated[index].firedAt = nil
            setAlerts(updated)
            return [.saveWatchlist(watchlist)] + checkAlerts()
        case .enter, .character("e"):
            guard alerts.indices.contains(index) else { return [] }
            let alert = alerts[index]
            setShowsAlerts(false)
            setAlertPrompt(AlertPrompt(market: alert.market, text: AlertInput.text(of: alert.condition), editing: alert.id))
        default:
            break
        }
        return []
    }

    /// Fires every armed alert whose condition the latest prices meet: each fires once, is
    /// announced in the status bar and rings the bell (when the settings say so), and the
    /// watchlist is saved with the time it fired.
    mutating func checkAlerts() -> [UICommand] {
        recordPricesForMoveAlerts()
        var fired: [PriceAlert] = []
        var updated = alerts
        for index in updated.indices where updated[index].isArmed {
            let alert = updated[index]
            guard let price = alertSnapshot.tickers[alert.market]?.price else { continue }
            var window: [ExactDecimal] = []
            if case .move(_, let minutes) = alert.condition {
                let since = PriceSample.second(of: now) - Int64(minutes) * 60
                for sample in priceSamples[alert.market] ?? [] where sample.second > since {
                    window += [sample.low, sample.high]
                }
            }
            guard alert.isMet(price: price, window: window) else { continue }
            updated[index].firedAt = now
            fired.append(updated[index])
        }
        guard !fired.isEmpty else { return [] }
        setAlerts(updated)
        let labels = Labels(language: nameLanguage)
        let names = fired.map { alert in
            let name = MarketRows.name(of: alert.market, market: listing[alert.market], language: nameLanguage)
            let price = alertSnapshot.tickers[alert.market].map { DisplayFormat.price($0.price) } ?? "-"
            return "\(name) \(labels.condition(alert.condition)) (\(price))"
        }
        setNotice(labels.alertFired(at: now) + " " + names.joined(separator: ", "))
        return [.saveWatchlist(watchlist)] + (settings.ringsBellOnAlert ? [.ringBell] : [])
    }

    /// Keeps, for each market with an armed move alert, the low and high price of each second
    /// of its longest window: at most 60 samples a minute watched, 3,600 a market.
    private mutating func recordPricesForMoveAlerts() {
        var windows: [MarketCode: Int] = [:]
        for alert in alerts where alert.isArmed {
            if case .move(_, let minutes) = alert.condition { windows[alert.market] = max(windows[alert.market] ?? 0, minutes) }
        }
        var samples = priceSamples.filter { windows[$0.key] != nil }
        let second = PriceSample.second(of: now)
        for (market, minutes) in windows {
            guard let price = alertSnapshot.tickers[market]?.price else { continue }
            var kept = samples[market] ?? []
            kept.removeAll { $0.second <= second - Int64(minutes) * 60 }
            if let last = kept.last, last.second == second {
                kept[kept.count - 1].include(price)
            } else {
                kept.append(PriceSample(second: second, low: price, high: price))
            }
            samples[market] = kept
        }
        setPriceSamples(samples)
    }
}

/// The lowest and highest price seen in one second, for move alerts.
struct PriceSample: Sendable, Hashable {
    /// Seconds since the epoch.
    let second: Int64
    private(set) var low: ExactDecimal
    private(set) var high: ExactDecimal

    mutating func include(_ price: ExactDecimal) {
        low = min(low, price)
        high = max(high, price)
    }

    /// The whole second `time` falls in.
    static func second(of time: Timestamp) -> Int64 {
        time.floored(toMultipleOf: 1_000_000).microseconds / 1_000_000
    }
}

extension UIState {
    /// The prices alerts watch: the first exchange's (Bithumb's when it is followed), whichever
    /// exchange is shown, so a move alert never mixes two exchanges' prices.
    var alertSnapshot: MarketSnapshot { board.primary }
}
