public import MarketCore
public import TerminalKit

/// Which colours mean up and down.
public struct PriceColors: Sendable, Hashable {
    /// Colour of a rise (and of bids and buys).
    public var rise: Color
    /// Colour of a fall (and of asks and sells).
    public var fall: Color

    /// Creates a convention.
    public init(rise: Color, fall: Color) {
        self.rise = rise
        self.fall = fall
    }

    /// The Korean convention: rises red, falls blue.
    public static let korean = PriceColors(rise: .red, fall: .blue)
    /// The Western convention: rises green, falls red.
    public static let western = PriceColors(rise: .green, fall: .red)
}

/// Which language market names are shown in.
public enum NameLanguage: String, Sendable, Hashable, CaseIterable {
    case korean, english
}

/// What the dashboard is configured with before it starts.
public struct DashboardSettings: Sendable, Hashable {
    /// The exchange's name for the status bar, e.g. `Bithumb`.
    public var exchangeName: String
    /// Whether the data is simulated (the demo exchange): the status bar says so unmistakably.
    public var isDemo: Bool
    /// Up and down colours.
    public var colors: PriceColors
    /// The colour of titles and column headings.
    public var headerColor: Color
    /// Whether the terminal shows Unicode (box drawing, Hangul); ASCII stand-ins otherwise.
    public var isUnicode: Bool
    /// The language of market names at start.
    public var nameLanguage: NameLanguage
    /// The tab shown at start.
    public var tab: MarketTab
    /// The sort order at start.
    public var sort: SortOrder
    /// The chart interval at start.
    public var chartInterval: CandleInterval
    /// The chart's zoom at start, in columns per candle (see ``ChartView``).
    public var columnsPerCandle: Int
    /// The market highlighted at start once it is listed (the one looked at last), if any.
    public var lastMarket: MarketCode?
    /// Whether clicks and the wheel drive the dashboard.
    public var usesMouse: Bool
    /// Whether the market table shows the 체결강도 column (`p` toggles it).
    public var showsTradeStrength: Bool
    /// Whether a fired price alert rings the terminal's bell.
    public var ringsBellOnAlert: Bool
    /// The exchanges whose accounts `U` on the 보유 tab reads (those the app can read).
    public var readableAccounts: [Exchange] = []

    /// Creates settings.
    public init(
        exchangeName: String, isDemo: Bool = false, colors: PriceColors = .korean, headerColor: Color = .default,
        isUnicode: Bool = true,
        nameLanguage: NameLanguage = .korean, tab: MarketTab = .krw, sort: SortOrder = .default,
        chartInterval: CandleInterval = .oneMinute, columnsPerCandle: Int = 2, lastMarket: MarketCode? = nil,
        usesMouse: Bool = true, showsTradeStrength: Bool = false, ringsBellOnAlert: Bool = true
    ) {
        self.exchangeName = exchangeName
        self.isDemo = isDemo
        self.colors = colors
        self.headerColor = headerColor
        self.isUnicode = isUnicode
        self.nameLanguage = nameLanguage
        self.tab = tab
        self.sort = sort
        self.chartInterval = chartInterval
        self.columnsPerCandle = columnsPerCandle
        self.lastMarket = lastMarket
        self.usesMouse = usesMouse
        self.showsTradeStrength = showsTradeStrength
        self.ringsBellOnAlert = ringsBellOnAlert
    }
}
