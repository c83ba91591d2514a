public import DashboardUI
public import MarketCore
public import TerminalKit

/// What one configuration file sets; `nil` wherever it says nothing, so files and flags can
/// be layered (``overlaid(by:)``).
public struct ConfigSettings: Sendable, Hashable {
    /// An exchange's endpoint overrides.
    public struct Endpoints: Sendable, Hashable {
        /// The WebSocket URL.
        public var webSocketURL: String?
        /// The REST base URL.
        public var restURL: String?

        /// Creates overrides.
        public init(webSocketURL: String? = nil, restURL: String? = nil) {
            self.webSocketURL = webSocketURL
            self.restURL = restURL
        }

        /// These overrides with each one `other` sets put over them.
        public func overlaid(by other: Endpoints) -> Endpoints {
            Endpoints(webSocketURL: other.webSocketURL ?? webSocketURL, restURL: other.restURL ?? restURL)
        }

        /// Whether nothing is overridden.
        public var isEmpty: Bool { webSocketURL == nil && restURL == nil }
    }

    /// `exchanges`, or `exchange` naming a real exchange: the feeds to follow.
    public var exchanges: [ExchangeChoice]?
    /// `exchange = "demo"` (or `--demo`): the embedded demo exchange serves the feeds.
    public var demo: Bool?
    /// `[endpoints.<exchange>]`.
    public var endpoints: [ExchangeChoice: Endpoints] = [:]
    /// Endpoints for the one exchange the layers choose, over ``endpoints`` (what a plain
    /// `--ws-url` and `--rest-url` set); unused when several are chosen.
    public var chosenExchangeEndpoints = Endpoints()
    /// `reference`: what the kimchi premium is measured against.
    public var reference: ReferenceChoice?
    /// `[endpoints.binance]` (or `--ws-url`/`--rest-url binance=…`): the reference's endpoints.
    public var referenceEndpoints = Endpoints()
    /// `[endpoints.fx] rest` (or `--rest-url fx=…`): the forex quote's base URL.
    public var forexURL: String?
    /// `[colors] convention`: the rise and fall colours as a set.
    public var colorConvention: PriceColors?
    /// `[colors] rise`.
    public var riseColor: Color?
    /// `[colors] fall`.
    public var fallColor: Color?
    /// `[colors] header`.
    public var headerColor: Color?
    /// `frame_rate`.
    public var frameRate: Int?
    /// `signal_refresh`: seconds between reads of the listing, the alert list and the
    /// deposit/withdrawal list.
    public var signalRefresh: Int?
    /// `rate_refresh`: seconds between reads of the won–dollar rate's forex quote.
    public var rateRefresh: Int?
    /// `mouse`: clicks and the wheel drive the dashboard.
    public var mouse: Bool?
    /// `alert_bell`: a fired price alert rings the terminal's bell.
    public var alertBell: Bool?
    /// `default_tab`.
    public var tab: MarketTab?
    /// `sort`.
    public var sort: SortKey?
    /// `chart_interval`.
    public var chartInterval: CandleInterval?
    /// `name_language`.
    public var nameLanguage: NameLanguage?
    /// `watchlist`, resolved against the file's folder.
    public var watchlist: String?
    /// `log_file`, resolved against the file's folder.
    public var logFile: String?
    /// `holdings`, resolved against the file's folder.
    public var holdings: String?
    /// `candle_cache`: the candle store's file, resolved against the file's folder, or off.
    public var candleCache: CandleCacheChoice?
    /// `candle_cache_max_mb`: the most megabytes the candle store keeps.
    public var candleCacheMaxMB: Int?

    /// Settings that set nothing.
    public init() {}

