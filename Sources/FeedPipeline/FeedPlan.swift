public import ExchangeClient
public import FeedRecording
public import MarketCore
public import MarketSim
public import MarketWire

/// What the board follows: one feed per exchange (several side by side), or a recording.
public struct FeedPlan: Sendable {
    /// One exchange's feed.
    public struct Feed: Sendable {
        /// The exchange whose part of the store the feed fills.
        public let exchange: Exchange
        /// Where its data comes from.
        public let source: FeedSource

        /// `exchange`'s feed, from `source`.
        public init(exchange: Exchange, source: FeedSource) {
            self.exchange = exchange
            self.source = source
        }
    }

    /// The feeds, one per exchange, Bithumb first.
    public let feeds: [Feed]
    /// What the embedded demo exchange simulates, when a feed comes from it.
    public let demoSimulation: SimulationConfiguration
    /// Where the kimchi premium's reference prices and rate come from.
    public let premium: PremiumSources

    /// A plan of `feeds` (at least one, one per exchange) and the premium's `premium` sources;
    /// the demo exchange, if any feed comes from it, simulates `demoSimulation`.
    public init(
        feeds: [Feed], demoSimulation: SimulationConfiguration = SimulationConfiguration(),
        premium: PremiumSources = .off("no reference given")
    ) {
        self.feeds = feeds.sorted { $0.exchange < $1.exchange }
        self.demoSimulation = demoSimulation
        self.premium = premium
    }

    /// The recording at `path`, each exchange's feed in it played at `speed` from the same start.
    public static func replay(of path: String, speed: Double) throws -> FeedPlan {
        let recording = try FrameRecording(contentsOf: path)
        guard recording.isRecording else { throw RecordingError.notARecording(path: path) }
        func source(_ exchange: Exchange, _ dialect: Dialect) -> FeedSource {
            .replay(ReplaySource(recording, exchange: exchange, dialect: dialect, path: path, speed: speed))
        }
        let reference: PremiumSources.Reference =
            recording.reference.flatMap { exchange in recording.dialects[exchange].map { .feed(source(exchange, $0)) } }
            ?? .off("the recording holds no reference")
        let rate: PremiumSources.Rate =
            recording.rateAnswers.isEmpty ? .off("the recording holds no won–dollar rate") : .replay(recording.rateAnswers, path: path)
        return FeedPlan(
            feeds: recording.dialects.filter(\.key.isFollowed).map { exchange, dialect in Feed(exchange: exchange, source: source(exchange, dialect))
            },
            premium: PremiumSources(reference: reference, rate: rate))
    }

    /// The reference exchange (Binance), when the premium's reference is followed.
    public var reference: Exchange? { premium.referenceFeed == nil ? nil : .binance }

    /// The reference's feed, when it is followed.
    public var referenceFeed: Feed? {
        premium.referenceFeed.map { Feed(exchange: .binance, source: $0) }
    }

    /// Each feed's dialect, the reference's among them, by exchange: what a recording's header names.
    public var recordedDialects: [Exchange: Dialect] {
        Dictionary(uniqueKeysWithValues: (feeds + (referenceFeed.map { [$0] } ?? [])).map { ($0.exchange, $0.source.dialect) })
    }

    /// What a feed's candles are kept under between runs, or `nil` for a recording's (played
    /// again, never kept): the exchange's name for its official endpoints; the demo's seed
    /// with it for the demo, whose past is made from the seed; the REST base with it for
    /// endpoints given instead, so that nothing they serve mixes with the exchange's own.
    public func candleSource(of feed: Feed) -> String? {
        switch feed.source {
        case .demo: "demo-\(demoSimulation.seed)-\(feed.exchange.rawValue)"
        case .remote(_, let endpoints, _):
            endpoints.restBaseURL == ExchangeEndpoints.official(endpoints.dialect).restBaseURL
                ? feed.exchange.rawValue : "\(feed.exchange.rawValue)@\(endpoints.restBaseURL)"
        case .replay: nil
        }
    }

    /// The exchanges followed.
    public var exchanges: [Exchange] { feeds.map(\.exchange) }

    /// Whether the embedded demo exchange serves any feed, the reference or the rate.
    public var usesDemo: Bool {
        premium.usesDemo || feeds.contains { if case .demo = $0.source { true } else { false } }
    }

    /// The name the dashboard's status bar shows.
    public var displayName: String {
        usesDemo ? "DEMO" : feeds.map(\.source.displayName).joined(separator: " · ")
    }
}

/// One exchange's feed to connect to.
public enum FeedSource: Sendable {
    /// The embedded demo exchange, started in-process on a free loopback port, in this dialect.
    case demo(Dialect)
    /// An exchange (or a server speaking its dialect) at these endpoints, with these deadlines.
    case remote(name: String, endpoints: ExchangeEndpoints, deadlines: NetworkDeadlines)
    /// One exchange's feed of a recording, played back.
    case replay(ReplaySource)

    /// The name the output shows: `demo` for the simulated exchange.
    public var name: String {
        switch self {
        case .demo: "demo"
        case .remote(let name, _, _): name
        case .replay: "replay"
        }
    }

    /// The dialect the feed speaks.
    public var dialect: Dialect {
        switch self {
        case .demo(let dialect): dialect
        case .remote(_, let endpoints, _): endpoints.dialect
        case .replay(let source): source.dialect
        }
    }

    /// The name the dashboard's status bar shows.
    public var displayName: String {
        switch self {
        case .demo: "DEMO"
        case .remote(let name, let endpoints, _):
            switch endpoints.dialect {
            case .bithumb: "Bithumb"
            case .bithumbLegacy: "Bithumb legacy"
            case .upbit: name == "upbit" ? "Upbit" : name
            case .binance: "Binance"
            }
        case .replay: "REPLAY"
        }
    }
}
