/// A price alert the user set on a market of one exchange: it fires once when its condition
/// holds, and stays fired (listed with the time) until the user arms it again.
public struct PriceAlert: Sendable, Hashable, Identifiable {
    /// What makes an alert fire.
    public enum Condition: Sendable, Hashable {
        /// The price is at or above this level.
        case above(ExactDecimal)
        /// The price is at or below this level.
        case below(ExactDecimal)
        /// The price moved at least `percent` % (up or down) within the last `minutes` minutes:
        /// from the lowest or the highest price seen in that window.
        case move(percent: ExactDecimal, minutes: Int)
        /// The kimchi premium is at or above this many percent (may be negative).
        case premiumAbove(ExactDecimal)
        /// The kimchi premium is at or below this many percent (may be negative).
        case premiumBelow(ExactDecimal)

        /// Whether it watches the premium rather than the price.
        public var isOnPremium: Bool {
            switch self {
            case .premiumAbove, .premiumBelow: true
            case .above, .below, .move: false
            }
        }
    }

    /// The longest window a move alert may watch.
    public static let longestMoveWindow = 60

    /// Names the alert across instances and edits.
    public let id: String
    /// The market watched.
    public var market: MarketCode
    /// The exchange whose price it watches; `nil` (an alert from before alerts named one) watches
    /// the first exchange followed.
    public var exchange: Exchange?
    /// What makes it fire.
    public var condition: Condition
    /// When it fired, or `nil` while it is armed.
    public var firedAt: Timestamp?

    /// Creates an alert; a move's minutes are kept within 1…``longestMoveWindow`` and its
    /// percent above zero.
    public init(id: String, market: MarketCode, exchange: Exchange? = nil, condition: Condition, firedAt: Timestamp? = nil) {
        self.id = id
        self.market = market
        self.exchange = exchange
        switch condition {
        case .move(let percent, let minutes):
            self.condition = .move(
                percent: Swift.max(percent.magnitude, ExactDecimal(count: 1, fractionDigits: 2)),
                minutes: Swift.min(Swift.max(1, minutes), Self.longestMoveWindow))
        default:
            self.condition = condition
        }
        self.firedAt = firedAt
    }

    /// Whether it waits to fire.
    public var isArmed: Bool { firedAt == nil }

    /// Whether the condition holds for `price` and `premium` (in percent; `nil` when there is
    /// none, which meets no premium condition), with `window` the prices seen within the move's
    /// minutes (any order; ignored for a level).
    public func isMet(price: ExactDecimal, premium: ExactDecimal? = nil, window: [ExactDecimal]) -> Bool {
        switch condition {
        case .above(let level): return price >= level
        case .below(let level): return price <= level
        case .premiumAbove(let level): return premium.map { $0 >= level } ?? false
        case .premiumBelow(let level): return premium.map { $0 <= level } ?? false
        case .move(let percent, _):
            guard let low = window.min(), let high = window.max() else { return false }
            let threshold = percent.shifted(byPowerOfTen: -2)
            let rise = low > .zero ? (price - low).divided(by: low) ?? .zero : .zero
            let fall = high > .zero ? (high - price).divided(by: high) ?? .zero : .zero
            return rise >= threshold || fall >= threshold
        }
    }
}

/// What the watchlist file keeps: the favorites in the user's order and the price alerts.
public struct Watchlist: Sendable, Hashable {
    /// Favorite markets, in the user's order.
    public var favorites: [MarketCode]
    /// Price alerts, in the order they were added.
    public var alerts: [PriceAlert]

    /// Creates a watchlist.
    public init(favorites: [MarketCode] = [], alerts: [PriceAlert] = []) {
        self.favorites = favorites
        self.alerts = alerts
    }

    /// An empty watchlist.
    public static let empty = Watchlist()
}
