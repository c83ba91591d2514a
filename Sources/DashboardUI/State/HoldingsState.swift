public import MarketCore
import TerminalKit

/// The user's holdings as the dashboard has them: the saved ledger, the 보유 tab's figures for
/// the exchange shown, and the line (`h`) that enters a trade.
public struct HoldingsState: Sendable, Equatable {
    /// The ledger and the accounts' reads, as saved.
    public internal(set) var holdings = Holdings.empty
    /// Whether the saved holdings were read; until then they cannot be changed.
    public internal(set) var hasLoaded = false
    /// Why the holdings cannot be saved or read now, while it is retried.
    public internal(set) var problem: String?
    /// The line being typed, if it is open.
    public internal(set) var prompt: HoldingsPrompt?
    /// The figures the 보유 tab shows.
    public internal(set) var view = HoldingsView.empty
    /// The exchanges whose accounts are being read (`U`); another read waits for these.
    public internal(set) var reading: Set<Exchange> = []

    /// What a key typed into the line did.
    enum Outcome {
        /// Nothing to save.
        case unchanged
        /// The holdings changed: save them.
        case changed
    }

    /// A key typed into the line; `price` is the market's last price on the prompt's exchange.
    mutating func handlePromptKey(_ key: Key, price: ExactDecimal?, labels: Labels, now: Timestamp) -> Outcome {
        guard var typed = prompt else { return .unchanged }
        switch key {
        case .escape:
            prompt = nil
            return .unchanged
        case .backspace:
            typed.text = String(typed.text.dropLast())
        case .character(let character) where typed.text.count < HoldingsInput.maximumLength:
            typed.text.append(character)
        case .enter:
            guard let problem = apply(typed, price: price, labels: labels, now: now) else {
                prompt = nil
                return .changed
            }
            typed.problem = problem
        default:
            return .unchanged
        }
        if key != .enter { typed.problem = nil }
        prompt = typed
        return .unchanged
    }

    /// Enters what `typed` says, or returns why it cannot be.
    private mutating func apply(_ typed: HoldingsPrompt, price: ExactDecimal?, labels: Labels, now: Timestamp) -> String? {
        guard let edit = HoldingsInput.parse(typed.text) else { return labels.holdingsInputHelp }
        var next = holdings
        switch edit {
        case .remove:
            guard next.remove(.coin(typed.market), on: typed.exchange) > 0 else { return labels.nothingEntered }
        case .trade(let side, let quantity, let given):
            guard let paid = given ?? price else { return labels.noPriceToTradeAt }
            let entry = LedgerEntry(
                id: LedgerEntry.newID(exchange: typed.exchange, asset: .coin(typed.market), at: now, in: next.ledger),
                exchange: typed.exchange, asset: .coin(typed.market), side: side, quantity: quantity, price: paid, time: now)
            do {
                try next.record(entry)
            } catch {
                return labels.refusal(error)
            }
        }
        holdings = next
        return nil
    }
}
