/// The market table's tabs.
public enum MarketTab: String, Sendable, Hashable, CaseIterable {
    /// Every KRW market.
    case krw
    /// The user's favorites, in the user's order.
    case favorites

    /// The other tab.
    public var toggled: MarketTab { self == .krw ? .favorites : .krw }
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

    /// The key after this one, wrapping around.
    public var next: SortKey {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// Whether the key sorts largest first unless reversed (names sort A→Z, ㄱ→ㅎ).
    public var startsDescending: Bool { self != .name }
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
}
