public import ArgumentParser
import ExchangeClient
import FeedPipeline
import MarketCore
import MarketWire
import Persistence
import Settings

/// Where the live data comes from: `--exchange`, `--demo`, `--ws-url`, `--rest-url`, over
/// what the configuration files say.
struct ExchangeOptions: ParsableArguments {
    @Option(
        help: """
            The exchange, or several side by side separated by commas (one feed each): \
            \(ExchangeChoice.allCases.map(\.rawValue).joined(separator: ", ")) (default: bithumb). \
            bithumb,upbit shows both with the price gap.
            """)
    var exchange: String?

    @Flag(help: "Use the embedded demo exchange for the exchanges chosen; everything shown is simulated.")
    var demo = false

    @Option(
        name: .customLong("ws-url"),
        help: """
            The WebSocket URL, to point the exchange's dialect at another server; with several exchanges, EXCHANGE=URL \
            (repeat it); binance=URL for the premium's reference (Binance's combined stream endpoint).
            """)
    var webSocketURLs: [String] = []

    @Option(
        name: .customLong("rest-url"),
        help: """
            The REST base URL, to point the exchange's dialect at another server; with several exchanges, EXCHANGE=URL \
            (repeat it); binance=URL for the premium's reference, fx=URL for the won–dollar rate (the base before \
            /v1/forex/recent).
            """)
    var restURLs: [String] = []

    @Option(
        help: """
            What the kimchi premium (김프) is measured against: binance (its USDT prices at Dunamu's won–dollar \
            rate; the default) or none.
            """)
    var reference: String?

    @Option(help: "Replay a recording (coinboard record) instead of connecting.")
    var replay: String?

    @Option(help: "Replay speed: 2 plays twice as fast as recorded, 0 as fast as it can be taken in (default: 1).")
    var speed: Double?

    @Option(name: .customLong("connect-timeout"), help: "Seconds a WebSocket connection may take to connect, secure and upgrade (default: 10).")
    var connectTimeout: Double?

    @Option(name: .customLong("request-timeout"), help: "Seconds a whole REST response may take, body included (default: 15).")
    var requestTimeout: Double?

