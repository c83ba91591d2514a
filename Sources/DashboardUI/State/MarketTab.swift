/// The market table's tabs.
public enum MarketTab: String, Sendable, Hashable, CaseIterable {
    /// Every KRW market.
    case krw
    /// The user's favorites, in the user's order.
    case favorites
    /// 보유: the markets the user holds on the exchange shown, valued, with the totals.
    case holdings
    /// 거래소 비교: each coin's price on both exchanges and the gap between them (only while
    /// several exchanges are followed).
    case compare

    /// The tabs shown: the comparison only while several exchanges are followed.
    public static func shown(comparing: Bool) -> [MarketTab] {
        comparing ? allCases : [.krw, .favorites, .holdings]
    }

    /// The tab `steps` places on among those shown, wrapping around.
    public func stepped(by steps: Int, comparing: Bool) -> MarketTab {
        let tabs = Self.shown(comparing: comparing)
        let index = tabs.firstIndex(of: self) ?? 0
        return tabs[((index + steps) % tabs.count + tabs.count) % tabs.count]
    }
}

/// What the market table is sorted by.
public enum SortKey: String, Sendable, Hashable, CaseIterable {
    /// 24-hour traded value (거래대금).
    case tradeValue = "value"
    /// Change rate.
    case changeRate = "change"
    /// Last price.
    case price
    /// Market name in the language shown.
    case name
    /// 인기순: trades per minute over the last ten minutes (``TradeActivity``).
    case popularity = "popular"
    /// 체결강도: buy ÷ sell volume over the ticker's session.
    case tradeStrength = "strength"
    /// The user's own order: the Favorites tab only.
    case favoritesOrder = "order"
    /// The size of the price gap between the exchanges, as a percentage: the comparison only.
    case gap
    /// What a holding is worth now (평가금액): the Holdings tab only.
    case heldValue = "held"
    /// The kimchi premium (김프) over the reference, signed: `s` steps past it without one.
    case premium

    /// The keys a tab offers, in the order `s` steps through them.
    public static func offered(in tab: MarketTab) -> [SortKey] {
        let keys: [SortKey] = [.tradeValue, .changeRate, .popularity, .tradeStrength, .premium, .price, .name]
        switch tab {
        case .krw: return keys
        case .favorites: return [.favoritesOrder] + keys
        case .holdings: return [.heldValue, .changeRate, .name]
        case .compare: return [.gap, .tradeValue, .price, .name]
        }
    }

    /// The key after this one in `tab`, wrapping around.
    public func next(in tab: MarketTab) -> SortKey {
        let offered = Self.offered(in: tab)
        return offered[((offered.firstIndex(of: self) ?? -1) + 1) % offered.count]
    }

    /// Whether the key sorts largest first unless reversed (names sort A→Z, ㄱ→ㅎ; the user's
    /// order first to last).
    public var startsDescending: Bool { self != .name && self != .favoritesOrder }
}

/// A sort key and direction.
public struct SortOrder: Sendable, Hashable {
    /// What to sort by.
    public var key: SortKey
    /// Largest (or last in the alphabet) first.
    public var isDescending: Bool

    /// Creates an order.
    public init(key: SortKey, isDescending: Bool) {
        self.key = key
        self.isDescending = isDescending
    }

    /// By 24-hour traded value, largest first: how the exchanges list their boards.
    public static let `default` = SortOrder(key: .tradeValue, isDescending: true)
    /// The user's order of favorites, first to last.
    public static let favoritesOrder = SortOrder(key: .favoritesOrder, isDescending: false)
    /// The widest gap first.
    public static let widestGap = SortOrder(key: .gap, isDescending: true)
    /// The holding worth most first.
    public static let mostValuable = SortOrder(key: .heldValue, isDescending: true)
}
