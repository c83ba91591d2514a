public import MarketCore

/// What the alert prompt accepts, and how an alert's condition is written back into it:
///
/// - `>150000000` (or `>=`): the price at or above a level; `<130000000` (or `<=`): at or below;
/// - a bare price: above it when it is over the price now, below it otherwise;
/// - `5%10`: a move of 5 % within 10 minutes (`5%` alone watches 5 minutes);
/// - `p>3` (or `김프>3`, `>=`): the kimchi premium at or above 3 %; `p<-1`: at or below −1 %.
///
/// Commas and spaces are ignored.
enum AlertInput {
    /// The minutes a move watches when none are typed.
    static let defaultMoveMinutes = 5
    /// The longest input kept.
    static let maximumLength = 32

    /// The condition `text` says, or `nil` when it says none.
    static func parse(_ text: String, price: ExactDecimal?) -> PriceAlert.Condition? {
        var plain = text.filter { $0 != "," && $0 != " " }
        if let premium = ["p", "P", "김프"].first(where: plain.hasPrefix) {
            plain.removeFirst(premium.count)
            for (prefix, above) in [(">=", true), ("<=", false), (">", true), ("<", false)] where plain.hasPrefix(prefix) {
                let number = plain.dropFirst(prefix.count).filter { $0 != "%" }
                guard let level = ExactDecimal(number), level.magnitude <= 1000 else { return nil }
                return above ? .premiumAbove(level) : .premiumBelow(level)
            }
            return nil
        }
        if let percentSign = plain.firstIndex(of: "%") {
            guard let percent = ExactDecimal(plain[..<percentSign]), percent > .zero, percent <= 1000 else { return nil }
            let rest = plain[plain.index(after: percentSign)...].drop { $0 == "/" }
            guard let minutes = rest.isEmpty ? defaultMoveMinutes : Int(rest),
                (1...PriceAlert.longestMoveWindow).contains(minutes)
            else { return nil }
            return .move(percent: percent, minutes: minutes)
        }
        for (prefix, above) in [(">=", true), ("<=", false), (">", true), ("<", false)] where plain.hasPrefix(prefix) {
            guard let level = ExactDecimal(plain.dropFirst(prefix.count)), level > .zero else { return nil }
            return above ? .above(level) : .below(level)
        }
        guard let level = ExactDecimal(plain), level > .zero, let price else { return nil }
        return level > price ? .above(level) : .below(level)
    }

    /// The prompt text that gives `condition` back.
    static func text(of condition: PriceAlert.Condition) -> String {
        switch condition {
        case .above(let level): ">" + level.description
        case .below(let level): "<" + level.description
        case .move(let percent, let minutes): "\(percent)%\(minutes)"
        case .premiumAbove(let level): "p>" + level.description
        case .premiumBelow(let level): "p<" + level.description
        }
    }
}

/// The alert being typed: for which market, the text so far, and which alert it replaces.
public struct AlertPrompt: Sendable, Hashable {
    /// The market the alert watches.
    public var market: MarketCode
    /// What was typed.
    public var text = ""
    /// The alert being edited, if not a new one.
    public var editing: String?
    /// Whether the last `Enter` found nothing valid.
    public var isInvalid = false
}
