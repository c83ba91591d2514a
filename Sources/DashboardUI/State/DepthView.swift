public import MarketCore

/// How the depth view is scrolled, grouped and shown, and its market-impact prompt.
public struct DepthView: Sendable, Hashable {
    /// Rows the ladder is moved down (positive, toward deeper bids) or up (negative, toward
    /// deeper asks) from centred on the spread.
    public var scroll = 0
    /// The price bucket (호가 모아보기).
    public var grouping = BookGrouping.none
    /// Whether the cumulative depth chart is shown.
    public var showsChart = false
    /// The market-impact prompt and its amount.
    public var impact = ImpactPrompt()
    /// Whether Esc goes back to the detail view (it was opened there) rather than the table.
    public var returnsToDetail = false

    /// A view centred on the spread, ungrouped.
    public init(returnsToDetail: Bool = false) {
        self.returnsToDetail = returnsToDetail
    }
}

/// What the user typed for a market order's size, and the amount it gave.
public struct ImpactPrompt: Sendable, Hashable {
    /// The text being typed.
    public var text = ""
    /// Whether keys go into the text.
    public var isEditing = false
    /// The amount last entered, in KRW; the impact is shown while it is set.
    public var amount: ExactDecimal?
    /// Whether the last text entered was not an amount.
    public var isInvalid = false

    /// The longest text taken.
    public static let maximumLength = 24

    /// An empty prompt, not shown.
    public init() {}

    /// Whether the panel takes rows on screen.
    public var isShown: Bool { isEditing || amount != nil || isInvalid }
}
