public import MarketCore

/// What the dashboard remembers between runs: how the user left the view (tab, sort, chart
/// interval and zoom, name language, the market last looked at), never market data.
///
/// Every field is optional and read leniently, so a file from another version, or one edited
/// by hand, loses only what it cannot say.
public struct RememberedView: Sendable, Hashable, Codable {
    /// The tab shown.
    public var tab: MarketTab?
    /// The KRW tab's sort order.
    public var sort: SortOrder?
    /// The chart's interval.
    public var chartInterval: CandleInterval?
    /// The chart's zoom, in columns per candle.
    public var columnsPerCandle: Int?
    /// The language of market names.
    public var nameLanguage: NameLanguage?
    /// The market highlighted or open last.
    public var lastMarket: MarketCode?
    /// Whether the table shows the 체결강도 column.
    public var showsTradeStrength: Bool?

    /// A view remembering nothing.
    public init() {}

    /// The view `state` shows.
    public init(_ state: UIState) {
        tab = state.table.tab
        sort = state.table.sorts[.krw]
        chartInterval = state.detail.chart.interval
        columnsPerCandle = state.detail.chart.columnsPerCandle
        nameLanguage = state.nameLanguage
        lastMarket = state.focusedMarket ?? state.table.selection
        showsTradeStrength = state.table.showsTradeStrength
    }

    /// `settings` with what this view remembers put over its start values.
    public func applied(to settings: DashboardSettings) -> DashboardSettings {
        var settings = settings
        settings.tab = tab ?? settings.tab
        settings.sort = sort ?? settings.sort
        settings.chartInterval = chartInterval ?? settings.chartInterval
        settings.columnsPerCandle = columnsPerCandle ?? settings.columnsPerCandle
        settings.nameLanguage = nameLanguage ?? settings.nameLanguage
        settings.lastMarket = lastMarket ?? settings.lastMarket
        settings.showsTradeStrength = showsTradeStrength ?? settings.showsTradeStrength
        return settings
    }

    private enum CodingKeys: String, CodingKey {
        case tab, sort, sortDescending, chartInterval, columnsPerCandle, nameLanguage, lastMarket, showsTradeStrength
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { try? container.decodeIfPresent(String.self, forKey: key) }
        tab = text(.tab).flatMap(MarketTab.init(rawValue:))
        sort = text(.sort).flatMap(SortKey.init(rawValue:)).map { key in
            SortOrder(key: key, isDescending: (try? container.decodeIfPresent(Bool.self, forKey: .sortDescending)) ?? key.startsDescending)
        }
        chartInterval = text(.chartInterval).flatMap(CandleInterval.init(rawValue:))
        columnsPerCandle = try? container.decodeIfPresent(Int.self, forKey: .columnsPerCandle)
        nameLanguage = text(.nameLanguage).flatMap(NameLanguage.init(rawValue:))
        lastMarket = text(.lastMarket).flatMap { MarketCode(code: $0) }
        showsTradeStrength = try? container.decodeIfPresent(Bool.self, forKey: .showsTradeStrength)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(tab?.rawValue, forKey: .tab)
        try container.encodeIfPresent(sort?.key.rawValue, forKey: .sort)
        try container.encodeIfPresent(sort?.isDescending, forKey: .sortDescending)
        try container.encodeIfPresent(chartInterval?.rawValue, forKey: .chartInterval)
        try container.encodeIfPresent(columnsPerCandle, forKey: .columnsPerCandle)
        try container.encodeIfPresent(nameLanguage?.rawValue, forKey: .nameLanguage)
        try container.encodeIfPresent(lastMarket?.code, forKey: .lastMarket)
        try container.encodeIfPresent(showsTradeStrength, forKey: .showsTradeStrength)
    }
}