    func validate() throws {
        if let speed, !(0...1000).contains(speed) { throw ValidationError("--speed must be between 0 and 1000") }
        if speed != nil, replay == nil { throw ValidationError("--speed sets the pace of --replay") }
        if replay != nil, demo || exchange != nil || !webSocketURLs.isEmpty || !restURLs.isEmpty || reference != nil {
            throw ValidationError("--replay plays a recording; it takes no exchange, --demo, --reference or URL")
        }
        if let reference, ReferenceChoice(rawValue: reference) == nil {
            let known = ReferenceChoice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--reference: \"\(reference)\" is not one of \(known)")
        }
        for (name, value) in [("--connect-timeout", connectTimeout), ("--request-timeout", requestTimeout)] {
            if let value, !(0.1...600).contains(value) { throw ValidationError("\(name) must be between 0.1 and 600 seconds") }
        }
        _ = try chosenExchanges()
        _ = try urlOverrides()
    }

    /// The deadlines these options set, over the defaults.
    var deadlines: NetworkDeadlines {
        let defaults = NetworkDeadlines()
        return NetworkDeadlines(
            handshake: connectTimeout.map { .milliseconds(Int64(clampingRounded: $0 * 1000)) } ?? defaults.handshake,
            response: requestTimeout.map { .milliseconds(Int64(clampingRounded: $0 * 1000)) } ?? defaults.response)
    }

    /// What these flags set, as the top settings layer (a plain `--ws-url` and `--rest-url`
    /// apply to the one exchange the layers choose; `EXCHANGE=URL` to that exchange).
    var flags: ConfigSettings {
        var flags = ConfigSettings()
        let chosen = (try? chosenExchanges()) ?? []
        let real = chosen.filter { $0 != .demo }
        if !real.isEmpty { flags.exchanges = real }
        if demo || chosen.contains(.demo) {
            flags.demo = true
        } else if !real.isEmpty {
            flags.demo = false
        }
        let overrides = (try? urlOverrides()) ?? URLOverrides()
        flags.chosenExchangeEndpoints = overrides.plain
        flags.endpoints = overrides.named
        flags.referenceEndpoints = overrides.reference
        flags.forexURL = overrides.forex
        flags.reference = reference.flatMap(ReferenceChoice.init(rawValue:))
        return flags
    }

    /// The feeds `settings` (resolved, these flags on top) choose: the recording to replay, or
    /// one feed per exchange, from the demo exchange or from each exchange's endpoints.
    func plan(settings: ConfigSettings) throws -> FeedPlan {
        if let replay { return try .replay(of: replay, speed: speed ?? 1) }
        let choices = settings.chosenExchanges
        let overrides = try urlOverrides()
        if let named = overrides.named.keys.first(where: { !choices.contains($0) }) {
            throw ValidationError("--ws-url and --rest-url name \(named.rawValue), which is not among the exchanges followed")
        }
        if choices.count > 1, !overrides.plain.isEmpty {
            throw ValidationError("with several exchanges, give --ws-url and --rest-url as EXCHANGE=URL, such as upbit=wss://…")
        }
        if settings.usesDemo, !overrides.isEmpty || !overrides.premiumIsEmpty {
            throw ValidationError("--ws-url and --rest-url point a real dialect at a server; the demo exchange runs in-process")
        }
        var feeds: [FeedPlan.Feed] = []
        for choice in choices {
            guard let exchange = choice.exchange, let dialect = Dialect(rawValue: choice.rawValue) else {
                throw ValidationError("--exchange \(choice.rawValue) speaks no known dialect")
            }
            if settings.usesDemo {
                feeds.append(FeedPlan.Feed(exchange: exchange, source: .demo(dialect)))
                continue
            }
            let endpointOverrides = settings.chosenEndpoints(for: choice)
            let official = ExchangeEndpoints.official(dialect)
            let endpoints = try ExchangeEndpoints(
                dialect: dialect,
                webSocketURL: endpointOverrides.webSocketURL ?? official.webSocketURL,
                restBaseURL: endpointOverrides.restURL ?? official.restBaseURL
            )
            feeds.append(FeedPlan.Feed(exchange: exchange, source: .remote(name: choice.rawValue, endpoints: endpoints, deadlines: deadlines)))
        }
        return FeedPlan(feeds: feeds, premium: try premiumSources(settings: settings))
    }

    /// Where the premium's reference and rate come from: the demo exchange with `--demo`;
    /// otherwise Binance's and Dunamu's own endpoints, or those given for them — but when any
    /// exchange's endpoint is given and one of theirs is not, that one is off (so a user or a
    /// test pointed at a local server never reaches the internet by surprise).
    private func premiumSources(settings: ConfigSettings) throws -> PremiumSources {
        if settings.reference == ReferenceChoice.none { return .off("reference = \"none\"") }
        if settings.usesDemo { return .demo }
        let overridden = settings.overridesExchangeEndpoints
        let given = settings.referenceEndpoints
        let referenceSource: PremiumSources.Reference
        if given.isEmpty, overridden {
            referenceSource = .off("endpoints are given for the exchanges, not for the reference ([endpoints.binance])")
        } else {
            let official = ExchangeEndpoints.official(.binance)
            let endpoints = try ExchangeEndpoints(
                dialect: .binance, webSocketURL: given.webSocketURL ?? official.webSocketURL, restBaseURL: given.restURL ?? official.restBaseURL)
            referenceSource = .feed(.remote(name: "binance", endpoints: endpoints, deadlines: deadlines))
        }
        let rate: PremiumSources.Rate
        if let url = settings.forexURL {
            rate = .remote(baseURL: try ForexRateFetcher.checked(url), timeout: deadlines.response)
        } else if overridden || !given.isEmpty {
            rate = .off("endpoints are given for the exchanges, not for the won–dollar rate ([endpoints.fx])")
        } else {
            rate = .remote(baseURL: ForexRateFetcher.official, timeout: deadlines.response)
        }
        return PremiumSources(reference: referenceSource, rate: rate)
    }

    /// `--exchange`'s list.
    private func chosenExchanges() throws -> [ExchangeChoice] {
        guard let exchange else { return [] }
        var choices: [ExchangeChoice] = []
        for name in exchange.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(name.filter { $0 != " " })
            guard let choice = ExchangeChoice(rawValue: trimmed) else {
                let known = ExchangeChoice.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--exchange: \"\(trimmed)\" is not one of \(known)")
            }
            choices.append(choice)
        }
        let real = choices.filter { $0 != .demo }
        if !real.isEmpty, let problem = ExchangeChoice.problem(with: real) { throw ValidationError("--exchange: \(problem)") }
        return choices
    }

    /// The URL flags: plain ones, and `EXCHANGE=URL` ones by exchange.
    private struct URLOverrides {
        var plain = ConfigSettings.Endpoints()
        var named: [ExchangeChoice: ConfigSettings.Endpoints] = [:]
        /// `binance=URL`.
        var reference = ConfigSettings.Endpoints()
        /// `--rest-url fx=URL`.
        var forex: String?

        var isEmpty: Bool { plain.isEmpty && named.isEmpty }
        var premiumIsEmpty: Bool { reference.isEmpty && forex == nil }
    }

    /// A URL flag's value read as `[EXCHANGE=]URL`: the name before an `=` (none where the text
    /// before it holds a colon, as a URL's scheme does) and the URL after it.
    static func namedURL(_ value: String) -> (name: String?, url: String) {
        guard let equals = value.firstIndex(of: "="), !value[..<equals].contains(":") else { return (nil, value) }
        return (String(value[..<equals]), String(value[value.index(after: equals)...]))
    }

    private func urlOverrides() throws -> URLOverrides {
        var overrides = URLOverrides()
        for (flag, values) in [("--ws-url", webSocketURLs), ("--rest-url", restURLs)] {
            for value in values {
                let (name, url) = Self.namedURL(value)
                func set(_ endpoints: inout ConfigSettings.Endpoints) {
                    if flag == "--ws-url" { endpoints.webSocketURL = url } else { endpoints.restURL = url }
                }
                switch name {
                case nil:
                    set(&overrides.plain)
                case "binance":
                    set(&overrides.reference)
                case "fx" where flag == "--rest-url":
                    overrides.forex = url
                case let name?:
                    guard let choice = ExchangeChoice(rawValue: name), choice != .demo else {
                        throw ValidationError("\(flag) \(value): \"\(name)\" is not an exchange")
                    }
                    set(&overrides.named[choice, default: ConfigSettings.Endpoints()])
                }
            }
        }
        return overrides
    }
}
