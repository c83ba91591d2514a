public import MarketCore
import TerminalKit

/// The price alerts and what shows them: the alerts in the order added, the prompt that adds
/// or edits one, the list, and the prices move alerts watch. Its keys change only this; what
/// the rest of the dashboard must do about it comes back as an ``Outcome``.
public struct AlertsState: Sendable, Equatable {
    /// What a key did to the alerts.
    enum Outcome: Sendable, Equatable {
        /// Nothing the watchlist keeps changed.
        case unchanged
        /// The alerts changed: save them.
        case changed
        /// An alert was added, edited or armed again: save them, and check it at once.
        case armed
    }

    /// The alerts, in the order they were added, each id once.
    public internal(set) var all: [PriceAlert] = []
    /// The alert being typed, if the prompt is open.
    public internal(set) var prompt: AlertPrompt?
    /// Whether the alert list is shown.
    public internal(set) var showsList = false
    /// The highlighted row of the alert list.
    public internal(set) var listSelection = 0
    /// Recent prices of the markets move alerts watch, on the exchange each watches.
    var priceSamples: [PriceSample.Key: [PriceSample]] = [:]

    /// Replaces the alerts, keeping the first of any id given twice.
    mutating func replace(with alerts: [PriceAlert]) {
        var seen: Set<String> = []
        all = alerts.filter { seen.insert($0.id).inserted }
    }

    /// Opens the prompt for a new alert on `market`.
    mutating func openPrompt(for market: MarketCode) {
        prompt = AlertPrompt(market: market)
    }

    /// Shows the list, its first row highlighted.
    mutating func openList() {
        showsList = true
        listSelection = 0
    }

    /// A key typed into the prompt; `price` is the watched market's last price (a bare price
    /// picks its side from it), `now` names a new alert, which watches `exchange`.
    mutating func handlePromptKey(_ key: Key, price: ExactDecimal?, exchange: Exchange, now: Timestamp) -> Outcome {
        guard var typed = prompt else { return .unchanged }
        switch key {
        case .character(let character):
            guard typed.text.count < AlertInput.maximumLength else { return .unchanged }
            typed.text.append(character)
            typed.isInvalid = false
        case .backspace:
            if !typed.text.isEmpty { typed.text.removeLast() }
            typed.isInvalid = false
        case .escape:
            prompt = nil
            return .unchanged
        case .enter:
            guard let condition = AlertInput.parse(typed.text, price: price) else {
                typed.isInvalid = true
                prompt = typed
                return .unchanged
            }
            if let id = typed.editing, let index = all.firstIndex(where: { $0.id == id }) {
                all[index] = PriceAlert(id: id, market: typed.market, exchange: all[index].exchange, condition: condition)
            } else {
                all.append(
                    PriceAlert(id: newID(for: typed.market, at: now), market: typed.market, exchange: exchange, condition: condition))
            }
            prompt = nil
            return .armed
        default:
            return .unchanged
        }
        prompt = typed
        return .unchanged
    }

    /// A key in the list: move, delete, arm again, edit (which opens the prompt), close.
    mutating func handleListKey(_ key: Key) -> Outcome {
        let index = min(listSelection, max(0, all.count - 1))
        switch key {
        case .escape, .character("A"), .character("q"):
            showsList = false
        case .up, .character("k"):
            listSelection = max(0, index - 1)
        case .down, .character("j"):
            listSelection = min(max(0, all.count - 1), index + 1)
        case .character("x"), .character("d"):
            guard all.indices.contains(index) else { return .unchanged }
            all.remove(at: index)
            listSelection = min(index, max(0, all.count - 1))
            return .changed
        case .character("r"):
            guard all.indices.contains(index), !all[index].isArmed else { return .unchanged }
            all[index].firedAt = nil
            return .armed
        case .enter, .character("e"):
            guard all.indices.contains(index) else { return .unchanged }
            let alert = all[index]
            showsList = false
            prompt = AlertPrompt(market: alert.market, text: AlertInput.text(of: alert.condition), editing: alert.id)
        default:
            break
        }
        return .unchanged
    }

    /// Fires every armed alert whose condition `board` meets at `now` on the alert's exchange
    /// (the first followed for one that names none, or names one not followed), each once: the
    /// alerts fired, marked with the time.
    mutating func fire(at now: Timestamp, board: BoardSnapshot) -> [PriceAlert] {
        recordPricesForMoveAlerts(at: now, board: board)
        var fired: [PriceAlert] = []
        let rate = all.contains { $0.isArmed && $0.condition.isOnPremium } ? board.wonDollarRate?.rate : nil
        for index in all.indices where all[index].isArmed {
            let alert = all[index]
            let exchange = Self.exchange(of: alert, on: board)
            guard let price = board[exchange].tickers[alert.market]?.price else { continue }
            let premium =
                alert.condition.isOnPremium ? rate.flatMap { board.premium(of: alert.market, on: exchange, rate: $0)?.premiumPercent } : nil
            var window: [ExactDecimal] = []
            if case .move(_, let minutes) = alert.condition {
                let since = PriceSample.second(of: now) - Int64(minutes) * 60
                for sample in priceSamples[PriceSample.Key(market: alert.market, exchange: exchange)] ?? [] where sample.second > since {
                    window += [sample.low, sample.high]
                }
            }
            guard alert.isMet(price: price, premium: premium, window: window) else { continue }
            all[index].firedAt = now
            fired.append(all[index])
        }
        return fired
    }

    /// The exchange `alert` watches on `board`: its own while followed, else the first.
    static func exchange(of alert: PriceAlert, on board: BoardSnapshot) -> Exchange {
        alert.exchange.flatMap { board.exchanges.contains($0) ? $0 : nil } ?? board.exchanges[0]
    }

    /// An id no alert has: the time and the market, numbered when that is taken. Ids made by
    /// two instances at the same microsecond for the same market would merge as one alert.
    private func newID(for market: MarketCode, at now: Timestamp) -> String {
        let base = "\(now.microseconds)-\(market.code)"
        var id = base
        var number = 2
        while all.contains(where: { $0.id == id }) {
            id = "\(base)-\(number)"
            number += 1
        }
        return id
    }

    /// Keeps, for each market with an armed move alert, the low and high price of each second
    /// of its longest window: at most 60 samples a minute watched, 3,600 a market.
    private mutating func recordPricesForMoveAlerts(at now: Timestamp, board: BoardSnapshot) {
        var windows: [PriceSample.Key: Int] = [:]
        for alert in all where alert.isArmed {
            if case .move(_, let minutes) = alert.condition {
                let key = PriceSample.Key(market: alert.market, exchange: Self.exchange(of: alert, on: board))
                windows[key] = max(windows[key] ?? 0, minutes)
            }
        }
        var samples = priceSamples.filter { windows[$0.key] != nil }
        let second = PriceSample.second(of: now)
        for (key, minutes) in windows {
            guard let price = board[key.exchange].tickers[key.market]?.price else { continue }
            var kept = samples[key] ?? []
            kept.removeAll { $0.second <= second - Int64(minutes) * 60 }
            if let last = kept.last, last.second == second {
                kept[kept.count - 1].include(price)
            } else {
                kept.append(PriceSample(second: second, low: price, high: price))
            }
            samples[key] = kept
        }
        priceSamples = samples
    }
}

/// The lowest and highest price seen in one second, for move alerts.
struct PriceSample: Sendable, Hashable {
    /// A market on one exchange.
    struct Key: Sendable, Hashable {
        var market: MarketCode
        var exchange: Exchange
    }

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