    /// These settings with every value `other` sets put over them.
    public func overlaid(by other: ConfigSettings) -> ConfigSettings {
        var merged = self
        merged.exchanges = other.exchanges ?? exchanges
        merged.demo = other.demo ?? demo
        for (exchange, endpoints) in other.endpoints {
            merged.endpoints[exchange] = (self.endpoints[exchange] ?? Endpoints()).overlaid(by: endpoints)
        }
        merged.chosenExchangeEndpoints = chosenExchangeEndpoints.overlaid(by: other.chosenExchangeEndpoints)
        merged.reference = other.reference ?? reference
        merged.referenceEndpoints = referenceEndpoints.overlaid(by: other.referenceEndpoints)
        merged.forexURL = other.forexURL ?? forexURL
        merged.colorConvention = other.colorConvention ?? colorConvention
        merged.riseColor = other.riseColor ?? riseColor
        merged.fallColor = other.fallColor ?? fallColor
        merged.headerColor = other.headerColor ?? headerColor
        merged.frameRate = other.frameRate ?? frameRate
        merged.signalRefresh = other.signalRefresh ?? signalRefresh
        merged.rateRefresh = other.rateRefresh ?? rateRefresh
        merged.mouse = other.mouse ?? mouse
        merged.alertBell = other.alertBell ?? alertBell
        merged.tab = other.tab ?? tab
        merged.sort = other.sort ?? sort
        merged.chartInterval = other.chartInterval ?? chartInterval
        merged.nameLanguage = other.nameLanguage ?? nameLanguage
        merged.watchlist = other.watchlist ?? watchlist
        merged.logFile = other.logFile ?? logFile
        merged.holdings = other.holdings ?? holdings
        merged.candleCache = other.candleCache ?? candleCache
        merged.candleCacheMaxMB = other.candleCacheMaxMB ?? candleCacheMaxMB
        return merged
    }

    /// The feeds these settings choose: Bithumb unless any are set.
    public var chosenExchanges: [ExchangeChoice] { exchanges ?? [.bithumb] }

    /// Whether the embedded demo exchange serves the chosen feeds.
    public var usesDemo: Bool { demo ?? false }

    /// Whether any followed exchange's endpoint is given (in a file or by a flag): the reference
    /// and the rate are then read only from endpoints given for them, so that nothing dials out
    /// by surprise.
    public var overridesExchangeEndpoints: Bool {
        chosenExchanges.contains { !chosenEndpoints(for: $0).isEmpty }
    }

    /// The endpoint overrides for `exchange`: its `[endpoints]` table, then (when it is the one
    /// chosen) the flags' over it; `nil` members keep the exchange's official endpoints.
    public func chosenEndpoints(for exchange: ExchangeChoice) -> Endpoints {
        let table = endpoints[exchange] ?? Endpoints()
        return chosenExchanges == [exchange] ? table.overlaid(by: chosenExchangeEndpoints) : table
    }

    /// The dashboard's settings: what these settings say, the built-in defaults for the rest.
    /// The rest of the arguments are facts of the run, not settings.
    public func dashboardSettings(exchangeName: String, isDemo: Bool, isUnicode: Bool) -> DashboardSettings {
        let defaults = DashboardSettings(exchangeName: exchangeName)
        return DashboardSettings(
            exchangeName: exchangeName, isDemo: isDemo, colors: priceColors,
            headerColor: headerColor ?? defaults.headerColor, isUnicode: isUnicode,
            nameLanguage: nameLanguage ?? defaults.nameLanguage, tab: tab ?? defaults.tab,
            sort: sort.map { SortOrder(key: $0, isDescending: $0.startsDescending) } ?? defaults.sort,
            chartInterval: chartInterval ?? defaults.chartInterval, usesMouse: mouse ?? defaults.usesMouse,
            ringsBellOnAlert: alertBell ?? defaults.ringsBellOnAlert)
    }

    /// The up and down colours: the convention, then any single colour set over it.
    public var priceColors: PriceColors {
        let convention = colorConvention ?? .korean
        return PriceColors(rise: riseColor ?? convention.rise, fall: fallColor ?? convention.fall)
    }
}

/// What the kimchi premium is measured against (`reference`).
public enum ReferenceChoice: String, Sendable, Hashable, CaseIterable {
    /// Binance's USDT prices, at Dunamu's won–dollar rate.
    case binance
    /// No premium.
    case none
}

/// Where candles are kept between runs: a file, or nowhere (`"off"`).
public enum CandleCacheChoice: Sendable, Hashable {
    /// No store: the chart works from memory.
    case off
    /// The store at this path.
    case file(String)
}
